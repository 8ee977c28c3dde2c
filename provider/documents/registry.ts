/**
 * The seam to the land registry for lodgement (decision 0712), beside the title seam of
 * provider/title/land-registry.ts and chosen by the same LAND_REGISTRY setting: the lodgement service asks an
 * implementation of `LodgementRegistry` to take a submission and, later (a job on the product clock), for its
 * answer, and never knows which one answers. The sandbox (registry-sandbox.ts) answers from documented
 * fixtures; an adapter over HM Land Registry's Business Gateway (application submission and correspondence
 * polling) implements the same calls.
 */
import { z } from "zod";
import { LAND_REGISTRIES } from "../title/land-registry.js";
import { createSandboxLodgementRegistry } from "./registry-sandbox.js";

/** What is lodged: the applications with the facts a registry (or the sandbox's fixtures) reads. */
export interface LodgementSubmission {
  lodgementRequestId: string;
  lodgementCaseId: string;
  titleNumber: string | null;
  applications: { documentId: string; documentType: string; transactionValue: number | null }[];
  /** Product time of the call. */
  now: Date;
}

/** The registry's answer to a request: not yet, registered, or requisitioned with its correspondence. */
export type LodgementAnswer =
  | { outcome: "PENDING" }
  | { outcome: "REGISTERED" }
  | { outcome: "REQUISITIONED"; correspondence: { name: string; text: string }[] };

export interface LodgementRegistry {
  readonly name: string;
  /** Takes a submission; answers the registry's application reference. */
  lodge(submission: LodgementSubmission): Promise<{ registryReference: string }>;
  /**
   * The answer to a lodged request. `requisitionsAnswered` counts the replies the request has had to a
   * requisition (0 for the first answer).
   */
  answer(submission: LodgementSubmission & { registryReference: string; requisitionsAnswered: number }): Promise<LodgementAnswer>;
}

const EnvSchema = z.object({ LAND_REGISTRY: z.enum(LAND_REGISTRIES).default("sandbox") });
let chosen: LodgementRegistry | undefined;

/** The lodgement registry LAND_REGISTRY names (sandbox by default); the Business Gateway adapter is not installed. */
export function lodgementRegistryFromEnvironment(env: NodeJS.ProcessEnv = process.env): LodgementRegistry {
  if (chosen) return chosen;
  const { LAND_REGISTRY } = EnvSchema.parse({ LAND_REGISTRY: env.LAND_REGISTRY || undefined });
  if (LAND_REGISTRY === "business-gateway") {
    throw new Error("LAND_REGISTRY=business-gateway: no Business Gateway lodgement adapter is installed; implement LodgementRegistry (provider/documents/registry.ts).");
  }
  chosen = createSandboxLodgementRegistry();
  return chosen;
}

/** Tests and other deployments may put their own implementation behind the seam. */
export function useLodgementRegistry(registry: LodgementRegistry | undefined): void {
  chosen = registry;
}
