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

/**
 * The request may have reached the provider, but its answer did not come back whole (the connection dropped
 * or timed out once the request was on its way): whatever it asked for may or may not have been done.
 */
export class ProviderAnswerLostError extends ProviderUnavailableError {
  constructor(message: string, correlationId: string) {
    super(message, correlationId);
    this.name = "ProviderAnswerLostError";
  }
}
