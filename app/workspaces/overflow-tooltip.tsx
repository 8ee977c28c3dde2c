/**
 * Tooltips of the workspace screens: "Text cells that overflow show a tooltip" (document 1 section 2.4) and
 * the applicant count "whose tooltip lists all" (sections 2.4 and 2.6).
 *
 * With JavaScript the tooltip exists only when it says something the reader cannot see: when the text is
 * cut with an ellipsis (measured, and measured again whenever the element's size changes), or always for a
 * count of hidden names. Then the text can take the keyboard focus (or the link inside it has it), and
 * the tooltip shows on hover and on focus, is the focused element's description, and Escape dismisses it.
 * Without JavaScript nothing can be measured: every such text carries a `title` instead.
 *
 * The list's browser code imports nothing from core at run time (docs/decisions/0210-workspace-pages.md):
 * the maximum width (core's TOOLTIP_MAX_WIDTH_PX) is in workspaces.css.
 */
import { useCallback, useEffect, useId, useRef, useState, type CSSProperties, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { useHydrated } from "../components/form/use-hydrated";

interface OverflowTooltipProps {
  /** The tooltip's text (by default the whole text that may be cut). */
  tip: string;
  /** Show it whatever the width (a count whose tooltip lists the names); otherwise only when the text overflows. */
  always?: boolean;
  className?: string;
  /**
   * The text. A function receives the tooltip's id (when there is a tooltip) for the focusable element inside
   * (a link), which then takes the focus and the description instead of the text itself.
   */
  children: ReactNode | ((describedBy: string | undefined) => ReactNode);
}

/** Whether the element's content is wider than its box (cut with an ellipsis); kept up to date on resize. */
function useOverflowing(enabled: boolean, content: string) {
  const ref = useRef<HTMLSpanElement>(null);
  const [overflowing, setOverflowing] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!enabled || !element) return;
    const measure = () => setOverflowing(element.scrollWidth > element.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [enabled, content]);
  return { ref, overflowing };
}

export function OverflowTooltip({ tip, always = false, className = "truncate", children }: OverflowTooltipProps) {
  const hydrated = useHydrated();
  const id = useId();
  const { ref, overflowing } = useOverflowing(hydrated && !always, tip);
  const active = hydrated && (always || overflowing);
  const [position, setPosition] = useState<CSSProperties | null>(null);
  const hideTimer = useRef<ReturnType<typeof setTimeout>>();

  const place = useCallback(() => {
    const box = ref.current?.getBoundingClientRect();
    if (box) setPosition({ top: box.bottom, left: Math.max(4, Math.min(box.left, window.innerWidth - 240)) });
  }, [ref]);
  const show = useCallback(() => {
    clearTimeout(hideTimer.current);
    place();
  }, [place]);
  const hide = useCallback(() => {
    clearTimeout(hideTimer.current);
    setPosition(null);
  }, []);
  // The pointer may cross from the text to the tooltip (and back) without losing it.
  const hideSoon = useCallback(() => {
    clearTimeout(hideTimer.current);
    hideTimer.current = setTimeout(() => setPosition(null), 150);
  }, []);
  useEffect(() => () => clearTimeout(hideTimer.current), []);

  // A tooltip fixed to the viewport follows its text when the page or a table scrolls.
  const open = position !== null;
  useEffect(() => {
    if (!open) return;
    window.addEventListener("scroll", place, { passive: true, capture: true });
    window.addEventListener("resize", place);
    return () => {
      window.removeEventListener("scroll", place, { capture: true });
      window.removeEventListener("resize", place);
    };
  }, [open, place]);

  const describedBy = active ? id : undefined;
  const focusInside = typeof children === "function";
  const content = typeof children === "function" ? children(describedBy) : children;
  return (
    <span
      ref={ref}
      className={active && always && !focusInside ? `${className} has-tooltip` : className}
      title={hydrated ? undefined : tip}
      // A count of hidden names can be focused to read them, with or without JavaScript (then its title).
      tabIndex={(active || always) && !focusInside ? 0 : undefined}
      aria-describedby={focusInside ? undefined : describedBy}
      onMouseEnter={active ? show : undefined}
      onMouseLeave={active ? hideSoon : undefined}
      onFocus={active ? show : undefined}
      onBlur={active ? hide : undefined}
      onKeyDown={
        active
          ? (event) => {
              if (event.key === "Escape") hide();
            }
          : undefined
      }
    >
      {content}
      {/* Outside the text, so that its own content (and what a copy or a test reads of it) stays the text; in the main landmark. */}
      {active
        ? createPortal(
            <span role="tooltip" id={id} className="tooltip" hidden={!open} style={position ?? undefined} onMouseEnter={show} onMouseLeave={hideSoon}>
              {tip}
            </span>,
            document.querySelector("main") ?? document.body,
          )
        : null}
    </span>
  );
}
