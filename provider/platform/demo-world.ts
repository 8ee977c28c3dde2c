/**
 * The demo world: four subscribers of every type, users of the main roles in every status, a helpdesk
 * administrator and one script client per subscriber. Loaded by `npm run seed` and by the first start;
 * idempotent (an existing world is left alone) and refused in production.
 *
 * The ids are fixed so that tests, fixtures and documentation can name them.
 */
import type { NamedRole } from "../../core/shared/permissions/roles.js";
import type { SubscriberEntityType, UserStatus } from "../../core/administration/subscribers.js";
import type { ProviderConfig } from "./config.js";
import type { DB } from "./db/index.js";
import { seedDemoSchedules } from "../financials/schedule-seed.js";
import { createScriptClient } from "../identity/script-clients.js";
import { hashPassword } from "../identity/passwords.js";
import { seedAdministration } from "../administration/seed.js";
import { seedDemoWorkspaces } from "../workspaces/seed.js";
import { seedDemoParties } from "../parties/seed.js";
import { seedDemoTitles } from "../title/seed.js";
import { seedDemoFinancialAccounts } from "../financials/accounts-seed.js";
import { seedDemoLodgements } from "../documents/seed.js";

/** The password of every demo user who has one. */
export const DEMO_PASSWORD = "Conveyancing-Demo-1";

export const DEMO_SUBSCRIBERS = {
  northgate: {
    subscriberId: "5b000000-0000-4000-8000-000000000001",
    name: "Northgate Bank",
    entityType: "Lender",
  },
  harperVale: {
    subscriberId: "5b000000-0000-4000-8000-000000000002",
    name: "Harper & Vale LLP",
    entityType: "Law Firm",
  },
  keystone: {
    subscriberId: "5b000000-0000-4000-8000-000000000003",
    name: "Keystone Conveyancing",
    entityType: "Conveyancing Firm",
  },
  ashdown: {
    subscriberId: "5b000000-0000-4000-8000-000000000004",
    name: "Ashdown Legal",
    entityType: "Law Firm",
  },
} as const satisfies Record<string, { subscriberId: string; name: string; entityType: SubscriberEntityType }>;

export type DemoSubscriberKey = keyof typeof DEMO_SUBSCRIBERS;

interface DemoMembership {
  subscriber: DemoSubscriberKey;
  roles: NamedRole[];
  isPrimary: boolean;
  /** Suspended at this subscriber by its User Manager (the account itself stays Active). */
  suspended?: boolean;
}

interface DemoUser {
  subscriberUserId: string;
  email: string;
  firstName: string;
  lastName: string;
  status: UserStatus;
  /** False for a user who has not activated their account yet. */
  hasPassword: boolean;
  globalRoles: NamedRole[];
  memberships: DemoMembership[];
}

