import { cleanup, render } from "ink-testing-library";
import { stripVTControlCharacters } from "node:util";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AuditEvent, ManagedUser, SubscriberDetails } from "../../core/administration/api.js";
import type { ImportReport } from "../../core/administration/user-import.js";
import type { AssociatedSubscriber } from "../../core/administration/api.js";
import {
  AuditTable,
  ConnectionSettings,
  FlagsTable,
  LodgementIdentifiersView,
  SubscribersTable,
  UserProfile,
  UsersTable,
  describeAuditDetails,
  rangeOf,
} from "./administration.js";
import { PasswordPrompt } from "./password-prompt.js";
import { ImportReportView, ProgressBar, summaryLine } from "./user-import.js";

afterEach(() => cleanup());

const frame = (lastFrame: () => string | undefined) =>
  stripVTControlCharacters(lastFrame() ?? "")
    .split("\n")
    .map((line) => line.trimEnd())
    .join("\n");
const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

const user = (overrides: Partial<ManagedUser> = {}): ManagedUser => ({
  subscriberUserId: "u1",
  firstName: "Jane",
  middleName: null,
  lastName: "Smith",
  preferredName: null,
  email: "jane.smith@ashdown.example",
  jobTitle: null,
  status: "Active",
  subscriberId: "s1",
  subscriber: "Ashdown Legal",
  roleNames: ["Workspace User"],
  authenticationType: "AUTH0_DATABASE_CONNECTION",
  version: 1,
  invitationSentAt: null,
  ...overrides,
});

describe("UsersTable", () => {
  it("shows name, email, status and roles in columns, and the range label of the footer", () => {
    const users = [user(), user({ subscriberUserId: "u2", firstName: "Bo", lastName: "Li", email: "bo@ashdown.example", status: "Suspended", roleNames: ["Workspace Viewer", "Funds Authoriser"] })];
    const { lastFrame } = render(<UsersTable users={users} page={{ page: 2, limit: 2, totalRecords: 5, pageRecords: 2 }} subscriber="Ashdown Legal" />);
    expect(frame(lastFrame)).toBe(
      [
        "Name        Email                       Status     Roles",
        "Jane Smith  jane.smith@ashdown.example  Active     Workspace User",
        "Bo Li       bo@ashdown.example          Suspended  Workspace Viewer, Funds Authoriser",
        "",
        "3-4 of 5 users at Ashdown Legal",
      ].join("\n"),
    );
  });

  it("says when there are no users", () => {
    expect(frame(render(<UsersTable users={[]} subscriber="Keystone" />).lastFrame)).toBe("No users found at Keystone.");
    expect(rangeOf({ page: 1, limit: 10, totalRecords: 0, pageRecords: 0 })).toBe("0-0 of 0");
  });
});

describe("SubscribersTable", () => {
  const subscriber = (overrides: Partial<AssociatedSubscriber>): AssociatedSubscriber => ({
    subscriberId: "s1",
    name: "Ashdown Legal",
    entityType: "Law Firm",
    status: "Active",
    isPrimary: false,
    authenticationType: "ENTERPRISE_CONNECTION",
    ...overrides,
  });

  it("shows name, type, status and the id to pass as --subscriber, in the order given", () => {
    const { lastFrame } = render(
      <SubscribersTable
        subscribers={[
          subscriber({}),
          subscriber({ subscriberId: "5b000000-0000-4000-8000-000000000001", name: "Northgate Bank", entityType: "Lender", status: "Suspended" }),
        ]}
      />,
    );
    expect(frame(lastFrame)).toBe(
      [
        "Name            Type      Status     Id",
        "Ashdown Legal   Law Firm  Active     s1",
        "Northgate Bank  Lender    Suspended  5b000000-0000-4000-8000-000000000001",
      ].join("\n"),
    );
  });

  it("says when there are none", () => {
    expect(frame(render(<SubscribersTable subscribers={[]} />).lastFrame)).toBe("No subscribers found.");
  });
});

describe("FlagsTable", () => {
  it("lists the flags by name with on or off under the environment's name", () => {
    const { lastFrame } = render(<FlagsTable flags={{ sdltEnabled: false, "switch-subscriber": true, notificationEnabled: true }} environment="local" />);
    expect(frame(lastFrame)).toBe(
      [
        "Flag                 local",
        "notificationEnabled  on",
        "sdltEnabled          off",
        "switch-subscriber    on",
      ].join("\n"),
    );
  });
});

