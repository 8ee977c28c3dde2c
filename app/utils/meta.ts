/** Page titles: "<page> | Convey", and the error page's title when the route failed. */
import { isRouteErrorResponse } from "@remix-run/react";
import { errorPageFor } from "../../core/shared/errors.js";

export const PRODUCT_NAME = "Convey";

export function pageTitle(page?: string) {
  return [{ title: page ? `${page} | ${PRODUCT_NAME}` : PRODUCT_NAME }];
}

export function errorStatus(error: unknown): number {
  return isRouteErrorResponse(error) ? error.status : 500;
}

/** For a route's meta: its own title, or the error page's when the route has an error. */
export function titleFor(page: string, error: unknown) {
  return pageTitle(error ? errorPageFor(errorStatus(error)).title : page);
}