export const DEMO_USERS = {
  helpdesk: {
    subscriberUserId: "5a000000-0000-4000-8000-000000000001",
    email: "helpdesk@provider.example",
    firstName: "Helen",
    lastName: "Desk",
    status: "Active",
    hasPassword: true,
    globalRoles: ["Helpdesk Administrator"],
    memberships: [],
  },
  manager: {
    subscriberUserId: "5a000000-0000-4000-8000-000000000002",
    email: "manager@harpervale.example",
    firstName: "Morgan",
    lastName: "Harper",
    status: "Active",
    hasPassword: true,
    globalRoles: [],
    memberships: [
      {
        subscriber: "harperVale",
        // Approver without User: the two exclude each other (document 3 section 5.3); Approver grants all User may do.
        roles: ["User Manager", "Workspace Creator", "Workspace Approver"],
        isPrimary: true,
      },
      { subscriber: "ashdown", roles: ["Workspace User"], isPrimary: false },
    ],
  },
  lender: {
    subscriberUserId: "5a000000-0000-4000-8000-000000000003",
    email: "lender@northgate.example",
    firstName: "Lena",
    lastName: "North",
    status: "Active",
    hasPassword: true,
    globalRoles: [],
    memberships: [
      {
        subscriber: "northgate",
        roles: ["Workspace Creator", "Funds Authoriser", "Financial Administrator"],
        isPrimary: true,
      },
    ],
  },
  viewer: {
    subscriberUserId: "5a000000-0000-4000-8000-000000000004",
    email: "viewer@keystone.example",
    firstName: "Victor",
    lastName: "Stone",
    status: "Active",
    hasPassword: true,
    globalRoles: [],
    memberships: [{ subscriber: "keystone", roles: ["Workspace Viewer"], isPrimary: true }],
  },
  suspended: {
    subscriberUserId: "5a000000-0000-4000-8000-000000000005",
    email: "suspended@harpervale.example",
    firstName: "Sam",
    lastName: "Pended",
    // Suspended by Harper & Vale's User Manager, who can unsuspend them (not by the provider's support).
    status: "Active",
    hasPassword: true,
    globalRoles: [],
    memberships: [{ subscriber: "harperVale", roles: ["Workspace User"], isPrimary: true, suspended: true }],
  },
  pending: {
    subscriberUserId: "5a000000-0000-4000-8000-000000000006",
    email: "pending@keystone.example",
    firstName: "Penny",
    lastName: "Ding",
    status: "Pending",
    hasPassword: false,
    globalRoles: [],
    memberships: [{ subscriber: "keystone", roles: ["Workspace User"], isPrimary: true }],
  },
  /** A creator at Ashdown Legal, which takes part in no workspace: the list's "Let's create one" state. */
  creator: {
    subscriberUserId: "5a000000-0000-4000-8000-000000000007",
    email: "creator@ashdown.example",
    firstName: "Rhys",
    lastName: "Ashworth",
    status: "Active",
    hasPassword: true,
    globalRoles: [],
    memberships: [{ subscriber: "ashdown", roles: ["Workspace Creator"], isPrimary: true }],
  },
  /** A creator at Keystone Conveyancing: the conveyancing firm's create rule (purchases only). */
  keystoneCreator: {
    subscriberUserId: "5a000000-0000-4000-8000-000000000008",
    email: "creator@keystone.example",
    firstName: "Carla",
    lastName: "Keane",
    status: "Active",
    hasPassword: true,
    globalRoles: [],
    memberships: [{ subscriber: "keystone", roles: ["Workspace Creator"], isPrimary: true }],
  },
  /** A User Manager alone at Keystone Conveyancing: no view:workspaces, so the workspace pages answer 403. */
  userManager: {
    subscriberUserId: "5a000000-0000-4000-8000-000000000009",
    email: "users@keystone.example",
    firstName: "Una",
    lastName: "Manning",
    status: "Active",
    hasPassword: true,
    globalRoles: [],
    memberships: [{ subscriber: "keystone", roles: ["User Manager"], isPrimary: true }],
  },
} as const satisfies Record<string, DemoUser>;

export type DemoUserKey = keyof typeof DEMO_USERS;

/** Each subscriber's script client acts as this user of that subscriber. */
export const DEMO_SCRIPT_CLIENT_USERS: Record<DemoSubscriberKey, DemoUserKey> = {
  harperVale: "manager",
  northgate: "lender",
  keystone: "viewer",
  ashdown: "manager",
};

export interface DemoScriptClient {
  /** The subscriber's name. */
  subscriber: string;
  subscriberId: string;
  /** The email of the user the client acts as. */
  actsAs: string;
  clientId: string;
  clientSecret: string;
}

export interface SeedResult {
  /** False when the world was already there (then only missing script clients are created). */
  seeded: boolean;
  /** Script clients created by this run: their secrets cannot be read back later. */
  scriptClients: DemoScriptClient[];
}

export async function seedDemoWorld(db: DB, config: ProviderConfig): Promise<SeedResult> {
  if (process.env.NODE_ENV === "production" || config.production) {
    throw new Error("The demo world is not seeded in production.");
  }
  const seeded = await insertWorldUnlessPresent(db);
  await seedDemoWorkspaces(db);
  // Titles first: a title's seller joins the parties that the parties' seed then gives addresses and representation.
  await seedDemoTitles(db, config.dataDir);
  await seedDemoParties(db);
  await seedDemoFinancialAccounts(db);
  await seedDemoSchedules(db);
  await seedDemoLodgements(db);
  const scriptClients = await createMissingScriptClients(db, config);
  await seedAdministration(db, config);
  return { seeded, scriptClients };
}

