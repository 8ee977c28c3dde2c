/**
 * /subscribers (document 3 sections 2.4 and 6): every subscriber, sorted by name, each opening its
 * organisation page at /subscribers/:subscriberId. Needs view:subscriber_configurations (otherwise 403).
 */
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { USER_AUTHENTICATION_LABELS } from "../../core/administration/enums.js";
import { screenAccess } from "../../core/shared/permissions/screens.js";
import { GeneralErrorBoundary } from "../components/error-page";
import administrationHref from "../administration/administration.css";
import { listSubscribers } from "../../core/administration/client.js";
import { invariantResponse } from "../errors/invariant";
import { throwProviderError } from "../errors/provider-errors.server";
import { featureFlags } from "../feature-flags.server";
import { requireUser } from "../session/user-session.server";
import { titleFor } from "../utils/meta";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: administrationHref }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const flags = await featureFlags(user.ctx);
  invariantResponse(screenAccess("subscribers", user.claims, { flags }) === "allowed", "You do not have access to subscribers", 403);
  try {
    const { records } = await listSubscribers(user.ctx);
    return {
      subscribers: [...records]
        .sort((a, b) => a.name.localeCompare(b.name, "en-GB"))
        .map(({ subscriberId, name, entityType, status, authenticationType }) => ({
          subscriberId,
          name,
          entityType,
          status,
          authentication: USER_AUTHENTICATION_LABELS[authenticationType],
        })),
    };
  } catch (error) {
    return throwProviderError(request, error);
  }
}

export default function Subscribers() {
  const { subscribers } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="subscribers-title" className="admin-page">
      <header>
        <h1 id="subscribers-title">Subscribers</h1>
      </header>
      {subscribers.length === 0 ? (
        <p>There are no subscribers yet.</p>
      ) : (
        <table className="striped stack-table">
          <caption className="visually-hidden">Subscribers, sorted by name</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Type</th>
              <th scope="col">Authentication</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {subscribers.map((subscriber) => (
              <tr key={subscriber.subscriberId}>
                <td>
                  <Link to={`/subscribers/${encodeURIComponent(subscriber.subscriberId)}`}>{subscriber.name}</Link>
                </td>
                <td data-label="Type">{subscriber.entityType}</td>
                <td data-label="Authentication">{subscriber.authentication}</td>
                <td data-label="Status">{subscriber.status}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

export const meta: MetaFunction = ({ error }) => titleFor("Subscribers", error);
export const ErrorBoundary = GeneralErrorBoundary;
