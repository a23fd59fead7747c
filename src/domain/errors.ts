/**
 * The one error type the domain core throws. Parsers never throw for bad input (they report `ParseIssue`s);
 * a DomainError means a caller broke a precondition (bad argument) or asked for something impossible.
 */
export type DomainErrorCode =
  | 'invalid-argument'
  | 'invalid-file-name'
  | 'invalid-coordinates'
  | 'invalid-version'
  | 'too-large'
  | 'aborted'
  | 'worker-failed';

export class DomainError extends Error {
  readonly code: DomainErrorCode;

  constructor(code: DomainErrorCode, message: string) {
    super(message);
    this.name = 'DomainError';
    this.code = code;
  }
}

/** Narrowing helper for callers (and tests) that must tell domain errors apart from bugs. */
export function isDomainError(value: unknown): value is DomainError {
  return value instanceof DomainError;
}
