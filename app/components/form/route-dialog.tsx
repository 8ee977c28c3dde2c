/**
 * A modal as a route. Without JavaScript, or when the browser loaded its address itself, the route is a page
 * of its own (its parent shows only the outlet); opened from its parent with JavaScript, the parent page
 * stays and the route opens as a native <dialog> over it. Closing it (Escape,
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
import { Link, useLocation, useMatches, useNavigate } from "@remix-run/react";
import { useEffect, useId, useRef, type ReactNode } from "react";
import { useHydrated } from "./use-hydrated";

/** `export const handle = DIALOG_ROUTE` marks a route module as a dialog route. */
export const DIALOG_ROUTE = { dialog: true } as const;

function isDialogHandle(handle: unknown): boolean {
  return typeof handle === "object" && handle !== null && (handle as { dialog?: unknown }).dialog === true;
}

/**
 * Whether a dialog route shows as a page: without JavaScript and before hydration, and with it while the
 * browser is still on the document the server rendered (its location's key is "default"), so that what
 * was typed into the form before hydration stays there instead of being replaced by the dialog's form.
 */
function useShownAsPage(): boolean {
  const hydrated = useHydrated();
  const { key } = useLocation();
  return !hydrated || key === "default";
}

/**
 * For the parent of dialog routes: true when a dialog route is open and shows as a page (see
 * `useShownAsPage`), so the parent renders only `<Outlet />`.
 */
export function useDialogRouteAsPage(): boolean {
  const asPage = useShownAsPage();
  const matches = useMatches();
  return asPage && matches.some((match) => isDialogHandle(match.handle));
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
  const asPage = useShownAsPage();
  const navigate = useNavigate();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!asPage && dialog && !dialog.open) dialog.showModal();
  }, [asPage]);

  if (asPage) {
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
