/**
 * `invariantResponse(condition, message, status)`: throws a Response (rendered by the error page for its
 * status) when the condition does not hold. Usable on both sides; pages use it for 403 and 404.
 */
export function invariantResponse(
  condition: unknown,
  message: string | (() => string),
  status = 400,
): asserts condition {
  if (!condition) {
    throw new Response(typeof message === "function" ? message() : message, {
      status,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
}
