/** The land registry sandbox's title numbers the browser tests use, one per outcome (docs/sandboxes.md). */
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