async function insertWorldUnlessPresent(db: DB): Promise<boolean> {
  const subscriberIds = Object.values(DEMO_SUBSCRIBERS).map((subscriber) => subscriber.subscriberId);
  const existing = await db
    .selectFrom("subscribers")
    .select("subscriber_id")
    .where("subscriber_id", "in", subscriberIds)
    .executeTakeFirst();
  if (existing) return false;

  const users: readonly DemoUser[] = Object.values(DEMO_USERS);
  const passwordHashes = await Promise.all(
    users.map((user) => (user.hasPassword ? hashPassword(DEMO_PASSWORD) : null)),
  );

  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("subscribers")
      .values(
        Object.values(DEMO_SUBSCRIBERS).map((subscriber) => ({
          subscriber_id: subscriber.subscriberId,
          name: subscriber.name,
          entity_type: subscriber.entityType,
          status: "Active",
          ip_allow_list: JSON.stringify([]),
        })),
      )
      .execute();
    await trx
      .insertInto("subscriber_users")
      .values(
        users.map((user, index) => ({
          subscriber_user_id: user.subscriberUserId,
          email: user.email,
          first_name: user.firstName,
          last_name: user.lastName,
          status: user.status,
          password_hash: passwordHashes[index],
          global_roles: JSON.stringify(user.globalRoles),
        })),
      )
      .execute();
    const memberships = users.flatMap((user) =>
      user.memberships.map((membership) => ({
        subscriber_user_id: user.subscriberUserId,
        subscriber_id: DEMO_SUBSCRIBERS[membership.subscriber].subscriberId,
        role_names: JSON.stringify(membership.roles),
        is_primary: membership.isPrimary,
        status: "suspended" in membership && membership.suspended ? "Suspended" : "Active",
      })),
    );
    await trx.insertInto("user_subscribers").values(memberships).execute();
  });
  return true;
}

async function createMissingScriptClients(db: DB, config: ProviderConfig): Promise<DemoScriptClient[]> {
  const created: DemoScriptClient[] = [];
  for (const [key, userKey] of Object.entries(DEMO_SCRIPT_CLIENT_USERS) as [
    DemoSubscriberKey,
    DemoUserKey,
  ][]) {
    const subscriber = DEMO_SUBSCRIBERS[key];
    const user = DEMO_USERS[userKey];
    const existing = await db
      .selectFrom("script_clients")
      .select("client_id")
      .where("subscriber_id", "=", subscriber.subscriberId)
      .where("revoked_at", "is", null)
      .executeTakeFirst();
    if (existing) continue;
    const { clientId, clientSecret } = await createScriptClient(db, config, {
      name: `${subscriber.name} demo script`,
      subscriberId: subscriber.subscriberId,
      subscriberUserId: user.subscriberUserId,
    });
    created.push({
      subscriber: subscriber.name,
      subscriberId: subscriber.subscriberId,
      actsAs: user.email,
      clientId,
      clientSecret,
    });
  }
  return created;
}

/** The lines `npm run seed` and the first start print: where to log in, and the new script clients. */
export function describeDemoWorld(result: SeedResult): string {
  const lines = [
    result.seeded ? "Seeded the demo world." : "The demo world was already there; it was left as it is.",
    "",
    `Demo logins (password ${DEMO_PASSWORD} for every user that has one):`,
    ...Object.values(DEMO_USERS as Record<string, DemoUser>).map((user) => {
      const where = user.memberships.length
        ? user.memberships
            .map((m) => `${m.roles.join(", ")} at ${DEMO_SUBSCRIBERS[m.subscriber].name}${m.suspended ? " [Suspended by the user manager]" : ""}`)
            .join("; ")
        : user.globalRoles.join(", ");
      const note =
        user.status === "Active" ? "" : ` [${user.status}${user.hasPassword ? "" : ", no password"}]`;
      return `  ${user.email.padEnd(30)} ${user.firstName} ${user.lastName}: ${where}${note}`;
    }),
  ];
  if (result.scriptClients.length > 0) {
    lines.push("", "Script clients (client credentials; the secrets are shown only now):");
    for (const client of result.scriptClients) {
      lines.push(
        `  ${client.subscriber} (acts as ${client.actsAs})`,
        `    client id:     ${client.clientId}`,
        `    client secret: ${client.clientSecret}`,
      );
    }
  } else {
    lines.push(
      "",
      "Script clients exist already; their secrets were shown when they were created (npm run db:reset starts afresh).",
    );
  }
  return lines.join("\n");
}
