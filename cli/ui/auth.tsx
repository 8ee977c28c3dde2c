/** What `convey auth status` prints on stdout: label and value pairs. */
import type { AuthStatus } from "../services/auth-status.js";
import { describeSource } from "../services/auth-status.js";
import { fullName } from "../../core/administration/subscribers.js";
import type { Io } from "../io.js";
import { printResult } from "./render.js";
import { Details } from "./table.js";

export function AuthStatusView({ status }: { status: AuthStatus }) {
  const { me } = status;
  const rows: [string, string][] = [
    ["Provider", status.apiUrl],
    ["Profile", status.profile],
    ["Logged in as", `${fullName(me.user)} (${me.user.email})`],
    ["Subscriber", me.selectedSubscriber ? `${me.selectedSubscriber.name} (${me.selectedSubscriber.subscriberId})` : "None selected"],
    ["Roles", me.roles.length > 0 ? me.roles.join(", ") : "None"],
    ["Using", describeSource(status)],
  ];
  if (status.expiresAt) rows.push(["Token expires", `${status.expiresAt} (renewed when used)`]);
  if (status.credentialsFile) rows.push(["Stored in", status.credentialsFile]);
  return <Details rows={rows} labelWidth={15} />;
}

export function printAuthStatus(io: Io, status: AuthStatus): void {
  printResult(io, <AuthStatusView status={status} />);
}
