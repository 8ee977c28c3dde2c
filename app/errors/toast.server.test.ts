import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { Toast } from "../../core/shared/errors.js";

let toastCookie: (toast: Toast) => Promise<string>;
let takeToast: (request: Request) => Promise<{ toast: Toast | null; setCookie: string | null }>;

beforeAll(async () => {
  // The module reads its signing secret from the app config: give it a data folder of its own.
  vi.stubEnv("DATA_DIR", mkdtempSync(join(tmpdir(), "toast-")));
  vi.stubEnv("SESSION_SECRET", "test-session-secret");
  vi.stubEnv("WEB_CLIENT_SECRET", "test-client-secret");
  ({ toastCookie, takeToast } = await import("./toast.server"));
});

const withCookie = (setCookie: string) => new Request("http://localhost:3000/", { headers: { Cookie: setCookie.split(";")[0] } });

describe("toasts", () => {
  const toast: Toast = { kind: "error", title: "Conflict", message: "Someone else changed this workspace." };

  it("shows a toast once, then clears it", async () => {
    const { toast: shown, setCookie } = await takeToast(withCookie(await toastCookie(toast)));
    expect(shown).toEqual(toast);
    expect(setCookie).toMatch(/^__toast=;/);
    expect(setCookie).toMatch(/Expires=Thu, 01 Jan 1970/);
  });

  it("has nothing to show without the cookie, and sets no cookie", async () => {
    expect(await takeToast(new Request("http://localhost:3000/"))).toEqual({ toast: null, setCookie: null });
  });

  it("ignores a forged cookie", async () => {
    const forged = `__toast=${Buffer.from(JSON.stringify({ __flash_toast__: toast })).toString("base64")}`;
    const { toast: shown } = await takeToast(new Request("http://localhost:3000/", { headers: { Cookie: forged } }));
    expect(shown).toBeNull();
  });
});
