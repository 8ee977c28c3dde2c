/**
 * Which subscriber an administration command acts on (document 3 section 2.4): the `--subscriber` option
 * read against what the provider says the caller may administer.
 */
import { getSubscriberDetails } from "../../core/administration/client.js";
import { type RequestContext } from "../../core/shared/provider-client.js";
import { ProviderError } from "../../core/shared/provider-errors.js";
import { getMe } from "../../core/administration/subscriber-users-client.js";
import { CliError, UsageError } from "../errors.js";

export interface SubscriberChoice {
  subscriberId: string;
  name: string;
  entityType: string;
}

/**
 * The subscriber a command acts on: `--subscriber` when given (a helpdesk administrator's choice; for
 * anyone else it must be their own), else the subscriber selected at login. A helpdesk administrator
 * has none selected, so must name one.
 */
export async function chooseSubscriber(ctx: RequestContext, requested: string | undefined): Promise<SubscriberChoice> {
  if (requested) {
    try {
      const details = await getSubscriberDetails(ctx, requested);
      return { subscriberId: details.subscriberId, name: details.name, entityType: details.entityType };
    } catch (error) {
      // Without VIEW_ORGANISATIONS the details are refused; the caller's own subscriber is still known.
      if (!(error instanceof ProviderError) || error.status !== 403) throw error;
    }
  }
  const me = await getMe(ctx);
  const own = me.selectedSubscriber;
  if (!own) {
    throw new UsageError(
      requested
        ? `There is no subscriber ${requested} you may administer`
        : "Name the subscriber with --subscriber <id> (see `convey subscribers list`): a helpdesk administrator acts on any of them",
    );
  }
  if (requested && requested !== own.subscriberId) {
    throw new CliError(`Subscriber not found: you act only for ${own.name}`);
  }
  return { subscriberId: own.subscriberId, name: own.name, entityType: own.entityType };
}
