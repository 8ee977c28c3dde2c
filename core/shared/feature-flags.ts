/** Feature flags: both families of document 1 section 6, with their defaults per environment. */
export const ENVIRONMENTS = ["local", "sandbox", "non-production", "production"] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

export const FIRST_FAMILY_FLAGS = {
  displayDischargeApplicationEnabled: true,
  "test-1": false,
  "test-2": false,
  upliftWorkspaceListEnabled: false,
  sdltEnabled: false,
  notificationEnabled: false,
  autoAuthorisationCommonEnabled: false,
  fundsVisibilityEnabled: false,
  hmlrTitlePilotEnabled: false,
  attributeBasedAccessControlEnabled: false,
} as const;

export const SECOND_FAMILY_FLAGS = [
  "switch-subscriber",
  "app-dynamics-enabled",
  "two-sided-purchase-transaction-enabled",
  "delete-documents-enabled",
  "enhanced-workspace-approval-enabled",
  "lender-led-purchase-separate-rep-enabled",
  "lender-led-purchase-dual-rep-enabled",
  "transfer-of-equity-enabled",
  "sourcing-of-funds-enabled",
  "allow-seller-representative-document-upload-enabled",
  "cces-enabled",
  "cop-enhancement-enabled",
] as const;

export type FlagName = keyof typeof FIRST_FAMILY_FLAGS | (typeof SECOND_FAMILY_FLAGS)[number];
export const FLAG_NAMES = [
  ...(Object.keys(FIRST_FAMILY_FLAGS) as (keyof typeof FIRST_FAMILY_FLAGS)[]),
  ...SECOND_FAMILY_FLAGS,
] as readonly FlagName[];

export type FeatureFlags = Record<FlagName, boolean>;

/** Every second-family flag is on everywhere except switch-subscriber (off in production) and app-dynamics (off in local and sandbox). */
function secondFamilyDefault(flag: (typeof SECOND_FAMILY_FLAGS)[number], environment: Environment): boolean {
  if (flag === "switch-subscriber") return environment !== "production";
  if (flag === "app-dynamics-enabled") return environment !== "local" && environment !== "sandbox";
  return true;
}

export function defaultFeatureFlags(environment: Environment): FeatureFlags {
  const flags = { ...FIRST_FAMILY_FLAGS } as Record<string, boolean>;
  for (const flag of SECOND_FAMILY_FLAGS) flags[flag] = secondFamilyDefault(flag, environment);
  return flags as FeatureFlags;
}

export function isFlagName(name: string): name is FlagName {
  return (FLAG_NAMES as readonly string[]).includes(name);
}

/** How often the app refreshes flags from the provider (document 1 section 9). */
export const FEATURE_FLAG_REFRESH_MS = 21_600_000;

/** The flags read by a rule: any subset of the flags, missing ones counted off. */
export type FlagSet = Partial<Record<FlagName, boolean>>;

export function isFlagOn(flags: FlagSet, flag: FlagName): boolean {
  return flags[flag] === true;
}

/**
 * A two-sided purchase (document 1 section 6): the feature is on, the transaction is PURCHASE, and a
 * seller representative participant is present.
 */
export function isTwoSidedPurchase(
  flags: FlagSet,
  transactionType: string,
  participants: readonly { role: string }[],
): boolean {
  return (
    isFlagOn(flags, "two-sided-purchase-transaction-enabled") &&
    transactionType === "PURCHASE" &&
    participants.some((participant) => participant.role === "SELLER_REPRESENTATIVE")
  );
}

/** Flag values as an environment's defaults overlaid with what the flag service answered; on a flag-service error, pass no answer. */
export function resolveFeatureFlags(environment: Environment, answered?: Record<string, boolean> | null): FeatureFlags {
  const flags = defaultFeatureFlags(environment);
  for (const [name, value] of Object.entries(answered ?? {})) {
    if (isFlagName(name) && typeof value === "boolean") flags[name] = value;
  }
  return flags;
}

/**
 * Flags the specification names beyond the two families (seller-side signature preference, consideration
 * type, transfer-of-whole party handling), on by default like the second family. They are kept apart
 * from FLAG_NAMES so the flag service's contract is unchanged (docs/decisions/0111-extra-flags.md);
 * rules that read them take their value as a plain boolean.
 */
export const EXTRA_FLAG_DEFAULTS = {
  "signature-preference-enabled": true,
  "consideration-type-enabled": true,
  "transfer-of-whole-party-enabled": true,
} as const;
export type ExtraFlagName = keyof typeof EXTRA_FLAG_DEFAULTS;
