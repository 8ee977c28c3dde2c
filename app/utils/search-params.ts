/**
 * The one reading of a whole-number URL parameter (`?page=`, `?limit=`): one to six digits, at least 1;
 * anything else is null, so the caller's default applies and a hand-typed address never errors.
 */
export function positiveIntParam(value: string | null | undefined): number | null {
  if (typeof value !== "string" || !/^\d{1,6}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 ? n : null;
}
