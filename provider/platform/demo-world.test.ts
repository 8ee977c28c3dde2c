/**
 * The demo world keeps the product's own rules: every user's roles at every subscriber pass the checks the
 * add-user form and the import apply (names, roles of the subscriber's type, Approver and User apart), so
 * `convey users export` of a demo subscriber imports back unchanged.
 */
import { describe, expect, it } from "vitest";
import { checkUserRow } from "../../core/administration/user-import.js";
import { DEMO_SUBSCRIBERS, DEMO_USERS } from "./demo-world.js";

describe("the demo world", () => {
  const memberships = Object.values(DEMO_USERS).flatMap((user) =>
    user.memberships.map((membership) => ({ user, membership, subscriber: DEMO_SUBSCRIBERS[membership.subscriber] })),
  );

  it.each(memberships.map((entry) => [`${entry.user.email} at ${entry.subscriber.name}`, entry] as const))(
    "gives %s what the rules allow",
    (_name, { user, membership, subscriber }) => {
      const check = checkUserRow(
        { email: user.email, firstName: user.firstName, lastName: user.lastName, roles: [...membership.roles] },
        { subscriberType: subscriber.entityType },
      );
      expect(check.ok ? null : check.reason).toBeNull();
    },
  );

  it("has one primary subscriber per user who has any", () => {
    for (const user of Object.values(DEMO_USERS)) {
      if (user.memberships.length > 0) expect(user.memberships.filter((m) => m.isPrimary), user.email).toHaveLength(1);
    }
  });
});
