/**
 * An action the user may take but not now (a locked or cancelled workspace): it looks disabled and says why
 * in text beside it, not only in a tooltip; still focusable, so keyboard and screen-reader users reach it and
 * hear the reason as its description.
 */
export function DisabledAction({ id, label, reason }: { id: string; label: string; reason: string }) {
  return (
    <span className="disabled-action">
      <button type="button" className="secondary" aria-disabled="true" aria-describedby={`${id}-why`} title={reason}>
        {label}
      </button>
      <small id={`${id}-why`} className="disabled-reason">
        {reason}
      </small>
    </span>
  );
}
