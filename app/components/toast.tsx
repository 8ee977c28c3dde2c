/**
 * The one-time toast of the previous action. Without JavaScript it is plain text at the top of the page;
 * with it, it closes after TOAST_DURATION_MS, on its close button, or on a click anywhere else.
 */
import { useEffect, useRef, useState } from "react";
import { TOAST_DURATION_MS, type Toast } from "../../core/shared/errors.js";

export function ToastMessage({ toast }: { toast: Toast | null }) {
  const [dismissed, setDismissed] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    setDismissed(false);
    if (!toast) return;
    const timer = setTimeout(() => setDismissed(true), TOAST_DURATION_MS);
    const onClickAway = (event: MouseEvent) => {
      if (ref.current && !ref.current.contains(event.target as Node)) setDismissed(true);
    };
    document.addEventListener("click", onClickAway);
    return () => {
      clearTimeout(timer);
      document.removeEventListener("click", onClickAway);
    };
  }, [toast]);

  if (!toast || dismissed) return null;
  return (
    <div ref={ref} className={`toast toast-${toast.kind}`} role={toast.kind === "error" ? "alert" : "status"}>
      <p>
        <strong>{toast.title}</strong>
        <br />
        {toast.message}
      </p>
      {hydrated ? (
        <button type="button" className="toast-close secondary outline" onClick={() => setDismissed(true)}>
          Close<span className="visually-hidden"> notification</span>
        </button>
      ) : null}
    </div>
  );
}
