/**
 * A use-case's refusal, made before anything is sent to the provider: `invalid` when what was asked is
 * malformed (the CLI's usage error), `refused` when it is well-formed but cannot be done as asked. The
 * provider refuses the same things again; this only spares the call and words the refusal at once.
 */
export class UseCaseRefusal extends Error {
  constructor(
    message: string,
    readonly kind: "invalid" | "refused" = "refused",
  ) {
    super(message);
    this.name = "UseCaseRefusal";
  }
}
