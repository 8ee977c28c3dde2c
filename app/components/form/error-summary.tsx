/**
 * The GOV.UK error summary: "There is a problem" at the top of the form, one link per field error that
 * moves to the field, and the form's own errors (a provider failure) as plain lines. It appears after a
 * submission (from the server, or the browser's check of a submit), not while the user tabs through
 * fields; with JavaScript it takes focus when it appears so a screen reader announces it.
 */
import type { FormMetadata } from "@conform-to/react";
import { useEffect, useRef, useState } from "react";
import { errorSummaryItems } from "./error-summary-items";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function ErrorSummary({ form, title = "There is a problem" }: { form: FormMetadata<any, string[]>; title?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const items = errorSummaryItems(form.id, form.allErrors);
  // Shown after a submit attempt; a reply from the server (no JavaScript, or a provider failure) counts as one.
  const [attempts, setAttempts] = useState(0);
  const fromServer = form.status === "error";
  useEffect(() => {
    const element = typeof document === "undefined" ? null : document.getElementById(form.id);
    if (!(element instanceof HTMLFormElement)) return;
    const onSubmit = (event: SubmitEvent) => {
      // Conform's list buttons (add/remove an applicant) submit an intent, not the form.
      const submitter = event.submitter as HTMLButtonElement | null;
      if (submitter?.name === "__intent__") return;
      setAttempts((count) => count + 1);
    };
    element.addEventListener("submit", onSubmit);
    return () => element.removeEventListener("submit", onSubmit);
  }, [form.id]);
  const visible = items.length > 0 && (attempts > 0 || fromServer);
  useEffect(() => {
    if (visible) ref.current?.focus();
    // Focus again on each new attempt that still has errors.
  }, [visible, attempts, fromServer]);
  if (!visible) return null;
  return (
    <div ref={ref} className="error-summary" role="alert" aria-labelledby={`${form.id}-error-summary-title`} tabIndex={-1}>
      <h2 id={`${form.id}-error-summary-title`}>{title}</h2>
      <ul>
        {items.map((item) =>
          item.href ? (
            <li key={item.key}>
              <a href={item.href}>{item.message}</a>
            </li>
          ) : (
            <li key={item.key}>{item.message}</li>
          ),
        )}
      </ul>
    </div>
  );
}
