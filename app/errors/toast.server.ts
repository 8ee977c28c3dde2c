/**
 * One-time toasts (document 1 section 7: a failed write shows an error toast). A toast lives in its own
 * small signed cookie rather than in the file session: only the root loader reads and clears it, so the
 * parallel loaders of one request never race on it.
 */
import { createCookieSessionStorage, redirect } from "@remix-run/node";
import { z } from "zod";
import type { Toast } from "../../core/shared/errors.js";
import { config } from "../config.server";

const TOAST_KEY = "toast";

const ToastSchema = z.object({
  kind: z.enum(["error", "success", "info"]),
  title: z.string(),
  message: z.string(),
});

const toastStorage = createCookieSessionStorage({
  cookie: {
    name: "__toast",
    httpOnly: true,
    sameSite: "lax",
    secure: config.secureCookies,
    path: "/",
    secrets: [config.sessionSecret],
  },
});

/** The Set-Cookie header that shows `toast` on the next page. */
export async function toastCookie(toast: Toast): Promise<string> {
  const session = await toastStorage.getSession();
  session.flash(TOAST_KEY, toast);
  return toastStorage.commitSession(session);
}

/** The pending toast, if any, and the header that clears it (null when there was none). */
export async function takeToast(request: Request): Promise<{ toast: Toast | null; setCookie: string | null }> {
  const session = await toastStorage.getSession(request.headers.get("Cookie"));
  const parsed = ToastSchema.safeParse(session.get(TOAST_KEY));
  if (!session.has(TOAST_KEY) && !parsed.success) return { toast: null, setCookie: null };
  return { toast: parsed.success ? parsed.data : null, setCookie: await toastStorage.destroySession(session) };
}

export const successToast = (message: string): Toast => ({ kind: "success", title: "Success", message });

/** A redirect that shows `toast` on the page it lands on. */
export async function redirectWithToast(to: string, toast: Toast): Promise<Response> {
  return redirect(to, { headers: { "Set-Cookie": await toastCookie(toast) } });
}
