/**
 * Closes a <details> popover on navigation, on Escape and on a click outside it (with JavaScript; without
 * it the popover closes by its own summary, as any <details> does).
 *
 * Only a later navigation closes it, not the first render: a popover opened before the page hydrated
 * (a quick click on its summary) stays open.
 */
import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";

export function useCloseOnOutside() {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  const shownKey = useRef(location.key);
  useEffect(() => {
    if (shownKey.current === location.key) return;
    shownKey.current = location.key;
    if (ref.current) ref.current.open = false;
  }, [location.key]);
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (ref.current?.open && !ref.current.contains(event.target as Node)) ref.current.open = false;
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape" && ref.current?.open) {
        ref.current.open = false;
        ref.current.querySelector("summary")?.focus();
      }
    };
    document.addEventListener("click", onClick);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("click", onClick);
      document.removeEventListener("keydown", onKey);
    };
  }, []);
  return ref;
}
