/**
 * Switching the selected subscriber (document 1 section 2.3). GET shows the confirmation as a page (the
 * header opens the same content in a dialog when JavaScript runs); POST checks that the subscriber is one
 * of the user's, remembers the choice and continues at /login?organization=…, which fetches a token for that
 * subscriber without asking for the password, then lands on the landing page.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { ORGANIZATION_PARAM } from "../../core/shared/contract.js";
import { SWITCH_SUBSCRIBER_DIALOG } from "../../core/shared/shell-texts.js";
import { LinkButton } from "../components/link-button";
import { GeneralErrorBoundary } from "../components/error-page";
import { SwitchSubscriberConfirmation } from "../components/switch-subscriber-confirmation";
import { invariantResponse } from "../errors/invariant";
import { redirectWithProviderError, throwProviderError } from "../errors/provider-errors.server";
import { featureFlags } from "../feature-flags.server";
import { listAssociatedSubscribers } from "../../core/administration/subscriber-users-client.js";
import { readForm } from "../components/form/read-form.server";
import { requireUser, saveSession, type UserSession } from "../session/user-session.server";
import { titleFor } from "../utils/meta";
import { safeLocalPath } from "../../core/shared/local-path.js";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  const subscriber = await switchableSubscriber(user, url.searchParams.get("subscriberId")).catch((error: unknown) =>
    throwProviderError(request, error),
  );
  return {
    subscriberId: subscriber.subscriberId,
    subscriberName: subscriber.name,
    returnTo: safeLocalPath(url.searchParams.get("returnTo")),
  };
}

const SwitchSubscriberSchema = z.object({ subscriberId: z.string().trim().min(1) });

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request, SwitchSubscriberSchema);
  const user = await requireUser(request);
  const submission = parseWithZod(formData, { schema: SwitchSubscriberSchema });
  invariantResponse(submission.status === "success", "Choose the subscriber to switch to", 400);
  let subscriberId: string;
  try {
    subscriberId = (await switchableSubscriber(user, submission.value.subscriberId)).subscriberId;
  } catch (error) {
    return redirectWithProviderError(request, error, "/workspaces");
  }
  user.session.set("pendingSubscriberId", subscriberId);
  await saveSession(user.session);
  return redirect(`/login?${new URLSearchParams({ [ORGANIZATION_PARAM]: subscriberId })}`);
}

/** One of the user's associated subscribers, when switching is on; a 404 Response otherwise. */
async function switchableSubscriber(user: UserSession, subscriberId: string | null) {
  const flags = await featureFlags(user.ctx);
  invariantResponse(flags["switch-subscriber"], "Switching subscriber is not available", 404);
  invariantResponse(subscriberId, "Choose the subscriber to switch to", 400);
  const subscribers = await listAssociatedSubscribers(user.ctx, user.claims.userId);
  const subscriber = subscribers.find((candidate) => candidate.subscriberId === subscriberId);
  invariantResponse(subscriber, "Not one of your subscribers", 404);
  return subscriber;
}

export default function SwitchSubscriber() {
  const { subscriberId, subscriberName, returnTo } = useLoaderData<typeof loader>();
  return (
    <article className="status-card" aria-labelledby="switch-subscriber-page-title">
      <SwitchSubscriberConfirmation
        subscriberId={subscriberId}
        subscriberName={subscriberName}
        texts={SWITCH_SUBSCRIBER_DIALOG}
        heading="h1"
        titleId="switch-subscriber-page-title"
        cancel={
          <LinkButton to={returnTo} secondary>
            {SWITCH_SUBSCRIBER_DIALOG.cancel}
          </LinkButton>
        }
      />
    </article>
  );
}

export const meta: MetaFunction = ({ error }) => titleFor(SWITCH_SUBSCRIBER_DIALOG.title, error);

export const ErrorBoundary = GeneralErrorBoundary;
