/**
 * The provider's failures as the client raises them. Apart from the client itself (no HTTP library here), so
 * that components can test for them without taking the transport into the browser bundle.
 */
export class ProviderError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly correlationId: string,
  ) {
    super(message);
    this.name = "ProviderError";
  }
}

/** The provider could not be reached at all (connection refused, DNS, time-out). */
export class ProviderUnavailableError extends ProviderError {
  constructor(message: string, correlationId: string) {
    super(503, "PROVIDER_UNAVAILABLE", message, correlationId);
    this.name = "ProviderUnavailableError";
  }
}
