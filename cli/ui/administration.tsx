/** What the administration commands print as their result (on stdout): users, subscribers, settings, identifiers, the audit log, flags. */
import { Box, Text } from "ink";
import { displayedStatuses, loginBlockedText } from "../../core/administration/users.js";
import type {
  AuditEvent,
  LodgementIdentifiers,
  ManagedUser,
  SubscriberDetails,
} from "../../core/administration/api.js";
import type { PageInfo } from "../../core/shared/contract.js";
import type { AssociatedSubscriber } from "../../core/administration/api.js";
import { MASKED_CLIENT_SECRET, MASKED_PASSWORD } from "../../core/administration/enums.js";
import { SHELL_TEXTS } from "../../core/shared/shell-texts.js";
import { fullName } from "../../core/administration/subscribers.js";
import type { Io } from "../io.js";
import { AUDIT_COLUMNS, flagColumns, flagRows, rangeOf, SUBSCRIBER_COLUMNS, USER_COLUMNS } from "./columns.js";
import { printResult } from "./render.js";
import { Details, Table } from "./table.js";
import { Tone } from "./theme.js";

const TO_BE_PROVIDED = SHELL_TEXTS.toBeProvided;


export function UsersTable({ users, page, subscriber }: { users: ManagedUser[]; page?: PageInfo & { totalIsLowerBound?: boolean }; subscriber?: string }) {
  if (users.length === 0) return <Text>No users found{subscriber ? ` at ${subscriber}` : ""}.</Text>;
  return (
    <Box flexDirection="column">
      <Table columns={USER_COLUMNS} rows={users} rowKey={(user) => user.subscriberUserId} />
      {page ? (
        <Box marginTop={1}>
          <Tone tone="muted">
            {rangeOf(page)}
            {subscriber ? ` users at ${subscriber}` : " users"}
          </Tone>
        </Box>
      ) : null}
    </Box>
  );
}

export function UserProfile({ user }: { user: ManagedUser }) {
  const rows: [string, string][] = [
    ["Name", fullName(user)],
    ["Email", user.email],
    ["Status", displayedStatuses(user).join(", ")],
    ...(user.loginBlockedUntil ? [["Login", loginBlockedText(user.loginBlockedUntil)] as [string, string]] : []),
    ["Subscriber", user.subscriber ?? "None"],
    ["Roles", user.roleNames.length > 0 ? user.roleNames.join(", ") : "None"],
    ["Sign-in", user.authenticationType === "ENTERPRISE_CONNECTION" ? "Single sign-on" : "Password with MFA"],
  ];
  if (user.status === "Pending") rows.push(["Invited", user.invitationSentAt ?? "Not yet"]);
  return <Details rows={rows} labelWidth={12} />;
}

export function SubscribersTable({ subscribers }: { subscribers: AssociatedSubscriber[] }) {
  if (subscribers.length === 0) return <Text>No subscribers found.</Text>;
  return <Table columns={SUBSCRIBER_COLUMNS} rows={subscribers} rowKey={(subscriber) => subscriber.subscriberId} />;
}

/** The connection settings of a subscriber: user authentication (client secrets masked) and the IP allow list. */
export function ConnectionSettings({ details }: { details: SubscriberDetails }) {
  const auth = details.userAuthentication;
  const allow = details.ipAllow;
  const rows: [string, string][] = [["Subscriber", `${details.name} (${details.entityType})`]];
  if (auth) {
    rows.push(["Authentication", auth.type === "ENTERPRISE_CONNECTION" ? "SSO" : "MFA"]);
    for (const sso of auth.sso) {
      rows.push(["Client ID", sso.clientId], ["Client secret", sso.clientSecretSet ? MASKED_CLIENT_SECRET : TO_BE_PROVIDED]);
    }
  }
  if (allow) {
    rows.push(["IP allow list", allow.ipAddresses.length > 0 ? allow.ipAddresses.join(", ") : "None: every address is allowed"]);
    if (allow.lastModifiedAt) {
      rows.push(["Last modified", `${allow.lastModifiedAt}${allow.lastModifiedBy ? ` by ${allow.lastModifiedBy}` : ""}`]);
    }
  }
  return <Details rows={rows} />;
}

export function LodgementIdentifiersView({ identifiers, subscriber }: { identifiers: LodgementIdentifiers; subscriber: string }) {
  const saved = identifiers.identifiers;
  const password = (set: boolean | undefined) => (set ? MASKED_PASSWORD : TO_BE_PROVIDED);
  const rows: [string, string][] = [
    ["Subscriber", subscriber],
    ["Primary username", saved?.primary.userName ?? TO_BE_PROVIDED],
    ["Primary password", password(saved?.primary.passwordSet)],
    ["Secondary username", saved?.secondary.userName ?? TO_BE_PROVIDED],
    ["Secondary password", password(saved?.secondary.passwordSet)],
  ];
  if (identifiers.lastModifiedAt) {
    rows.push(["Last modified", `${identifiers.lastModifiedAt}${identifiers.lastModifiedBy ? ` by ${identifiers.lastModifiedBy}` : ""}`]);
  }
  return <Details rows={rows} labelWidth={20} />;
}

export function AuditTable({ events, page }: { events: AuditEvent[]; page: PageInfo }) {
  if (events.length === 0) return <Text>No audit events.</Text>;
  return (
    <Box flexDirection="column">
      <Table columns={AUDIT_COLUMNS} rows={events} rowKey={(event) => event.auditEventId} />
      <Box marginTop={1}>
        <Tone tone="muted">{rangeOf(page)} events</Tone>
      </Box>
    </Box>
  );
}

export function FlagsTable({ flags, environment }: { flags: Record<string, boolean>; environment: string }) {
  return <Table columns={flagColumns(environment)} rows={flagRows(flags)} rowKey={([name]) => name} />;
}

export { describeAuditDetails, rangeOf } from "./columns.js";

export const print = {
  users: (io: Io, props: Parameters<typeof UsersTable>[0]) => printResult(io, <UsersTable {...props} />),
  user: (io: Io, user: ManagedUser) => printResult(io, <UserProfile user={user} />),
  subscribers: (io: Io, subscribers: AssociatedSubscriber[]) => printResult(io, <SubscribersTable subscribers={subscribers} />),
  connection: (io: Io, details: SubscriberDetails) => printResult(io, <ConnectionSettings details={details} />),
  lodgementIdentifiers: (io: Io, identifiers: LodgementIdentifiers, subscriber: string) =>
    printResult(io, <LodgementIdentifiersView identifiers={identifiers} subscriber={subscriber} />),
  audit: (io: Io, events: AuditEvent[], page: PageInfo) => printResult(io, <AuditTable events={events} page={page} />),
  flags: (io: Io, flags: Record<string, boolean>, environment: string) => printResult(io, <FlagsTable flags={flags} environment={environment} />),
};
