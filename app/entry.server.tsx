/**
 * Renders documents with React streaming (whole-page for bots, streamed for browsers, as the Remix template
 * does) and adds the security headers, with a fresh CSP nonce per response for the root's script tags.
 */
import { randomBytes } from "node:crypto";
import { PassThrough } from "node:stream";
import {
  createReadableStreamFromReadable,
  type ActionFunctionArgs,
  type EntryContext,
  type HandleDataRequestFunction,
  type LoaderFunctionArgs,
} from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { config } from "./config.server";
import { NonceProvider } from "./security/nonce";
import { commonSecurityHeaders, documentSecurityHeaders } from "./security/security-headers";

/** How long pending streamed data may take before React gives up on it. */
export const streamTimeout = 5_000;

const providerOrigin = new URL(config.providerUrl).origin;
const https = config.appUrl.startsWith("https:");
const development = process.env.NODE_ENV === "development";

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  const nonce = randomBytes(16).toString("base64");
  for (const [name, value] of Object.entries(
    documentSecurityHeaders({ nonce, providerOrigin, development, https }),
  )) {
    responseHeaders.set(name, value);
  }
  // Bots (and no-JS crawlers) get the whole document at once; browsers get the shell first.
  const waitForAll = isbot(request.headers.get("user-agent") ?? "") || remixContext.isSpaMode;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const onReady = () => {
      shellRendered = true;
      const body = new PassThrough();
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
      pipe(body);
    };
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider nonce={nonce}>
        <RemixServer context={remixContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        ...(waitForAll ? { onAllReady: onReady } : { onShellReady: onReady }),
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors while rendering the shell reject and are logged by Remix; log the ones after it.
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1_000);
  });
}

/** Data requests (client navigations, fetchers) carry the same non-CSP protections. */
export const handleDataRequest: HandleDataRequestFunction = (response) => {
  for (const [name, value] of Object.entries(commonSecurityHeaders({ https }))) {
    if (!response.headers.has(name)) response.headers.set(name, value);
  }
  response.headers.set("Cache-Control", "private, no-store");
  return response;
};

/** Logs unexpected errors once, without the noise of aborted requests. */
export function handleError(error: unknown, { request }: LoaderFunctionArgs | ActionFunctionArgs) {
  if (request.signal.aborted) return;
  console.error(error);
}
