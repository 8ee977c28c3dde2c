/**
 * Links of this app as plain anchors, for the parts that render many of them on every page load (the
 * workspace list's rows, chips, tabs, sort and pager; the header). Remix's <Link> costs tens of
 * microseconds of server rendering each: it resolves its path against the route matches several times and
 * sets up its prefetch state. On the workspace list that was a fifth of the app's time per page
 * (docs/decisions/0014-workspace-list-page-cost.md).
 *
 * A `PlainLink` is the same anchor a <Link> renders, marked for Remix's route discovery (`data-discover`)
 * as <Link> marks it. `useLinkNavigation`, used once by the root, turns a plain left click on such an
 * anchor anywhere in the document into a client-side navigation, as <Link> would (a link to the page
 * already shown replaces it in the history). Without JavaScript it is the same anchor: a page load.
 */
import { useNavigate } from "@remix-run/react";
import { useEffect, type AnchorHTMLAttributes } from "react";

interface PlainLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> {
  /** A path of this app (with its query), e.g. "/workspaces?page=2". */
  to: string;
  /** Keep the scroll position when it navigates (as <Link preventScrollReset>): for links that change a list in place. */
  preventScrollReset?: boolean;
  /** Load the page anew, even with JavaScript (as <Link reloadDocument>). */
  reloadDocument?: boolean;
}

export function PlainLink({ to, preventScrollReset, reloadDocument, children, ...props }: PlainLinkProps) {
  return (
    <a
      {...props}
      href={to}
      data-discover={reloadDocument ? undefined : "true"}
      data-prevent-scroll-reset={preventScrollReset ? "" : undefined}
    >
      {children}
    </a>
  );
}

/** What a click must be for the app to navigate in place: the main button, no modifier, no other target. */
function isPlainLinkClick(event: MouseEvent): HTMLAnchorElement | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return null;
  const anchor = event.target instanceof Element ? event.target.closest("a[data-discover]") : null;
  if (!(anchor instanceof HTMLAnchorElement)) return null;
  if ((anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) return null;
  return anchor.origin === window.location.origin ? anchor : null;
}

/**
 * One listener on the document for every plain link. It runs after React's own handlers (registered on the
 * document first), so a Remix <Link>, which navigates and prevents the default itself, is left alone.
 */
export function useLinkNavigation() {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const anchor = isPlainLinkClick(event);
      if (!anchor) return;
      event.preventDefault();
      const to = `${anchor.pathname}${anchor.search}${anchor.hash}`;
      const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
      navigate(to, { replace: to === here, preventScrollReset: anchor.hasAttribute("data-prevent-scroll-reset") });
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);
}
