/** HTML building blocks for the identity provider's pages: escaping and the product's page layout. */

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(value: unknown): string {
  return String(value ?? "").replace(/[&<>"']/g, (character) => ESCAPES[character]);
}

export const PRODUCT_NAME = "Convey";

export interface LayoutOptions {
  /** The page's own title; the product name is appended. */
  title: string;
  /** Public path of the assets folder, e.g. /oidc/assets */
  assetsPath: string;
  /** The inside of <main>. */
  main: string;
  /** External scripts (same origin), e.g. the logout auto-submit. */
  scripts?: readonly string[];
}

export function layout({ title, assetsPath, main, scripts = [] }: LayoutOptions): string {
  const scriptTags = scripts.map((src) => `<script src="${escapeHtml(src)}" defer></script>`).join("");
  return `<!DOCTYPE html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)} – ${PRODUCT_NAME}</title>
<link rel="stylesheet" href="${escapeHtml(assetsPath)}/pico.min.css">
<link rel="stylesheet" href="${escapeHtml(assetsPath)}/oidc.css">
${scriptTags}
</head>
<body>
<header class="container"><p class="brand">${PRODUCT_NAME}</p></header>
<main class="container">
<article class="card">
${main}
</article>
</main>
<footer class="container"><small>${PRODUCT_NAME}: conveyancing workspaces for lenders, law firms and conveyancers in England and Wales.</small></footer>
</body>
</html>`;
}

/** A GOV.UK-style error summary: announced on load (role="alert"), each message linked to its field. */
export function errorSummary(errors: readonly { id: string; field: string; message: string }[]): string {
  if (errors.length === 0) return "";
  const items = errors
    .map((error) => `<li><a id="${escapeHtml(error.id)}" href="#${escapeHtml(error.field)}">${escapeHtml(error.message)}</a></li>`)
    .join("");
  return `<div class="error-summary" role="alert" aria-labelledby="error-summary-title">
<h2 id="error-summary-title">There is a problem</h2>
<ul>${items}</ul>
</div>`;
}

/** The product's own small stylesheet, beside Pico. */
export const PRODUCT_CSS = `
.brand { font-weight: 700; font-size: 1.25rem; margin: 1rem 0 0; }
main.container { max-width: 32rem; }
.card h1 { font-size: 1.75rem; margin-bottom: 1rem; }
.error-summary { border: 3px solid var(--pico-del-color, #c62828); padding: 1rem 1.25rem; margin-bottom: 1.5rem; }
.error-summary h2 { font-size: 1.125rem; margin-bottom: 0.5rem; }
.error-summary ul { margin: 0; padding-left: 1.25rem; }
.error-summary a { color: var(--pico-del-color, #c62828); font-weight: 600; }
.user-code { font-family: var(--pico-font-family-monospace, monospace); letter-spacing: 0.15em; text-transform: uppercase; }
.actions { display: flex; gap: 1rem; flex-wrap: wrap; }
.actions button { width: auto; }
.mail-text { white-space: pre-wrap; overflow-wrap: anywhere; font-family: var(--pico-font-family-monospace, monospace); font-size: 0.875rem; }
.mailbox li { margin-bottom: 0.75rem; overflow-wrap: anywhere; }
.mail-headers dd { overflow-wrap: anywhere; }
`;

/** Submits the logout confirmation at once when JavaScript runs; without it the visible button does. */
export const LOGOUT_SCRIPT = `document.addEventListener("DOMContentLoaded", function () {
  var form = document.getElementById("logout-form");
  if (form) form.submit();
});
`;
