/** Name of the hidden form field that carries the session's CSRF token (shared by the form and the check). */
export const CSRF_FIELD = "csrf";
