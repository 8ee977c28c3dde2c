/**
 * Incoming payments (document 2 sections 3.10 and 7.4): the credits a bank account received against a line
 * item's reference, behind the `IncomingPayments` seam. The default is a deterministic sandbox
 * (docs/sandboxes.md) that answers from the item's own reference, so that every funds status can be reached
 * on purpose; a real payments service replaces it by implementing the seam (`useIncomingPayments`).
 */
import { createHash } from "node:crypto";

/** One credit received, as the payments service answers it. */
export interface Credit {
  id: string;
  /** Pence. */
  amount: number;
  /** ISO date-time. */
  transactionTime: string;
}

/** What the payments service is asked about: the line item's reference, and what the sandbox reads. */
export interface CreditQuery {
  lineItemReference: string;
  /** The reference the person typed (the sandbox's fixtures are chosen by it). */
  reference: string;
  /** The expected amount, pence. */
  amount: number;
  createdAt: Date;
}

export interface IncomingPayments {
  readonly name: string;
  creditsFor(query: CreditQuery): Promise<Credit[]>;
}

const HOUR = 3_600_000;

function credit(query: CreditQuery, index: number, amount: number): Credit {
  const id = createHash("sha256").update(`${query.lineItemReference}:${index}`).digest("hex").slice(0, 16);
  return { id: `CR-${id}`, amount, transactionTime: new Date(query.createdAt.getTime() + (index + 1) * HOUR).toISOString() };
}

/**
 * The sandbox, by the start of the item's typed reference (case-insensitive):
 * PAID → one credit of the expected amount (balanced); SPLIT → two credits that make it up (balanced);
 * UNDER → one credit £100 short (underpaid; at least 1p); OVER → one credit £100 beyond (overpaid);
 * anything else → no credit yet.
 */
export const sandboxIncomingPayments: IncomingPayments = {
  name: "sandbox",
  async creditsFor(query) {
    const reference = query.reference.trim().toUpperCase();
    if (reference.startsWith("PAID")) return [credit(query, 0, query.amount)];
    if (reference.startsWith("SPLIT")) {
      const first = Math.floor(query.amount / 2);
      return [credit(query, 0, first), credit(query, 1, query.amount - first)];
    }
    if (reference.startsWith("UNDER")) return [credit(query, 0, Math.max(1, query.amount - 10_000))];
    if (reference.startsWith("OVER")) return [credit(query, 0, query.amount + 10_000)];
    return [];
  },
};

let chosen: IncomingPayments = sandboxIncomingPayments;

/** The payments service in use. */
export function incomingPayments(): IncomingPayments {
  return chosen;
}

/** Puts another implementation behind the seam (a real service, or a test's); undefined goes back to the sandbox. */
export function useIncomingPayments(payments: IncomingPayments | undefined): void {
  chosen = payments ?? sandboxIncomingPayments;
}
