import { describe, expect, it } from "vitest";
import { ProviderError, ProviderUnavailableError } from "../../core/shared/provider-errors.js";
import { endsSession, providerErrorResponse, providerErrorToast, writeFailureToastFor } from "./provider-errors";
import { CONFLICT_MESSAGE } from "../../core/shared/errors.js";
import { ADMINISTRATION_MESSAGES } from "../../core/administration/messages.js";

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

  it("gives a stale version the conflict message, and a duplicate email the provider's own words", () => {
    const stale = new ProviderError(409, "CONFLICT", CONFLICT_MESSAGE, "corr-3");
    expect(writeFailureToastFor(stale).message).toBe(CONFLICT_MESSAGE);
    const duplicate = new ProviderError(409, "USER_EXISTS", ADMINISTRATION_MESSAGES.userExists("Harper & Vale LLP"), "corr-4");
    expect(writeFailureToastFor(duplicate).message).toBe("A user with this email already exists at Harper & Vale LLP.");
    expect(writeFailureToastFor(duplicate).message).not.toContain("workspace");
  });
});
