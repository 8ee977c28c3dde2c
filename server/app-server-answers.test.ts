/**
 * The app's server as remix-serve builds it (compression, static assets, morgan's `tiny` request log, then
 * the request handler), behind the origin guard: static assets carry nosniff, and the request log never
 * shows the login callback's code and state, while the handler still receives them.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import type { Server } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import express, { type RequestHandler } from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import "./origin-guard";

// remix-serve's own middleware (they ship no types).
const load = createRequire(import.meta.url);
const compression = load("compression") as () => RequestHandler;
const morgan = load("morgan") as (format: string, options: { stream: { write(line: string): void } }) => RequestHandler;

const logLines: string[] = [];
const seenUrls: string[] = [];
const seenRequestIds: (string | undefined)[] = [];
let server: Server;
let base: string;

beforeAll(async () => {
  const assets = mkdtempSync(join(tmpdir(), "convey-assets-"));
  writeFileSync(join(assets, "entry.js"), "console.log('asset')");
  const app = express();
  app.use(compression());
  app.use("/build", express.static(assets, { immutable: true, maxAge: "1y" }));
  app.use(morgan("tiny", { stream: { write: (line: string) => void logLines.push(line) } }));
  app.all("*", (request, response) => {
    seenUrls.push(request.originalUrl);
    seenRequestIds.push(request.headers["x-convey-request-id"] as string | undefined);
    response.status(302).setHeader("location", "/workspaces").end();
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("the app's server answers", () => {
  it("serve static assets with nosniff", async () => {
    const response = await fetch(`${base}/build/entry.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("log the login callback without its code and state, which the handler still receives", async () => {
    const url = "/authorize?code=Secret-Code-123&state=Secret-State-456&iss=http%3A%2F%2Flocalhost";
    const response = await fetch(`${base}${url}`, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(seenUrls).toContain(url);
    await expect.poll(() => logLines.some((line) => line.includes("/authorize"))).toBe(true);
    const line = logLines.find((entry) => entry.includes("/authorize"))!;
    expect(line).toContain("GET /authorize?code=[redacted]&state=[redacted]&iss=http%3A%2F%2Flocalhost 302");
    expect(logLines.join("")).not.toMatch(/Secret-Code-123|Secret-State-456/);
  });

  it("log no token passed in a query", async () => {
    await fetch(`${base}/logout?id_token_hint=eyJ.Secret-Token.x&refresh_token=Secret-Refresh&tab=1`, { redirect: "manual" });
    await expect.poll(() => logLines.some((line) => line.includes("/logout"))).toBe(true);
    expect(logLines.find((line) => line.includes("/logout"))).toContain("/logout?id_token_hint=[redacted]&refresh_token=[redacted]&tab=1");
    expect(logLines.join("")).not.toMatch(/Secret-Token|Secret-Refresh/);
  });

  it("give every request a fresh request id of their own, whatever the client sent", async () => {
    seenRequestIds.length = 0;
    await fetch(`${base}/workspaces`, { redirect: "manual", headers: { "x-convey-request-id": "chosen-by-the-client" } });
    await fetch(`${base}/workspaces`, { redirect: "manual", headers: { "x-convey-request-id": "chosen-by-the-client" } });
    expect(seenRequestIds).toHaveLength(2);
    expect(seenRequestIds).not.toContain("chosen-by-the-client");
    expect(seenRequestIds[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(seenRequestIds[0]).not.toBe(seenRequestIds[1]);
  });
});
