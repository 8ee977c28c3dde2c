import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ProviderError, ProviderUnavailableError } from "../core/shared/provider-errors.js";
import { UseCaseRefusal } from "../core/shared/refusals.js";
import { CliError, NotLoggedInError, UsageError } from "./errors.js";
import { describeError } from "./report.js";

describe("describeError", () => {
  it.each([
    [new UsageError("--api-url: enter a URL"), "--api-url: enter a URL", 2],
    [new NotLoggedInError(), "Not logged in: run `convey login`", 1],
    [new CliError("Cancelled: nothing was changed"), "Cancelled: nothing was changed", 1],
    [new UseCaseRefusal("Enter the primary username", "invalid"), "Enter the primary username", 2],
    [new UseCaseRefusal("Not on the IP allow list: 10.0.0.9"), "Not on the IP allow list: 10.0.0.9", 1],
    [new ProviderError(401, "UNAUTHORIZED", "jwt expired", "c1"), "Your session has expired or was revoked: run `convey login`", 1],
    [new ProviderError(403, "FORBIDDEN", "You do not have permission to suspend this user", "c2"), "You do not have permission to suspend this user", 1],
    [new ProviderError(500, "INTERNAL", "Internal server error", "c3"), "Internal server error (correlation id c3)", 1],
    [new ProviderUnavailableError("The provider at http://x could not be reached (ECONNREFUSED)", "c4"), "The provider at http://x could not be reached (ECONNREFUSED)", 1],
    [new Error("boom"), "Unexpected error: boom", 1],
  ])("%s → %j, exit %i", (error, message, exitCode) => {
    expect(describeError(error)).toEqual({ message, exitCode });
  });

  it("names the first unexpected field of a provider answer", () => {
    const error = z.object({ status: z.enum(["Active"]) }).safeParse({ status: "Gone" }).error;

    expect(describeError(error).message).toMatch(
      /^The provider answered with something this version of convey does not understand \(status: .+\)$/,
    );
  });
});

describe("describeError with CONVEY_TOKEN", () => {
  it("says the token given in the environment was refused, not that a login expired", () => {
    const refused = new ProviderError(401, "UNAUTHORIZED", "jwt expired", "c5");
    expect(describeError(refused, { CONVEY_TOKEN: "t" })).toEqual({
      message: "The provider refused the access token in CONVEY_TOKEN (expired or revoked): give a new one",
      exitCode: 1,
    });
  });
});