describe("UserProfile", () => {
  it("shows a Pending single sign-on user with when they were invited", () => {
    const { lastFrame } = render(
      <UserProfile user={user({ status: "Pending", middleName: "Ann", authenticationType: "ENTERPRISE_CONNECTION", invitationSentAt: "2025-01-02T03:04:05.000Z" })} />,
    );
    expect(frame(lastFrame)).toBe(
      [
        "Name        Jane Ann Smith",
        "Email       jane.smith@ashdown.example",
        "Status      Pending",
        "Subscriber  Ashdown Legal",
        "Roles       Workspace User",
        "Sign-in     Single sign-on",
        "Invited     2025-01-02T03:04:05.000Z",
      ].join("\n"),
    );
  });
  it("shows a user whose login is blocked, and until when", () => {
    const { lastFrame } = render(<UserProfile user={user({ loginBlockedUntil: "2025-03-05T16:25:00.000Z" })} />);
    expect(frame(lastFrame)).toContain("Status      Active, Blocked");
    expect(frame(lastFrame)).toContain("Login       Blocked after too many failed passwords until 05/03/2025 at 04:25 PM");
  });
});

describe("ConnectionSettings and LodgementIdentifiersView (masking, 'To be provided')", () => {
  const details: SubscriberDetails = {
    subscriberId: "s1",
    name: "Ashdown Legal",
    entityType: "Law Firm",
    status: "Active",
    version: 4,
    userAuthentication: { type: "ENTERPRISE_CONNECTION", sso: [{ connectionId: "c1", clientId: "ashdown-entra", lastModifiedAt: null, clientSecretSet: true }] },
    ipAllow: { ipAddresses: ["203.0.113.0/24", "2001:db8::/32"], lastModifiedAt: "2025-03-01T10:00:00.000Z", lastModifiedBy: "Helen Desk" },
  };

  it("masks the client secret with 30 asterisks and lists the IP allow list with who changed it", () => {
    expect(frame(render(<ConnectionSettings details={details} />).lastFrame)).toBe(
      [
        "Subscriber      Ashdown Legal (Law Firm)",
        "Authentication  SSO",
        "Client ID       ashdown-entra",
        `Client secret   ${"*".repeat(30)}`,
        "IP allow list   203.0.113.0/24, 2001:db8::/32",
        "Last modified   2025-03-01T10:00:00.000Z by Helen Desk",
      ].join("\n"),
    );
  });

  it("says an empty list allows every address", () => {
    const open = { ...details, userAuthentication: { type: "AUTH0_DATABASE_CONNECTION" as const, sso: [] }, ipAllow: { ipAddresses: [], lastModifiedAt: null, lastModifiedBy: null } };
    const text = frame(render(<ConnectionSettings details={open} />).lastFrame);
    expect(text).toContain("Authentication  MFA");
    expect(text).toContain("IP allow list   None: every address is allowed");
  });

  it("shows five asterisks for stored passwords and 'To be provided' before any are saved", () => {
    const saved = { subscriberId: "s1", identifiers: { primary: { userName: "hv-1", passwordSet: true }, secondary: { userName: "hv-2", passwordSet: true } }, version: 2, lastModifiedAt: null, lastModifiedBy: null };
    expect(frame(render(<LodgementIdentifiersView identifiers={saved} subscriber="Harper & Vale LLP" />).lastFrame)).toBe(
      [
        "Subscriber          Harper & Vale LLP",
        "Primary username    hv-1",
        "Primary password    *****",
        "Secondary username  hv-2",
        "Secondary password  *****",
      ].join("\n"),
    );
    const none = { subscriberId: "s1", identifiers: null, version: null, lastModifiedAt: null, lastModifiedBy: null };
    expect(frame(render(<LodgementIdentifiersView identifiers={none} subscriber="Keystone" />).lastFrame).match(/To be provided/g)).toHaveLength(4);
  });
});

describe("AuditTable", () => {
  it("says who changed what, when and from where", () => {
    const event: AuditEvent = {
      auditEventId: "e1",
      occurredAt: "2025-03-01T10:00:00.000Z",
      actorUserId: "u9",
      actorName: "Morgan Harper",
      subscriberId: "s1",
      action: "USER_UPDATED",
      target: "u1",
      details: { from: { roleNames: ["Workspace User"] }, to: { roleNames: ["Workspace Viewer", "Funds Authoriser"] } },
      ipAddress: "203.0.113.9",
      correlationId: "c",
    };
    const text = frame(render(<AuditTable events={[event]} page={{ page: 1, limit: 20, totalRecords: 1, pageRecords: 1 }} />).lastFrame);
    expect(text).toContain("When                 Who            Action        From         What");
    expect(text).toContain("2025-03-01 10:00:00  Morgan Harper  USER_UPDATED  203.0.113.9  roleNames: Workspace User → Workspace Viewer, Funds Authoriser");
    expect(describeAuditDetails({ from: [], to: ["203.0.113.0/24"] })).toBe("(none) → 203.0.113.0/24");
    expect(describeAuditDetails({ connectionId: "c1", clientSecretChanged: true })).toBe("connectionId: c1; clientSecretChanged: true");
  });
});

