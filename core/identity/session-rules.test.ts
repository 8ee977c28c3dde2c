import { describe, expect, it } from "vitest";
import {
  ABSOLUTE_TIMEOUT_MS,
  IDLE_TIMEOUT_MS,
  needsTokenRefresh,
  rolesChangedSinceIssue,
  REFRESH_MARGIN_MS,
  sessionExpiry,
  shouldWriteLastSeen,
} from "./session-rules";

const login = Date.UTC(2025, 0, 6, 9, 0, 0);
const minutes = (n: number) => n * 60 * 1000;

describe("sessionExpiry", () => {
  it("keeps a session that was used within the last 30 minutes", () => {
    expect(sessionExpiry({ createdAt: login, lastSeenAt: login }, login + minutes(29))).toBeNull();
  });

  it("ends a session idle for 30 minutes", () => {
    expect(IDLE_TIMEOUT_MS).toBe(minutes(30));
    expect(sessionExpiry({ createdAt: login, lastSeenAt: login }, login + minutes(30))).toBe("idle");
  });

  it("ends a busy session 12 hours after login", () => {
    expect(ABSOLUTE_TIMEOUT_MS).toBe(minutes(12 * 60));
    const now = login + minutes(12 * 60);
    expect(sessionExpiry({ createdAt: login, lastSeenAt: now - 1000 }, now)).toBe("absolute");
    expect(sessionExpiry({ createdAt: login, lastSeenAt: now - 1000 }, now - 1)).toBeNull();
  });

  it("reports the absolute limit when both limits have passed", () => {
    expect(sessionExpiry({ createdAt: login, lastSeenAt: login }, login + minutes(13 * 60))).toBe("absolute");
  });

  it("treats missing times as expired", () => {
    expect(sessionExpiry({ createdAt: Number.NaN, lastSeenAt: login }, login)).toBe("absolute");
    expect(sessionExpiry({ createdAt: login, lastSeenAt: Number.NaN }, login)).toBe("idle");
  });
});

describe("needsTokenRefresh", () => {
  it("refreshes within 30 seconds of expiry and after it", () => {
    const expiresAt = login + minutes(5);
    expect(needsTokenRefresh(expiresAt, expiresAt - REFRESH_MARGIN_MS - 1)).toBe(false);
    expect(needsTokenRefresh(expiresAt, expiresAt - REFRESH_MARGIN_MS)).toBe(true);
    expect(needsTokenRefresh(expiresAt, expiresAt + 1)).toBe(true);
  });

  it("refreshes when the expiry is unknown", () => {
    expect(needsTokenRefresh(Number.NaN, login)).toBe(true);
  });
});

describe("shouldWriteLastSeen", () => {
  it("writes the last-seen time back at most once a minute", () => {
    expect(shouldWriteLastSeen(login, login + 59_999)).toBe(false);
    expect(shouldWriteLastSeen(login, login + 60_000)).toBe(true);
  });
});

describe("rolesChangedSinceIssue", () => {
  it("asks for a new token when the roles changed after it was issued, or in the same second", () => {
    const issuedAt = Date.UTC(2026, 0, 5, 10, 0, 0);
    expect(rolesChangedSinceIssue(undefined, issuedAt)).toBe(false);
    expect(rolesChangedSinceIssue(null, issuedAt)).toBe(false);
    expect(rolesChangedSinceIssue(issuedAt - 1, issuedAt)).toBe(false);
    expect(rolesChangedSinceIssue(issuedAt + 400, issuedAt)).toBe(true);
    expect(rolesChangedSinceIssue(issuedAt + 60_000, issuedAt)).toBe(true);
    expect(rolesChangedSinceIssue(issuedAt, null)).toBe(true);
  });
});
