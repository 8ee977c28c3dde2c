import { describe, expect, it } from "vitest";
import { getFeatureFlags, setFeatureFlag } from "./feature-flags-client.js";
import { mockProviderPerTest } from "./mock-provider.test-helper.js";
import { ProviderError } from "./provider-errors.js";

const provider = mockProviderPerTest();

const flags = { environment: "local", flags: { sdltEnabled: true, "switch-subscriber": false } };

describe("the feature flag client", () => {
  it("reads the flags of an environment with the caller's token", async () => {
    provider.answer("GET", "/api/v1/feature-flags", 200, flags);
    expect(await getFeatureFlags(provider.ctx, "local")).toEqual(flags);
    expect(provider.seen[0]).toMatchObject({
      method: "GET",
      path: "/api/v1/feature-flags?environment=local",
    });
    expect(provider.seen[0].headers.authorization).toBe("Bearer access-token");
  });

  it("leaves the environment out when none is asked for", async () => {
    provider.answer("GET", "/api/v1/feature-flags", 200, flags);
    await getFeatureFlags(provider.ctx);
    expect(provider.seen[0].path).toBe("/api/v1/feature-flags");
  });

  it("sets one flag with PUT, the name escaped, and answers the flags after", async () => {
    provider.answer("PUT", "/api/v1/feature-flags/switch-subscriber", 200, flags);
    expect(await setFeatureFlag(provider.ctx, "switch-subscriber", false, "local")).toEqual(flags);
    expect(provider.seen[0]).toMatchObject({ method: "PUT", body: { enabled: false, environment: "local" } });
  });

  it("refuses an answer that breaks the contract, and passes on the provider's refusal", async () => {
    provider.answer("GET", "/api/v1/feature-flags", 200, { environment: "moon", flags: {} });
    await expect(getFeatureFlags(provider.ctx)).rejects.toThrow();
    provider.answer("PUT", "/api/v1/feature-flags/sdltEnabled", 403, {
      status: 403,
      code: "FORBIDDEN",
      message: "No",
    });
    const refusal = await setFeatureFlag(provider.ctx, "sdltEnabled", true).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ProviderError);
    expect(refusal).toMatchObject({ status: 403, code: "FORBIDDEN", message: "No" });
  });
});
