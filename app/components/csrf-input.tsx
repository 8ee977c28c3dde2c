/** The hidden CSRF field every form carries (the token comes from the root loader). */
import { CSRF_FIELD } from "../security/csrf-field";
import { useRootData } from "../utils/root-data";

export function CsrfInput() {
  return <input type="hidden" name={CSRF_FIELD} value={useRootData()?.csrfToken ?? ""} />;
}
