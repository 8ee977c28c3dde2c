/**
 * Organisation settings as use-cases (document 3 sections 5.3 and 8.4), shared by every client: the IP allow
 * list changed against the version read, and the lodgement identifiers created or updated after the form's
 * checks. The provider checks both again and refuses a stale version.
 */
import { MASKED_PASSWORD } from "./enums.js";
import { getLodgementIdentifiers, getSubscriberDetails, saveLodgementIdentifiers, setIpAllowList } from "./client.js";
import { editedIpAllowList, type IpAllowListChange } from "./ip-allow-list.js";
import { LodgementIdentifiersSchema } from "./schemas.js";
import { type RequestContext } from "../shared/provider-client.js";
import { UseCaseRefusal } from "../shared/refusals.js";

/**
 * Sets, adds to or removes from the subscriber's IP allow list, at the version just read. `beforeSave` sees
 * the list as it is and as it will be (to ask the person first); it may throw to stop with nothing sent.
 */
export async function changeIpAllowList(
  ctx: RequestContext,
  subscriberId: string,
  change: IpAllowListChange,
  beforeSave?: (current: readonly string[], next: readonly string[]) => Promise<void>,
) {
  const details = await getSubscriberDetails(ctx, subscriberId);
  if (!details.ipAllow) throw new UseCaseRefusal("You may not see this subscriber's connection settings");
  const next = editedIpAllowList(details.ipAllow.ipAddresses, change);
  await beforeSave?.(details.ipAllow.ipAddresses, next);
  return setIpAllowList(ctx, subscriberId, next, details.version);
}

export interface LodgementIdentifiersChange {
  primaryUserName?: string;
  secondaryUserName?: string;
  /** undefined: keep the stored password (an update only). */
  primaryPassword?: string;
  secondaryPassword?: string;
}

/**
 * Creates the lodgement identifiers (both user names and passwords needed) or updates them (what is left
 * out stays), checked with the form's rules before anything is sent. Nothing to change: no call.
 */
export async function setLodgementIdentifiers(ctx: RequestContext, subscriberId: string, change: LodgementIdentifiersChange) {
  const current = await getLodgementIdentifiers(ctx, subscriberId);
  const existing = current.identifiers;
  const primary = { userName: change.primaryUserName ?? existing?.primary.userName ?? "", password: change.primaryPassword };
  const secondary = { userName: change.secondaryUserName ?? existing?.secondary.userName ?? "", password: change.secondaryPassword };
  const stand = (password: string | undefined) => (existing && password === undefined ? MASKED_PASSWORD : password);
  const checked = LodgementIdentifiersSchema.safeParse({
    primary: { userName: primary.userName, password: stand(primary.password) },
    secondary: { userName: secondary.userName, password: stand(secondary.password) },
  });
  if (!checked.success) throw new UseCaseRefusal([...new Set(checked.error.issues.map((issue) => issue.message))].join("; "), "invalid");
  const unchanged =
    existing &&
    existing.primary.userName === primary.userName &&
    existing.secondary.userName === secondary.userName &&
    primary.password === undefined &&
    secondary.password === undefined;
  if (unchanged) return { created: false, changed: false, identifiers: current };
  const saved = await saveLodgementIdentifiers(
    ctx,
    {
      subscriberId,
      identifiers: {
        primary: primary.password === undefined ? { userName: primary.userName } : primary,
        secondary: secondary.password === undefined ? { userName: secondary.userName } : secondary,
      },
    },
    current.version,
  );
  return { ...saved, changed: true };
}
