/**
 * The seam to the land registry (document 2 sections 3.5, 4.2 and 4.3; docs/decisions/0502-land-registry-seam.md).
 * The title service asks an implementation of `LandRegistry` for a title's register and never knows which
 * one answers: the sandbox (land-registry-sandbox.ts, deterministic fixtures keyed by title number) by
 * default, or an adapter over HM Land Registry's Business Gateway (official copy of the register, with the
 * subscriber's lodgement identifiers) implementing the same two calls, chosen by `LAND_REGISTRY`.
 *
 * An answer is one of four outcomes: the register; pending (the registry will answer later: the product asks
 * again from a job, inside the registry's business hours); not found; or an error.
 */
import { z } from "zod";
import type { PartyType } from "../../core/parties/enums.js";
import type { TitleAddress, TitleEntry } from "../../core/title/api.js";
import { createSandboxLandRegistry } from "./land-registry-sandbox.js";

export interface RegisterProprietor {
  proprietorId: string;
  type: PartyType;
  individualDetails: { forenames: string; surname: string } | null;
  organisationDetails: { organisationName: string; registrationNumber: string | null } | null;
}

/** A title's register as the land registry answers it (section 3.5 without the document, which the product makes). */
export interface TitleRegister {
  titleNumber: string;
  registeredProprietors: RegisterProprietor[];
  address: TitleAddress;
  restrictions: { entryNumber: string; text: string }[];
  entries: TitleEntry[];
  chargeePartyOrgName: string | null;
  metaData: { initialEditionDate: string | null; lastEditionDate: string | null };
}

export type LandRegistryAnswer =
  | { outcome: "SUCCESS"; register: TitleRegister }
  | { outcome: "PENDING" }
  | { outcome: "NOT_FOUND" }
  | { outcome: "ERROR"; message: string };

export interface TitleSearchCall {
  titleNumber: string;
  /** How many searches this lodgement case has made before this one (the sandbox's changing title reads it). */
  previousSearches: number;
  /** Product time of the call. */
  now: Date;
}

export interface LandRegistry {
  /** Which implementation answers (logged, and shown in docs/sandboxes.md). */
  readonly name: string;
  /** Asks for a title's register. */
  searchTitle(call: TitleSearchCall): Promise<LandRegistryAnswer>;
  /** Collects the answer of a search the registry left pending. */
  collectPendingSearch(call: TitleSearchCall): Promise<LandRegistryAnswer>;
}

export const LAND_REGISTRIES = ["sandbox", "business-gateway"] as const;
const LandRegistryEnvSchema = z.object({ LAND_REGISTRY: z.enum(LAND_REGISTRIES).default("sandbox") });

let chosen: LandRegistry | undefined;

/**
 * The land registry `LAND_REGISTRY` names (sandbox by default). The Business Gateway adapter is not part
 * of this product yet: choosing it stops the provider at the first title search with that message rather
 * than silently answering from fixtures.
 */
export function landRegistryFromEnvironment(env: NodeJS.ProcessEnv = process.env): LandRegistry {
  if (chosen) return chosen;
  const { LAND_REGISTRY } = LandRegistryEnvSchema.parse({ LAND_REGISTRY: env.LAND_REGISTRY || undefined });
  if (LAND_REGISTRY === "business-gateway") {
    throw new Error("LAND_REGISTRY=business-gateway: no Business Gateway adapter is installed; implement LandRegistry (provider/title/land-registry.ts).");
  }
  chosen = createSandboxLandRegistry();
  return chosen;
}

/** Tests and other deployments may put their own implementation behind the seam. */
export function useLandRegistry(registry: LandRegistry | undefined): void {
  chosen = registry;
}
