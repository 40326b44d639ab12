/**
 * One typed error model for domain refusals (ADR 025): a French message the
 * person can act on and the 4xx status the route answers with, optionally the
 * form field it belongs to. Domain modules throw a DomainError (or a named
 * subclass, for the logs); routes turn it into their usual action result
 * (`guarded` in the back office, a conform reply in the member area). Any
 * other error is a bug or an outage and is never shown as is.
 */
export type DomainErrorStatus = 400 | 403 | 404 | 409 | 413 | 422 | 429 | 502;

export class DomainError<Field extends string = string> extends Error {
  constructor(
    message: string,
    readonly status: DomainErrorStatus = 400,
    readonly field: Field | null = null,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export const isDomainError = (error: unknown): error is DomainError => error instanceof DomainError;
