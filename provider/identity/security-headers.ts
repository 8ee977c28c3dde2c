/** Response headers for every identity provider page: a strict CSP (no inline script) and friends. */

/** Forms post to the provider itself; its redirects after a form post go to the clients' registered URIs. */
export function contentSecurityPolicy(formTargets: readonly string[]): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    `form-action 'self'${formTargets.map((target) => ` ${target}`).join("")}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join("; ");
}

/** Origins of the web client's redirect and post-logout URIs. */
export function originsOf(uris: readonly string[]): string[] {
  const origins = new Set<string>();
  for (const uri of uris) {
    try {
      origins.add(new URL(uri).origin);
    } catch {
      // not a URL: nothing to allow
    }
  }
  return [...origins];
}

export function securityHeaders(csp: string): Record<string, string> {
  return {
    "content-security-policy": csp,
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "referrer-policy": "no-referrer",
  };
}
