/**
 * The one error page (document 1 sections 2.7 and 8): title, text and button by HTTP status, from core's
 * catalogue. Route modules export `ErrorBoundary = GeneralErrorBoundary`.
 */
import { isRouteErrorResponse, useLocation, useRouteError } from "@remix-run/react";
import { errorPageFor } from "../../core/shared/errors.js";
import { LinkButton } from "./link-button";

/** Statuses whose refusal says what was wrong with the request (the form reader's 400 and 413). */
const EXPLAINED = new Set([400, 413, 415]);

export function ErrorPage({ status, detail }: { status: number; detail?: string }) {
  const page = errorPageFor(status);
  const location = useLocation();
  return (
    <article className="error-page" aria-labelledby="error-page-title">
      <header>
        <p className="error-status">Error {page.status}</p>
        <h1 id="error-page-title">{page.title}</h1>
      </header>
      <p>{page.text}</p>
      {detail ? <p>{detail}</p> : null}
      {page.action ? (
        <footer>
          {/* Without a target, Try Again reloads this page; a full load clears the error. */}
          <LinkButton to={page.action.to ?? `${location.pathname}${location.search}`}>{page.action.label}</LinkButton>
        </footer>
      ) : null}
    </article>
  );
}

export function GeneralErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error) && typeof document !== "undefined") console.error(error);
  if (!isRouteErrorResponse(error)) return <ErrorPage status={500} />;
  const detail = EXPLAINED.has(error.status) && typeof error.data === "string" ? error.data : undefined;
  return <ErrorPage status={error.status} detail={detail} />;
}
