/** The identity provider's pages in the product's look (Pico CSS, no inline script, usable without JavaScript). */
import { errorSummary, escapeHtml, layout } from "./html.js";
import { LOCK_DURATION_TEXT } from "../../core/identity/login-throttle.js";

export const INCORRECT_CREDENTIALS = "Incorrect email address or password";
/** The login page's answer while the client address is locked (login-throttle.ts). */
export const TOO_MANY_ATTEMPTS = `Too many failed attempts to log in from your network. Try again in ${LOCK_DURATION_TEXT}.`;

type LoginField = "email" | "password";

export interface LoginError {
  /** The fields the message is about; the summary links to the first. */
  fields: LoginField[];
  message: string;
}

export interface LoginPageOptions {
  assetsPath: string;
  action: string;
  email?: string;
  errors?: LoginError[];
}

export function loginPage({ assetsPath, action, email = "", errors = [] }: LoginPageOptions): string {
  const summary = errors.map((error, index) => ({ id: `login-error-${index}`, field: error.fields[0], message: error.message }));
  const describedBy = (field: LoginField) => {
    const ids = errors.flatMap((error, index) => (error.fields.includes(field) ? [`login-error-${index}`] : []));
    return ids.length ? ` aria-invalid="true" aria-describedby="${ids.join(" ")}"` : "";
  };
  return layout({
    title: errors.length ? "Error: Log in" : "Log in",
    assetsPath,
    main: `<h1>Log in</h1>
${errorSummary(summary)}
<form method="post" action="${escapeHtml(action)}" novalidate>
<label for="email">Email address</label>
<input id="email" name="email" type="email" autocomplete="username" spellcheck="false" required value="${escapeHtml(email)}"${describedBy("email")}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${describedBy("password")}>
<button type="submit">Log in</button>
</form>`,
  });
}

export function messagePage(options: { assetsPath: string; title: string; paragraphs: string[]; link?: { href: string; text: string } }): string {
  const body = options.paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`).join("\n");
  const link = options.link ? `<p><a href="${escapeHtml(options.link.href)}" role="button">${escapeHtml(options.link.text)}</a></p>` : "";
  return layout({
    title: options.title,
    assetsPath: options.assetsPath,
    main: `<h1>${escapeHtml(options.title)}</h1>\n${body}\n${link}`,
  });
}

export interface DeviceCodePageOptions {
  assetsPath: string;
  action: string;
  xsrf: string;
  userCode?: string;
  error?: string;
  notice?: string;
}

/** Entering the code shown by the command-line tool. Typing it counts as confirming it (`confirm=yes`). */
export function deviceCodePage({ assetsPath, action, xsrf, userCode = "", error, notice }: DeviceCodePageOptions): string {
  const summary = error ? errorSummary([{ id: "user-code-error", field: "user-code", message: error }]) : "";
  const invalid = error ? ` aria-invalid="true" aria-describedby="user-code-error"` : ` aria-describedby="user-code-hint"`;
  return layout({
    title: error ? "Error: Connect the command-line tool" : "Connect the command-line tool",
    assetsPath,
    main: `<h1>Connect the command-line tool</h1>
${summary}${notice ? `<p role="status">${escapeHtml(notice)}</p>` : ""}
<form method="post" action="${escapeHtml(action)}" novalidate>
<input type="hidden" name="xsrf" value="${escapeHtml(xsrf)}">
<input type="hidden" name="confirm" value="yes">
<label for="user-code">Code</label>
<input id="user-code" name="user_code" type="text" class="user-code" autocomplete="off" autocapitalize="characters" spellcheck="false" required value="${escapeHtml(userCode)}"${invalid}>
<small id="user-code-hint">Enter the code shown in your terminal, for example BCDF-GHJK.</small>
<button type="submit">Continue</button>
</form>`,
  });
}

/** Confirming a code that arrived in the link (verification_uri_complete), so a phished link is noticed. */
export function deviceConfirmPage(options: { assetsPath: string; form: string; userCode: string; clientName: string }): string {
  return layout({
    title: "Check the code",
    assetsPath: options.assetsPath,
    main: `<h1>Check the code</h1>
<p>${escapeHtml(options.clientName)} asks to act on your behalf. Continue only if your terminal shows this code.</p>
${options.form}
<label for="shown-code">Code</label>
<input id="shown-code" type="text" class="user-code" readonly value="${escapeHtml(options.userCode)}">
<div class="actions">
<button type="submit" form="op.deviceConfirmForm">Continue</button>
<button type="submit" form="op.deviceConfirmForm" name="abort" value="yes" class="secondary">Cancel</button>
</div>`,
  });
}

export function logoutPage(options: { assetsPath: string; action: string; xsrf: string }): string {
  return layout({
    title: "Log out",
    assetsPath: options.assetsPath,
    scripts: [`${options.assetsPath}/logout.js`],
    main: `<h1>Log out</h1>
<p>You are being logged out.</p>
<form id="logout-form" method="post" action="${escapeHtml(options.action)}">
<input type="hidden" name="xsrf" value="${escapeHtml(options.xsrf)}">
<input type="hidden" name="logout" value="yes">
<button type="submit">Log out</button>
</form>`,
  });
}

export interface SetPasswordError {
  field: "password" | "confirmation";
  message: string;
}

export interface SetPasswordPageOptions {
  assetsPath: string;
  action: string;
  token: string;
  email: string;
  hint: string;
  errors?: SetPasswordError[];
}

/**
 * Choosing the first password, from the activation link. The email address is shown (and given to
 * password managers as the username); the token travels in a hidden field.
 */
export function setPasswordPage({ assetsPath, action, token, email, hint, errors = [] }: SetPasswordPageOptions): string {
  const summary = errors.map((error, index) => ({ id: `password-error-${index}`, field: error.field, message: error.message }));
  const describedBy = (field: SetPasswordError["field"], extra: string[] = []) => {
    const ids = [...extra, ...errors.flatMap((error, index) => (error.field === field ? [`password-error-${index}`] : []))];
    const invalid = errors.some((error) => error.field === field) ? ` aria-invalid="true"` : "";
    return `${invalid}${ids.length ? ` aria-describedby="${ids.join(" ")}"` : ""}`;
  };
  return layout({
    title: errors.length ? "Error: Set your password" : "Set your password",
    assetsPath,
    main: `<h1>Set your password</h1>
${errorSummary(summary)}
<p>Choose the password you will use with your email address to log in. Setting it activates your account.</p>
<form method="post" action="${escapeHtml(action)}" novalidate>
<input type="hidden" name="token" value="${escapeHtml(token)}">
<label for="email">Email address</label>
<input id="email" name="username" type="email" autocomplete="username" readonly value="${escapeHtml(email)}">
<label for="password">New password</label>
<input id="password" name="password" type="password" autocomplete="new-password" required${describedBy("password", ["password-hint"])}>
<small id="password-hint">${escapeHtml(hint)}</small>
<label for="confirmation">Confirm new password</label>
<input id="confirmation" name="confirmation" type="password" autocomplete="new-password" required${describedBy("confirmation")}>
<button type="submit">Set password and log in</button>
</form>`,
  });
}
