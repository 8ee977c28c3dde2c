/**
 * Renders each document whole (no route defers data) and adds the security headers, with a fresh CSP nonce
 * per response for the root's script tags.
 */
import { randomBytes } from "node:crypto";
import { Writable } from "node:stream";
import {
  type ActionFunctionArgs,
  type EntryContext,
  type HandleDataRequestFunction,
  type LoaderFunctionArgs,
} from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { config } from "./config.server";
import { NonceProvider } from "./security/nonce";
import { commonSecurityHeaders, documentSecurityHeaders } from "./security/security-headers";

/** How long the loader data streamed into the document may take before React gives up on it. */
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
  return new Promise<Response>((resolve, reject) => {
    // The whole document at once: no route defers data or suspends, so the shell is the page, and one
    // buffer costs the server (and its compression) far fewer writes than a stream of React's chunks.
    const chunks: Buffer[] = [];
    let abort = () => {};
    const timeout = setTimeout(() => abort(), streamTimeout + 1_000).unref();
    // Once the whole document is in, React has nothing left to abort: the timer is cleared, and the sink
    // emits no 'close' (React would answer one by aborting the finished render, ending the sink again, and
    // Node would make an error of that, with its stack, on every page).
    const sink = new Writable({
      emitClose: false,
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        clearTimeout(timeout);
        const body = Buffer.concat(chunks);
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        responseHeaders.set("Content-Length", String(body.length));
        resolve(new Response(body, { headers: responseHeaders, status: responseStatusCode }));
        done();
      },
    });
    const { pipe, abort: abortRender } = renderToPipeableStream(
      <NonceProvider nonce={nonce}>
        <RemixServer context={remixContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          pipe(sink);
        },
        onShellError(error: unknown) {
          clearTimeout(timeout);
          reject(error);
        },
        onError() {
          // An error in the shell rejects above and Remix logs it; the status tells the browser it failed.
          responseStatusCode = 500;
        },
      },
    );
    abort = abortRender;
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
