/**
 * A modal as a route. Without JavaScript the route is a page of its own (its parent shows only the outlet);
 * with JavaScript the parent page stays and the route opens as a native <dialog> over it. Closing it (Escape,
 * its Cancel link, or the close button) goes back to `closeTo`; its form posts to the route's own action as
 * any page does, and the action's redirect closes it.
 *
 *   // app/routes/workspaces.$workspaceId.cancel.tsx
 *   export const handle = DIALOG_ROUTE;
 *   export default function Cancel() {
 *     return <RouteDialog title="Cancel workspace" closeTo="..">…form…</RouteDialog>;
 *   }
 *   // the parent route
 *   if (useDialogRouteAsPage()) return <Outlet />;
 */
import { Link, useMatches, useNavigate } from "@remix-run/react";
import { useEffect, useId, useRef, type ReactNode } from "react";
import { useHydrated } from "./use-hydrated";

/** `export const handle = DIALOG_ROUTE` marks a route module as a dialog route. */
export const DIALOG_ROUTE = { dialog: true } as const;

function isDialogHandle(handle: unknown): boolean {
  return typeof handle === "object" && handle !== null && (handle as { dialog?: unknown }).dialog === true;
}

/**
 * For the parent of dialog routes: true when a dialog route is open and the page is not hydrated (no
 * JavaScript, or before hydration), so the parent renders only `<Outlet />` and the dialog is the page.
 */
export function useDialogRouteAsPage(): boolean {
  const hydrated = useHydrated();
  const matches = useMatches();
  return !hydrated && matches.some((match) => isDialogHandle(match.handle));
}

export function RouteDialog({
  title,
  closeTo,
  children,
  closeLabel = "Close",
}: {
  title: ReactNode;
  /** Where closing goes: the parent page. */
  closeTo: string;
  children: ReactNode;
  closeLabel?: string;
}) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (hydrated && dialog && !dialog.open) dialog.showModal();
  }, [hydrated]);

  if (!hydrated) {
    return (
      <section className="route-dialog-page" aria-labelledby={titleId}>
        <h1 id={titleId}>{title}</h1>
        {children}
      </section>
    );
  }
  return (
    <dialog
      ref={ref}
      className="route-dialog"
      aria-labelledby={titleId}
      onClose={() => navigate(closeTo, { preventScrollReset: true })}
    >
      <article>
        <header>
          <Link to={closeTo} preventScrollReset aria-label={closeLabel} rel="prev" className="route-dialog-close" />
          <h2 id={titleId}>{title}</h2>
        </header>
        {children}
      </article>
    </dialog>
  );
}
