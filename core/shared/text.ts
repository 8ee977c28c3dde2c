/**
 * Text that cannot be stored: a NUL character (PostgreSQL refuses it in text) or half of a surrogate pair
 * (not valid Unicode, so not valid UTF-8). One rule for the app's forms, the provider's requests and the
 * identity provider's login form.
 */
// eslint-disable-next-line no-control-regex -- finding the NUL character is the point
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const UNSTORABLE_TEXT_MESSAGE =
  "Your entry contains characters that cannot be saved (such as a null character or an incomplete emoji). Remove them and try again.";

export function hasUnstorableCharacters(text: string): boolean {
  return UNSTORABLE.test(text);
}

/** Whether any string in a value (a string, or strings nested in arrays and objects) cannot be stored. */
export function containsUnstorableText(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return hasUnstorableCharacters(value);
  if (depth > 32 || value === null || typeof value !== "object") return false;
  if (Array.isArray(value)) return value.some((item) => containsUnstorableText(item, depth + 1));
  return Object.entries(value).some(([key, item]) => hasUnstorableCharacters(key) || containsUnstorableText(item, depth + 1));
}
