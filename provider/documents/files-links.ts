/**
 * Signed download links (document 3 section 9: a download URL lasts 60 seconds;
 * docs/decisions/0701-file-storage-scanner-and-links.md). A link names a file and its expiry, signed with
 * HMAC-SHA256 under a key derived from the provider's encryption key, so it needs no bearer token (the browser
 * opens it in a new window) and cannot be made, stretched or pointed at another file without the key.
 *
 * Token: `<fileId>.<expiry ms>.<base64url signature>`. An expired link answers 410, a tampered or malformed
 * one 403; expiry is counted on the product clock (so a test or a demo can pass it by moving the clock).
 */
import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import { DOWNLOAD_LINK_TTL_MS, FILE_DOWNLOADS_PATH } from "../../core/documents/files-api.js";
import { ApiError } from "../platform/errors.js";

export const LINK_MESSAGES = {
  expired: "This download link has expired. Open the document again from the Documents tab.",
  invalid: "This download link is not valid.",
} as const;

export class DownloadLinkSigner {
  private readonly key: Buffer;

  constructor(encryptionKey: Buffer) {
    this.key = Buffer.from(hkdfSync("sha256", encryptionKey, Buffer.alloc(0), "convey lodgement file download links", 32));
  }

  private signature(fileId: string, expiresAtMs: number): string {
    return createHmac("sha256", this.key).update(`${fileId}.${expiresAtMs}`).digest("base64url");
  }

  /** A link for the file, valid `ttlMs` from `now`: the path under the provider's URL and its expiry. */
  sign(fileId: string, now: Date, ttlMs = DOWNLOAD_LINK_TTL_MS): { downloadUrl: string; expiresAt: string } {
    const expiresAtMs = now.getTime() + ttlMs;
    const token = `${fileId}.${expiresAtMs}.${this.signature(fileId, expiresAtMs)}`;
    return { downloadUrl: `${FILE_DOWNLOADS_PATH}/${token}`, expiresAt: new Date(expiresAtMs).toISOString() };
  }

  /** The file a token names, if its signature holds (403) and it has not expired at `now` (410). */
  verify(token: string, now: Date): string {
    const match = /^([0-9a-f-]{36})\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match) throw new ApiError(403, "INVALID_LINK", LINK_MESSAGES.invalid);
    const [, fileId, expiry, given] = match as unknown as [string, string, string, string];
    const expected = Buffer.from(this.signature(fileId, Number(expiry)));
    const offered = Buffer.from(given);
    if (expected.length !== offered.length || !timingSafeEqual(expected, offered)) throw new ApiError(403, "INVALID_LINK", LINK_MESSAGES.invalid);
    if (Number(expiry) <= now.getTime()) throw new ApiError(410, "LINK_EXPIRED", LINK_MESSAGES.expired);
    return fileId;
  }
}
