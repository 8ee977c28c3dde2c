/**
 * A link that looks like a button, for navigation from error and status pages. A plain anchor (a full page
 * load), so it clears an error and lets /login continue to the identity provider, with or without JavaScript.
 */
import type { ReactNode } from "react";

export function LinkButton({ to, children, secondary = false }: { to: string; children: ReactNode; secondary?: boolean }) {
  return (
    <a href={to} className={secondary ? "button secondary" : "button"}>
      {children}
    </a>
  );
}