describe("users import views", () => {
  const summary = { created: 2, updated: 1, suspended: 0, unsuspended: 0, unchanged: 4, refused: 1, unknown: 0 };

  it("draws a progress bar with the counts so far", () => {
    expect(frame(render(<ProgressBar done={5} total={10} summary={summary} />).lastFrame)).toBe(
      [`${"█".repeat(15)}${"░".repeat(15)} 5/10 rows (50%)`, "2 created · 1 updated · 4 unchanged · 1 refused"].join("\n"),
    );
  });

  it("reports every changed and refused row, leaving the unchanged ones to the summary", () => {
    const report: ImportReport = {
      file: "users.csv",
      dryRun: false,
      subscriberId: "s1",
      summary,
      rows: [
        { row: 1, email: "a@x.example", outcome: "created", changes: [], reason: null },
        { row: 2, email: "b@x.example", outcome: "unchanged", changes: [], reason: null },
        { row: 3, email: "c@x.example", outcome: "updated", changes: ["roleNames"], reason: null },
        { row: 4, email: "", outcome: "refused", changes: [], reason: "Email address is required" },
      ],
    };
    expect(frame(render(<ImportReportView report={report} />).lastFrame)).toBe(
      [
        "⚠ Imported users.csv: 2 created · 1 updated · 4 unchanged · 1 refused",
        "",
        "Row  Email        Outcome  Details",
        "1    a@x.example  created",
        "3    c@x.example  updated  roleNames",
        "4    (none)       refused  Email address is required",
      ].join("\n"),
    );
    expect(summaryLine(summary, true)).toBe("2 to be created · 1 to be updated · 4 unchanged · 1 refused");
  });

  it("lists every row whose outcome is unknown, with what to do", () => {
    const report: ImportReport = {
      file: "users.csv",
      dryRun: false,
      subscriberId: "s1",
      summary: { ...summary, created: 1, updated: 0, unchanged: 0, refused: 0, unknown: 1 },
      rows: [
        { row: 1, email: "a@x.example", outcome: "created", changes: [], reason: null },
        { row: 2, email: "b@x.example", outcome: "unknown", changes: [], reason: "Unknown: run again to confirm." },
      ],
    };
    expect(frame(render(<ImportReportView report={report} />).lastFrame)).toBe(
      [
        "⚠ Imported users.csv: 1 created · 1 unknown",
        "",
        "Row  Email        Outcome  Details",
        "1    a@x.example  created",
        "2    b@x.example  unknown  Unknown: run again to confirm.",
      ].join("\n"),
    );
  });
});

describe("PasswordPrompt", () => {
  it("never draws what is typed, and answers it on Enter", async () => {
    const onAnswer = vi.fn();
    const { stdin, lastFrame } = render(<PasswordPrompt label="Primary password" hint="Leave it empty to keep the current password" onAnswer={onAnswer} />);
    await tick();
    for (const key of ["s", "3", "c", "r", "x", "\u007F", "t"]) {
      stdin.write(key);
      await tick();
      expect(frame(lastFrame)).not.toMatch(/s3c|\*|•/);
    }
    expect(frame(lastFrame)).toBe("Primary password:\nLeave it empty to keep the current password");
    stdin.write("\r");
    await tick();
    expect(onAnswer).toHaveBeenCalledExactlyOnceWith("s3crt");
    expect(frame(lastFrame)).toBe("Primary password: (entered)");
  });

  it("cancels on Escape", async () => {
    const onAnswer = vi.fn();
    const { stdin, lastFrame } = render(<PasswordPrompt label="Secondary password" onAnswer={onAnswer} />);
    await tick();
    stdin.write("\u001B");
    await tick();
    expect(onAnswer).toHaveBeenCalledExactlyOnceWith(null);
    expect(frame(lastFrame)).toBe("Secondary password: (cancelled)");
  });
});
