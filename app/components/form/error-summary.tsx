/**
 * The GOV.UK error summary: "There is a problem" at the top of the form, one link per field error that
 * moves to the field, and the form's own errors (a provider failure) as plain lines. It appears after a
 * submission (from the server, or the browser's check of a submit), not while the user tabs through
 * fields; with JavaScript it takes focus when it appears so a screen reader announces it.
 */
import type { FormMetadata } from "@conform-to/react";
import { useEffect, useRef, useState } from "react";
import { errorSummaryItems } from "./error-summary-items";

export function ErrorSummary({
  form,
  title = "There is a problem",
  headingLevel = 2,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  form: FormMetadata<any, string[]>;
  title?: string;
  /** The summary's heading level: 2 on a page of its own, deeper inside a section (an inline form). */
  headingLevel?: 2 | 3 | 4 | 5 | 6;
}) {
  const Heading = `h${headingLevel}` as const;
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
      <Heading id={`${form.id}-error-summary-title`}>{title}</Heading>
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
