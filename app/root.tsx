import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Links, LiveReload, Meta, Outlet, Scripts, ScrollRestoration, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import picoHref from "@picocss/pico/css/pico.min.css";
import { checkStanding, getMe, listAssociatedSubscribers } from "../core/administration/subscriber-users-client.js";
import { AppHeader } from "./components/app-header";
import { getLodgementIdentifiers } from "../core/administration/client.js";
import { GeneralErrorBoundary } from "./components/error-page";
import { headerModel, type HeaderModel } from "./components/header-model.server";
import { useLinkNavigation } from "./components/plain-link";
import { ToastMessage } from "./components/toast";
import { config } from "./config.server";
import { throwProviderError, unlessTheAddressIsRefused } from "./errors/provider-errors.server";
import { takeToast } from "./errors/toast.server";
import { featureFlags } from "./feature-flags.server";
import { useNonce } from "./security/nonce";
import { cachedForSession } from "./session/header-cache.server";
import { provesStanding } from "./session/standing.server";
import { getOptionalUser, type UserSession } from "./session/user-session.server";
import appHref from "./styles/app.css";
import formHref from "./components/form/form.css";
import { pageTitle, titleFor } from "./utils/meta";
import { isPublicPath } from "./utils/public-paths";
import type { RootData } from "./utils/root-data";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: picoHref },
  { rel: "stylesheet", href: appHref },
  { rel: "stylesheet", href: formHref },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const { toast, setCookie } = await takeToast(request);
  const user = await getOptionalUser(request);
  const { pathname } = new URL(request.url);
  const standalone = isPublicPath(pathname);
  const rootData: RootData = {
    csrfToken: user?.csrfToken ?? null,
    toast,
    header: user && !standalone ? await loadHeader(request, user, pathname) : null,
    helpUrl: config.helpUrl,
  };
  return data(rootData, setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined);
}

/**
 * The header: the user, their subscribers and whether lodgement credentials exist come from the provider
 * once per session and subscriber (session/header-cache.server.ts), the flags from their own cache. The
 * token's standing is checked on every page: a suspended user or a revoked grant answers 401, which ends
 * the session and sends the browser to log in, on the first page after it happened. A refusal by the IP
 * allow list is left to the page's own provider calls: a form whose write it refused stays on screen with
 * the user's input and the error, and the next page that reads from the provider ends the session.
 */
async function loadHeader(request: Request, user: UserSession, pathname: string): Promise<HeaderModel> {
  const cacheKey = { sessionId: user.session.id, subscriberId: user.claims.subscriberId };
  try {
    const [, [me, associatedSubscribers], flags] = await Promise.all([
      // Never cached: proves on every page that the user is still Active and the login not revoked,
      // unless the page's own loader proves it.
      provesStanding(pathname, user) ? undefined : checkStanding(user.ctx).catch(unlessTheAddressIsRefused),
      cachedForSession(cacheKey, "account", () =>
        Promise.all([getMe(user.ctx), listAssociatedSubscribers(user.ctx, user.claims.userId)]),
      ),
      featureFlags(user.ctx),
    ]);
    const input = {
      me,
      roles: user.claims.roles,
      permissions: user.claims.permissions,
      associatedSubscribers,
      selectedSubscriberId: user.claims.subscriberId,
      flags,
    };
    const model = headerModel(input);
    if (!model.showLodgementIdentifier || !user.claims.subscriberId) return model;
    const hasLodgementCredentials = await cachedForSession(cacheKey, "lodgementCredentials", () => lodgementCredentialsExist(user));
    return headerModel({ ...input, hasLodgementCredentials });
  } catch (error) {
    return throwProviderError(request, error);
  }
}

/** Whether the subscriber's lodgement identifiers exist; a failure is only logged (document 1 section 7). */
async function lodgementCredentialsExist(user: UserSession): Promise<boolean | undefined> {
  try {
    return (await getLodgementIdentifiers(user.ctx, user.claims.subscriberId ?? undefined)).identifiers !== null;
  } catch (error) {
    console.warn(`Lodgement credentials could not be fetched (${(error as Error).message})`);
    return undefined;
  }
}

/** The header and the provider checks run on every navigation, not only on the first page load. */
export const shouldRevalidate = () => true;

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en" data-theme="light">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        <a href="#main-content" className="skip-link">
          Skip to main content
        </a>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
        <LiveReload nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { header, toast, helpUrl } = useLoaderData<typeof loader>();
  useLinkNavigation();
  return (
    <>
      {header ? <AppHeader header={header} helpUrl={helpUrl} /> : null}
      <main id="main-content" className={header ? "container" : "container standalone"} tabIndex={-1}>
        <ToastMessage toast={toast} />
        <Outlet />
      </main>
    </>
  );
}

export const meta: MetaFunction = ({ error }) => (error ? titleFor("", error) : pageTitle());

export function ErrorBoundary() {
  return (
    <main id="main-content" className="container standalone" tabIndex={-1}>
      <GeneralErrorBoundary />
    </main>
  );
}
