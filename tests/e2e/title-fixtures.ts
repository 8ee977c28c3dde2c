/** The land registry sandbox's title numbers the browser tests use, one per outcome (docs/sandboxes.md). */
import { expect } from "@playwright/test";
import type { HelpdeskApi } from "./administration-support";
import { CHANGING_TITLE, ERROR_TITLE, NOT_FOUND_TITLE, PENDING_TITLE } from "../../provider/title/land-registry-sandbox.js";

export const TITLE_FIXTURES = {
  /** One individual proprietor and a registered charge. */
  success: "DN100001",
  /** Its second search answers a later edition: Check for updates finds a change, the next one none. */
  changes: CHANGING_TITLE,
  /** Joint proprietors, a restriction and two charges (lenders). */
  restrictionsAndCharges: "DN100002",
  /** A charge whose lender is an individual: unsupported, the workspace must be cancelled. */
  unsupported: "DN100011",
  notFound: NOT_FOUND_TITLE,
  error: ERROR_TITLE,
  /** Stays pending until the collection job asks again inside land registry hours. */
  pending: PENDING_TITLE,
} as const;

// Tomorrow at 12:00 and 23:30 UTC: 12:00 or 13:00 London (inside land registry hours), 23:30 or 00:30 (outside).
const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
export const IN_HOURS = `${tomorrow}T12:00:00+00:00`;
export const OUT_OF_HOURS = `${tomorrow}T23:30:00+00:00`;

/**
 * Sets the product clock (the helpdesk's call), or puts it back on real time with null. The land registry
 * answers only in its hours (outside them a search waits, pending), so a spec that searches titles starts
 * each test inside them and puts the clock back when it ends.
 */
export async function setProductClock(helpdesk: HelpdeskApi, now: string | null): Promise<void> {
  const { status, json } = now ? await helpdesk.call("PUT", "/api/v1/clock", { now }) : await helpdesk.call("DELETE", "/api/v1/clock");
  expect(status, JSON.stringify(json)).toBe(200);
}
