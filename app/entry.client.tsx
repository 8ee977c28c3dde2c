import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";

// A navigation interrupted by another (a click before the last page's data has all arrived) aborts its data
// request. Remix's single fetch reads a data response's first line and never watches the rest of the stream,
// so an abort before the stream closes rejects a promise nobody holds, and the browser reports an unhandled
// AbortError although nothing failed (turbo-stream's `decode(...).done`, left unawaited by Remix 2.17).
// Only that abort is silenced; every other unhandled rejection is still reported.
window.addEventListener("unhandledrejection", (event) => {
  if (event.reason instanceof DOMException && event.reason.name === "AbortError") event.preventDefault();
});

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});
