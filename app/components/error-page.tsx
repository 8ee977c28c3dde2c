/**
 * The one error page (document 1 sections 2.7 and 8): title, text and button by HTTP status, from core's
 * catalogue. Route modules export `ErrorBoundary = GeneralErrorBoundary`.
 */
import { isRouteErrorResponse, useLocation, useRouteError } from "@remix-run/react";
import { errorPageFor } from "../../core/shared/errors.js";
import { LinkButton } from "./link-button";

export function ErrorPage({ status }: { status: number }) {
  const page = errorPageFor(status);
  const location = useLocation();
  return (
    <article className="error-page" aria-labelledby="error-page-title">
      <header>
        <p className="error-status">Error {page.status}</p>
        <h1 id="error-page-title">{page.title}</h1>
      </header>
      <p>{page.text}</p>
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
  return <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />;
}
