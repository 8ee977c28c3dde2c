/** The error catalogue: error pages and toasts by HTTP status (document 1 sections 2.7, 7 and 8). */

export interface ErrorPage {
  status: number;
  title: string;
  text: string;
  /** The button the page offers, if any. */
  action: { label: string; to?: string } | null;
}

export const CONFLICT_MESSAGE =
  "Your action was not successful because there was a change in the workspace. Please refresh the page, review any changes and try again.";
export const PARTIAL_CONTENT_MESSAGE =
  "We couldn't load the complete data. Please refresh the page or try again later.";
export const DEFAULT_LANDING_TEXT = "Welcome! Create a workspace to get started.";
export const TASK_FAILURE_TEXT =
  "We seem to be unable to show you anything in this space right now. Try refreshing the page.";
export const DROPDOWN_FAILURE_TEXT = "Unable to load data";
/** The general failure text: the fallback error page's, and the reason given when a failure has none. */
export const SOMETHING_WENT_WRONG_TEXT = "Something went wrong. Please try again later.";
export const SUSPENDED_BY_SUPPORT_TEXT = "Your access has been suspended by the provider's support.";
export const SUSPENDED_BY_USER_MANAGER_TEXT = "Your access has been suspended by your user manager.";

const TRY_AGAIN = "Try Again";
const GO_TO_WORKSPACES = { label: "Go to workspaces", to: "/workspaces" };

const PAGES: Record<number, Omit<ErrorPage, "status">> = {
  500: {
    title: "Internal server error",
    text: "Our servers seem to be handling too many requests at the moment. Please try again in a few minutes.",
    action: { label: TRY_AGAIN, to: "/workspaces" },
  },
  503: {
    title: "Service unavailable",
    text: "The product is under maintenance. Please come back later.",
    action: null,
  },
  504: {
    title: "Request timeout",
    text: "The request took too long. Please refresh the page or try again.",
    action: { label: TRY_AGAIN },
  },
  400: {
    title: "Uh-oh, bad request",
    text: "Something about that request was not right. Please refresh the page or try again.",
    action: { label: TRY_AGAIN },
  },
  401: {
    title: "You are not authorised",
    text: "You are not authorised to see this. Please contact your admin.",
    action: null,
  },
  403: {
    title: "You do not have access",
    text: "You do not have access to this page. Please contact your admin.",
    action: GO_TO_WORKSPACES,
  },
  404: {
    title: "Page not found",
    text: "We could not find the page you were looking for. Go back to the homepage.",
    action: GO_TO_WORKSPACES,
  },
  409: { title: "Conflict", text: CONFLICT_MESSAGE, action: null },
  206: { title: "Partial content", text: PARTIAL_CONTENT_MESSAGE, action: null },
};

const FALLBACK: Omit<ErrorPage, "status"> = {
  title: "Something went wrong",
  text: SOMETHING_WENT_WRONG_TEXT,
  action: null,
};

/** The generic fallback page offers a retry only when the status is above 500 or unknown. */
export function showsRetry(status: number | undefined): boolean {
  return status === undefined || !Number.isFinite(status) || status > 500;
}

export function errorPageFor(status: number | undefined): ErrorPage {
  const known = status !== undefined ? PAGES[status] : undefined;
  if (known) return { status: status as number, ...known };
  return {
    status: status ?? 500,
    ...FALLBACK,
    action: showsRetry(status) ? { label: TRY_AGAIN } : null,
  };
}

export interface Toast {
  kind: "error" | "success" | "info";
  title: string;
  message: string;
}

/** The error toast of a failed write: title and message by status; 424 counts as 500; unknown is 'Error !'. */
export function errorToastFor(status: number, message?: string): Toast {
  const effective = status === 424 ? 500 : status;
  const page = PAGES[effective];
  if (!page || effective === 206) {
    return { kind: "error", title: "Error !", message: message ?? FALLBACK.text };
  }
  return { kind: "error", title: page.title, message: message ?? page.text };
}

export function partialContentToast(): Toast {
  return { kind: "error", title: "Partial content", message: PARTIAL_CONTENT_MESSAGE };
}

/** Toasts close after 5 seconds (document 1 section 9). */
export const TOAST_DURATION_MS = 5000;
