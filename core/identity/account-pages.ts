/**
 * The standalone account pages' texts (document 1 sections 2.2, 6 and 8; document 3 section 8.4). A module
 * of its own, with no imports beyond a few constants, because the public pages load it in the browser.
 */
import { LOCK_DURATION_TEXT } from "./login-throttle.js";
import { SUSPENDED_BY_SUPPORT_TEXT, SUSPENDED_BY_USER_MANAGER_TEXT } from "../shared/errors.js";
import { LOGIN_REFUSALS, type ACCOUNT_PAGES } from "./login-errors.js";

/** A standalone account page's card: its heading (also the page title), its paragraphs and its button's label. */
export interface AccountPageText {
  title: string;
  paragraphs: readonly string[];
  button: string | null;
}

/**
 * The standalone account pages (document 1 sections 2.2, 6 and 8; document 3 section 8.4), keyed as
 * ACCOUNT_PAGES: the buttons the spec names (Continue, Go to log in, Contact support, and a login button on
 * the fallback), its quoted texts ('Access denied for your IP address.', the suspension by the provider's
 * support, 'Something went wrong'), and the rest worded plainly.
 */
export const ACCOUNT_PAGE_TEXTS = {
  blocked: {
    title: "Your account has been blocked",
    paragraphs: [
      "Your account was blocked after too many unsuccessful attempts to log in.",
      `You can try again in ${LOCK_DURATION_TEXT}, or ask your user manager or the provider's support to unblock it now.`,
    ],
    button: null,
  },
  suspended: {
    title: "Your account has been suspended",
    paragraphs: [SUSPENDED_BY_SUPPORT_TEXT],
    button: null,
  },
  /** The same page when the login return says a user manager of the subscriber suspended the user. */
  suspendedByUserManager: {
    title: "Your account has been suspended",
    paragraphs: [SUSPENDED_BY_USER_MANAGER_TEXT, "Please ask them to restore your access."],
    button: null,
  },
  unrecognisedIp: {
    title: "Unrecognised IP address",
    paragraphs: [
      LOGIN_REFUSALS.unrecognisedIp,
      "Your organisation allows access only from its approved networks. Please connect from an approved network, or contact your administrator.",
    ],
    button: null,
  },
  linkExpired: {
    title: "This link has expired",
    paragraphs: ["The verification link has expired or has already been used.", "Please contact support to receive a new link."],
    button: "Contact support",
  },
  alreadyVerified: {
    title: "Your email is already verified",
    paragraphs: ["This link has already been used. You can log in with your email address and password."],
    button: "Go to log in",
  },
  notActivated: {
    title: "Your account is not activated",
    paragraphs: [
      "Your account has not been activated for this organisation.",
      "Use the link in your invitation email to activate it, or continue to log in.",
    ],
    button: "Continue",
  },
  fallback: {
    title: "Something went wrong",
    paragraphs: ["We could not log you in. Please try again later."],
    button: "Log in",
  },
} as const satisfies Record<keyof typeof ACCOUNT_PAGES | "suspendedByUserManager" | "fallback", AccountPageText>;
