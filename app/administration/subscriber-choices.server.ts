/**
 * The helpdesk administrator's "Find a subscriber" search (docs/decisions/0903 and 0906), as /users,
 * /users/new and /lodgement/identifiers load it: a page of the subscribers whose name holds the text typed,
 * never every subscriber, and the one chosen, found by its id when it is not among them.
 */
import type { AssociatedSubscriber } from "../../core/administration/api.js";
import { getSubscriberDetails, listSubscribers } from "../../core/administration/client.js";
import { ProviderError } from "../../core/shared/provider-errors.js";
import type { RequestContext } from "../../core/shared/provider-client.js";
import type { SubscribersFound } from "./subscriber-finder";

export type SubscriberChoice = Pick<AssociatedSubscriber, "subscriberId" | "name" | "entityType">;

/** How many subscribers a search offers at once: more are found by typing more of the name. */
export const SUBSCRIBER_CHOICES = 20;

/** One subscriber by its id, with its name and type; null when there is no such subscriber (404). */
export async function findSubscriber(ctx: RequestContext, subscriberId: string): Promise<SubscriberChoice | null> {
  try {
    const { name, entityType } = await getSubscriberDetails(ctx, subscriberId);
    return { subscriberId, name, entityType };
  } catch (error) {
    if (error instanceof ProviderError && error.status === 404) return null;
    throw error;
  }
}

/**
 * The chosen subscriber (null when none is chosen or it does not exist) and what the search offers, for
 * `SubscriberFinder`: the chosen one first when it is not among the matches, then the first
 * SUBSCRIBER_CHOICES whose name holds `name`, by name, and how many match.
 */
export async function subscriberChoices(
  ctx: RequestContext,
  name: string,
  chosenId: string | null,
): Promise<{ chosen: SubscriberChoice | null; offered: { subscribers: { subscriberId: string; name: string }[]; found: SubscribersFound } }> {
  const matches = await listSubscribers(ctx, { name: name || undefined, limit: SUBSCRIBER_CHOICES });
  const listed = chosenId ? matches.records.find((subscriber) => subscriber.subscriberId === chosenId) : undefined;
  const chosen = listed ?? (chosenId ? await findSubscriber(ctx, chosenId) : null);
  const subscribers: SubscriberChoice[] = chosen && !listed ? [chosen, ...matches.records] : matches.records;
  return {
    chosen,
    offered: {
      subscribers: subscribers.map(({ subscriberId, name: subscriberName }) => ({ subscriberId, name: subscriberName })),
      found: { name, shown: matches.records.length, total: matches.page.totalRecords },
    },
  };
}
