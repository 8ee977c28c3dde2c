/**
 * /subscribers (document 3 sections 2.4 and 6): the subscribers, sorted by name, 50 a page with Previous
 * and Next (`?page=`) and the range of the total, and a name search (`?name=`), each opening its
 * organisation page at /subscribers/:subscriberId. Links and a GET form: works without JavaScript. Needs
 * view:subscriber_configurations (otherwise 403). docs/decisions/0906-subscriber-lists-page.md
 */
import { redirect, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { USER_AUTHENTICATION_LABELS } from "../../core/administration/enums.js";
import { screenAccess } from "../../core/shared/permissions/screens.js";
import { GeneralErrorBoundary } from "../components/error-page";
import administrationHref from "../administration/administration.css";
import { listSubscribers } from "../../core/administration/client.js";
import { rangeLabel } from "../../core/administration/users.js";
import { SubscriberNameField, subscribersFoundMessage } from "../administration/subscriber-finder";
import { lastPage, readSubscriberName } from "../administration/users-query";
import { PageLinks } from "../components/page-links";
import { invariantResponse } from "../errors/invariant";
import { throwProviderError } from "../errors/provider-errors.server";
import { featureFlags } from "../feature-flags.server";
import { requireUser } from "../session/user-session.server";
import { titleFor } from "../utils/meta";
import { positiveIntParam } from "../utils/search-params";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: administrationHref }];

/** Subscribers a page shows: more are reached by Previous and Next, or found by name. */
const SUBSCRIBERS_PAGE_SIZE = 50;

/** The address of a page of subscribers whose name holds `name` (the defaults left out). */
function subscribersHref(name: string, page: number): string {
  const params = new URLSearchParams();
  if (name) params.set("name", name);
  if (page > 1) params.set("page", String(page));
  const text = params.toString();
  return `/subscribers${text ? `?${text}` : ""}`;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const flags = await featureFlags(user.ctx);
  invariantResponse(screenAccess("subscribers", user.claims, { flags }) === "allowed", "You do not have access to subscribers", 403);
  const url = new URL(request.url);
  const name = readSubscriberName(url.searchParams, "name");
  const page = positiveIntParam(url.searchParams.get("page")) ?? 1;
  try {
    // One page, sorted by name by the provider: never every subscriber.
    const result = await listSubscribers(user.ctx, { name: name || undefined, page, limit: SUBSCRIBERS_PAGE_SIZE });
    const total = result.page.totalRecords;
    // A page past the last (the list shrank, or a hand-typed address) shows the last one.
    const last = lastPage(total, SUBSCRIBERS_PAGE_SIZE);
    if (page > last) throw redirect(subscribersHref(name, last));
    return {
      name,
      total,
      range: rangeLabel(page, SUBSCRIBERS_PAGE_SIZE, total),
      previous: page > 1 ? subscribersHref(name, page - 1) : null,
      next: page < last ? subscribersHref(name, page + 1) : null,
      subscribers: result.records.map(({ subscriberId, name: subscriberName, entityType, status, authenticationType }) => ({
        subscriberId,
        name: subscriberName,
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
  const { name, total, range, previous, next, subscribers } = useLoaderData<typeof loader>();
  // Every match is reached by paging, so the message is how many were found (or that none was).
  const found = subscribersFoundMessage({ name, shown: total, total });
  return (
    <section aria-labelledby="subscribers-title" className="admin-page">
      <header>
        <h1 id="subscribers-title">Subscribers</h1>
      </header>
      <div className="admin-toolbar">
        <Form method="get" action="/subscribers" role="search" aria-label="Subscriber search">
          <SubscriberNameField id="subscribers-name" param="name" name={name} />
        </Form>
      </div>
      <p className="results-message" role="status">
        {found ?? ""}
      </p>
      {subscribers.length === 0 ? (
        name ? (
          <Link to="/subscribers">Clear search</Link>
        ) : (
          <p>There are no subscribers yet.</p>
        )
      ) : (
        <>
          <table className="striped stack-table">
            <caption className="visually-hidden">Subscribers, sorted by name, {total} in all</caption>
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
          <div className="users-footer">
            <PageLinks range={range} previous={previous} next={next} />
          </div>
        </>
      )}
    </section>
  );
}

export const meta: MetaFunction = ({ error }) => titleFor("Subscribers", error);
export const ErrorBoundary = GeneralErrorBoundary;
