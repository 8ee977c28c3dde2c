/** A same-site path to return to, or the fallback for anything else (absolute or protocol-relative URLs). */
export function safeLocalPath(value: string | null | undefined, fallback = "/workspaces"): string {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  return value;
}
