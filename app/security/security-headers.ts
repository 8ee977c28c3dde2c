/**
 * Security headers of every document response: an enforced nonce-based Content-Security-Policy (scripts run
 * only with this response's nonce, or when loaded by such a script), no framing, no MIME sniffing, and no
 * powerful browser features. Forms may post to the app and to the provider, because login and logout
 * redirects continue there.
 */

export interface SecurityHeaderOptions {
  nonce: string;
  /** Origin of the identity provider (login and logout redirects go there). */
  providerOrigin: string;
  /** Allows the development live-reload socket. */
  development: boolean;
  /** The app is served over https: adds HSTS and upgrades stray http requests. */
  https: boolean;
}

export function contentSecurityPolicy(options: SecurityHeaderOptions): string {
  const directives: [string, ...string[]][] = [
    ["default-src", "'self'"],
    ["script-src", `'nonce-${options.nonce}'`, "'strict-dynamic'"],
    ["style-src", "'self'"],
    // Pico draws its icons with data: SVGs.
    ["img-src", "'self'", "data:"],
    ["font-src", "'self'"],
    ["connect-src", "'self'", ...(options.development ? ["ws:"] : [])],
    ["object-src", "'none'"],
    ["base-uri", "'self'"],
    ["frame-ancestors", "'none'"],
    ["form-action", "'self'", options.providerOrigin],
  ];
  if (options.https) directives.push(["upgrade-insecure-requests"]);
  return directives.map((directive) => directive.join(" ")).join("; ");
}

export function documentSecurityHeaders(options: SecurityHeaderOptions): Record<string, string> {
  return {
    "Content-Security-Policy": contentSecurityPolicy(options),
    ...commonSecurityHeaders(options),
    // Pages show personal data: never keep them in shared or back-forward caches after logout.
    "Cache-Control": "private, no-store",
  };
}

/** Headers for every response the app renders, documents and data alike. */
export function commonSecurityHeaders(options: Pick<SecurityHeaderOptions, "https">): Record<string, string> {
  return {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "DENY",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
    "Cross-Origin-Opener-Policy": "same-origin",
    ...(options.https ? { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" } : {}),
  };
}
