/** What `convey login` and `convey logout` show on stderr. */
import { fullName } from "../../core/administration/subscribers.js";
import type { Io } from "../io.js";
import type { LoginResult, LogoutResult } from "../services/login.js";
import type { DeviceAuthorization } from "../services/oauth.js";
import { DeviceCode, type DeviceCodeProps } from "./device-code.js";
import { printMessage } from "./message.js";
import { liveView, printView } from "./render.js";

export interface DeviceCodeDisplay {
  approved(): Promise<void>;
  failed(): Promise<void>;
}

export function showDeviceCode(io: Io, authorization: DeviceAuthorization): DeviceCodeDisplay {
  const props: Omit<DeviceCodeProps, "state"> = {
    verificationUri: authorization.verificationUri,
    verificationUriComplete: authorization.verificationUriComplete,
    userCode: authorization.userCode,
    expiresInMinutes: Math.max(1, Math.round((authorization.expiresAt - io.now()) / 60_000)),
  };
  const view = liveView(io, <DeviceCode {...props} state="waiting" />);
  if (!view) {
    printView(io, <DeviceCode {...props} state="static" />);
    return { approved: async () => undefined, failed: async () => undefined };
  }
  return {
    approved: () => view.finish(<DeviceCode {...props} state="approved" />),
    failed: () => view.finish(<DeviceCode {...props} state="failed" />),
  };
}

export function printLoggedIn(io: Io, result: LoginResult): void {
  const person = `${fullName(result.me.user)} (${result.me.user.email})`;
  const subscriber = result.me.selectedSubscriber
    ? `Subscriber: ${result.me.selectedSubscriber.name}`
    : "No subscriber selected";
  const details = [subscriber, `Credentials saved in ${result.credentialsFile}`];
  if (result.kind === "client_credentials") {
    details.push(
      "The client secret is not stored: keep CONVEY_CLIENT_SECRET set so that convey can renew the access token when it expires",
    );
    printMessage(io, "success", `Logged in to ${result.apiUrl} as client ${result.clientId}, acting as ${person}`, details);
  } else {
    printMessage(io, "success", `Logged in to ${result.apiUrl} as ${person}`, details);
  }
}

export function printLoggedOut(io: Io, result: LogoutResult): void {
  const profile = result.profile === "default" ? "" : ` (profile ${result.profile})`;
  if (!result.wasLoggedIn) {
    printMessage(io, "info", `Not logged in${profile}: nothing to do`);
  } else if (result.revoked) {
    printMessage(io, "success", `Logged out of ${result.apiUrl}${profile}: the session was revoked and the stored credentials deleted`);
  } else {
    printMessage(io, "success", `Logged out of ${result.apiUrl}${profile}: the stored credentials were deleted`, [
      "Access tokens already issued stay valid until they expire (at most 5 minutes)",
    ]);
  }
}
