import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { decryptSecret, encryptSecret } from "./encryption.js";

const key = randomBytes(32);

describe("encryptSecret / decryptSecret", () => {
  it("round-trips text, including non-ASCII", () => {
    for (const plain of ["s3cret", "", "pâss wörd £ 🔑", "x".repeat(5000)]) {
      expect(decryptSecret(key, encryptSecret(key, plain))).toBe(plain);
    }
  });

  it("uses a fresh IV each time, so equal secrets seal differently", () => {
    const a = encryptSecret(key, "same");
    const b = encryptSecret(key, "same");
    expect(a).not.toBe(b);
    expect(a.split(".")[1]).not.toBe(b.split(".")[1]);
  });

  it("does not contain the plain text", () => {
    expect(encryptSecret(key, "visible-secret")).not.toContain("visible-secret");
  });

  it("refuses a wrong key", () => {
    const sealed = encryptSecret(key, "s3cret");
    expect(() => decryptSecret(randomBytes(32), sealed)).toThrow(/could not be decrypted/);
  });

  it("refuses an altered ciphertext or tag", () => {
    const sealed = encryptSecret(key, "s3cret");
    const [version, iv, tag, data] = sealed.split(".");
    const flip = (part: string) => {
      const bytes = Buffer.from(part, "base64url");
      bytes[0] ^= 1;
      return bytes.toString("base64url");
    };
    expect(() => decryptSecret(key, [version, iv, tag, flip(data)].join("."))).toThrow();
    expect(() => decryptSecret(key, [version, iv, flip(tag), data].join("."))).toThrow();
  });

  it("refuses an unknown format and a key of the wrong length", () => {
    expect(() => decryptSecret(key, "not-sealed")).toThrow(/known format/);
    expect(() => encryptSecret(randomBytes(16), "x")).toThrow(/32 bytes/);
  });
});
