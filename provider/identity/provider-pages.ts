/**
 * The pages oidc-provider renders itself (device flow, logout, errors), in the product's look. oidc-provider
 * hands over its own form markup; where that markup is not accessible (the code input has no label and an
 * inline event handler), the page builds its own form with the same action and anti-forgery value.
 */
import type { Configuration, KoaContextWithOIDC } from "oidc-provider";
import { PRODUCT_NAME } from "./html.js";
import { deviceCodePage, deviceConfirmPage, logoutPage, messagePage } from "./pages.js";

type Features = NonNullable<Configuration["features"]>;
type DeviceFlow = NonNullable<Features["deviceFlow"]>;
type Logout = NonNullable<Features["rpInitiatedLogout"]>;

function formAttribute(form: string, pattern: RegExp): string {
  return pattern.exec(form)?.[1] ?? "";
}

const actionOf = (form: string) => formAttribute(form, /action="([^"]*)"/);
const xsrfOf = (form: string) => formAttribute(form, /name="xsrf" value="([^"]*)"/);

function html(ctx: KoaContextWithOIDC, body: string): void {
  ctx.type = "html";
  ctx.body = body;
}

/** What the code page says after an error (the library's re-render errors are named). */
function deviceError(ctx: KoaContextWithOIDC, err: Error | undefined): { error?: string; notice?: string } {
  if (!err) return {};
  switch (err.name) {
    case "NoCodeError":
      return { error: "Enter the code shown in your terminal" };
    case "NotFoundError":
      return { error: "The code is not recognised. Check it and try again" };
    case "ExpiredError":
      return { error: "The code has expired. Run the login command again to get a new code" };
    case "AlreadyUsedError":
      return { error: "The code has already been used. Run the login command again to get a new code" };
    case "AbortedError": {
      const refusal = ctx.oidc.entities.Interaction?.result?.error_description;
      return typeof refusal === "string" && refusal !== "End-User aborted interaction"
        ? { error: `The login was refused: ${refusal}` }
        : { notice: "The login was cancelled. Your terminal has been told." };
    }
    default:
      return { error: "There was a problem with the code. Run the login command again to get a new code" };
  }
}

export type ProviderPages = ReturnType<typeof providerPages>;

export function providerPages(options: { mountPath: string; appUrl: string }) {
  const { mountPath, appUrl } = options;
  const assetsPath = `${mountPath}/assets`;

  const userCodeInputSource: DeviceFlow["userCodeInputSource"] = (ctx, form, _out, err) => {
    const userCode = err && "userCode" in err && typeof err.userCode === "string" ? err.userCode : "";
    html(ctx, deviceCodePage({ assetsPath, action: actionOf(form), xsrf: xsrfOf(form), userCode, ...deviceError(ctx, err) }));
  };

  const userCodeConfirmSource: DeviceFlow["userCodeConfirmSource"] = (ctx, form, client, _deviceInfo, userCode) => {
    html(ctx, deviceConfirmPage({ assetsPath, form, userCode, clientName: client.clientName ?? client.clientId }));
  };

  const successSource: DeviceFlow["successSource"] = (ctx) => {
    html(
      ctx,
      messagePage({
        assetsPath,
        title: "You are logged in",
        paragraphs: ["The command-line tool is now logged in. You can close this window and go back to your terminal."],
      }),
    );
  };

  const logoutSource: Logout["logoutSource"] = (ctx, form) => {
    html(ctx, logoutPage({ assetsPath, action: actionOf(form), xsrf: xsrfOf(form) }));
  };

  const postLogoutSuccessSource: Logout["postLogoutSuccessSource"] = (ctx) => {
    html(
      ctx,
      messagePage({
        assetsPath,
        title: "You have logged out",
        paragraphs: [`You have logged out of ${PRODUCT_NAME}.`],
        link: { href: appUrl, text: "Log in again" },
      }),
    );
  };

  /** Errors without internals: the public error description only, never a stack trace. */
  const renderError: Configuration["renderError"] = (ctx, out, error) => {
    const expired =
      error.name === "SessionNotFound" || /interaction|authorization request has expired/i.test(String(out.error_description ?? ""));
    html(
      ctx,
      expired
        ? messagePage({
            assetsPath,
            title: "Your login has expired",
            paragraphs: ["The login took too long or was already completed. Go back and log in again."],
            link: { href: appUrl, text: `Go to ${PRODUCT_NAME}` },
          })
        : messagePage({
            assetsPath,
            title: "Something went wrong",
            paragraphs: [
              out.error_description ? `The request could not be completed: ${out.error_description}.` : "The request could not be completed.",
            ],
            link: { href: appUrl, text: `Go to ${PRODUCT_NAME}` },
          }),
    );
  };

  /**
   * Logout without a provider session (it ended already): oidc-provider answers with its own auto-submit
   * page, whose no-script button says "Continue". The product's logout page replaces it, so the person
   * sees the same page either way.
   */
  function replaceSessionlessLogout(ctx: KoaContextWithOIDC): void {
    const { oidc } = ctx;
    const secret = oidc?.session?.state?.secret;
    if (oidc?.route !== "end_session" || ctx.status !== 200 || oidc.session?.accountId || typeof secret !== "string") return;
    html(ctx, logoutPage({ assetsPath, action: `${mountPath}/session/end/confirm`, xsrf: secret }));
  }

  return {
    userCodeInputSource,
    userCodeConfirmSource,
    successSource,
    logoutSource,
    postLogoutSuccessSource,
    renderError,
    replaceSessionlessLogout,
  };
}
