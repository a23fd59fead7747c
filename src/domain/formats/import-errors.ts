/**
 * Typed errors of the importers. A file that cannot become a session at all (empty, not the format it claims,
 * no usable fix, no date) throws an ImportError; single bad lines inside a usable file are reported as
 * ParseIssues instead and the rest is kept. ImportError is a DomainError (code 'invalid-argument': the caller
 * handed over a file that is not a session), so the worker's error path treats it like every domain error;
 * `reason` says which way the file is bad.
 */
import { DomainError } from '../errors';

export type ImportErrorReason =
  /** Nothing but whitespace. */
  | 'empty-file'
  /** The content is none of the supported formats. */
  | 'unknown-format'
  /** The expected structure (sections, header row, root element, columns) is missing. */
  | 'bad-structure'
  /** Structure fine, but not a single usable fix. */
  | 'no-fixes'
  /** Times of day without any date in the file, and no fallback date given. */
  | 'missing-date'
  /** A binary file cut short or failing its own checksum (FIT CRC, an MP4 whose index cannot be read). */
  | 'damaged'
  /** A video without GPS telemetry (no GoPro GPMF track, or one without GPS in it). */
  | 'no-telemetry'
  /** GPS telemetry present, but the receiver never had a lock: no fix to place. */
  | 'no-gps-lock';

export class ImportError extends DomainError {
  readonly reason: ImportErrorReason;

  constructor(reason: ImportErrorReason, message: string) {
    super('invalid-argument', message);
    this.name = 'ImportError';
    this.reason = reason;
  }
}

export function isImportError(value: unknown): value is ImportError {
  return value instanceof ImportError;
}
