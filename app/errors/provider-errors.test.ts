import { describe, expect, it } from "vitest";
import { ProviderError, ProviderUnavailableError } from "../../core/shared/provider-errors.js";
import { endsSession, providerErrorResponse, providerErrorToast } from "./provider-errors";

const failure = (status: number, message = "Provider says no") => new ProviderError(status, "CODE", message, "corr-1");

describe("provider errors", () => {
  it("ends the session on 401 only", () => {
    expect(endsSession(failure(401))).toBe(true);
    expect(endsSession(failure(403))).toBe(false);
    expect(endsSession(new Error("boom"))).toBe(false);
  });

  it.each([400, 403, 404, 409, 500, 503, 504])("shows the error page of status %i", (status) => {
    const response = providerErrorResponse(failure(status));
    expect(response.status).toBe(status);
    expect(response.headers.get("X-Correlation-Id")).toBe("corr-1");
  });

  it("shows 503 when the provider cannot be reached", () => {
    expect(providerErrorResponse(new ProviderUnavailableError("down", "corr-2")).status).toBe(503);
  });

  it("treats a status outside the error range as 500", () => {
    expect(providerErrorResponse(failure(302)).status).toBe(500);
  });

  it("turns a failed write into the catalogue's toast", () => {
    expect(providerErrorToast(failure(409, ""))).toMatchObject({ kind: "error", title: "Conflict" });
    expect(providerErrorToast(failure(424, "Upstream failed"))).toEqual({
      kind: "error",
      title: "Internal server error",
      message: "Upstream failed",
    });
    expect(providerErrorToast(failure(418, "Teapot"))).toMatchObject({ title: "Error !", message: "Teapot" });
  });
});
