import { describe, expect, it } from "vitest";
import { isPublicPath } from "./public-paths";

describe("isPublicPath", () => {
  it.each([
    "/user/blocked",
    "/user/suspended",
    "/user/unrecognised-ip-address",
    "/email/verification-link-expired",
    "/email/already-verified",
    "/user/account-not-activated",
    "/authorize",
    "/login",
    "/logout",
    "/user/blocked/",
  ])("%s is public", (path) => expect(isPublicPath(path)).toBe(true));

  it.each(["/", "/workspaces", "/landing-page", "/switch-subscriber", "/user", "/user/blocked/x", "/anything"])(
    "%s needs a session",
    (path) => expect(isPublicPath(path)).toBe(false),
  );
});
