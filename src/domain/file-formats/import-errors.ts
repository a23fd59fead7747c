/**
 * Typed errors of the importers. A file that cannot become a session at all (empty, not the format it claims,
 * no usable fix, no date) throws an ImportError; single bad lines inside a usable file are reported as
 * ParseIssues instead and the rest is kept. ImportError is a DomainError (code 'invalid-argument': the caller
 * handed over a file that is not a session), so the worker's error path treats it like every domain error;
 * `reason` says which way the file is bad and `detail` names what (the missing columns, the damaged line), so
 * the screen can say it in the user's language.
 */
import { DomainError } from '../errors';
import type { ForeignFormatKind } from './foreign-formats';

export type ImportErrorReason =
  /** Nothing but whitespace (or 0 bytes). */
  | 'empty-file'
  /** The content is none of the supported formats. */
  | 'unknown-format'
  /** A format recognised but not read here (detail.format, detail.kind: foreign-formats.ts). */
  | 'unsupported-format'
  /** The expected structure (sections, header row, root element, columns) is missing. */
  | 'bad-structure'
  /** A section the format needs is not in the file (detail.section). */
  | 'missing-section'
  /** Columns the format needs are not in the header (detail.missing; detail.found lists what is there). */
  | 'missing-columns'
  /** Structure fine, but not a single usable fix (detail.line / detail.lineReason: the first damaged line). */
  | 'no-fixes'
  /** Times of day without any date in the file, and no fallback date given. */
  | 'missing-date'
  /** Bytes that are not text (a picture, an archive, a video of the wrong kind). */
  | 'binary'
  /** Larger than any session a logger writes (detail.limitMb). */
  | 'too-large'
  /** A binary file cut short or failing its own checksum (FIT CRC, an MP4 whose index cannot be read). */
  | 'damaged'
  /** A video without GPS telemetry (no GoPro GPMF track, or one without GPS in it). */
  | 'no-telemetry'
  /** GPS telemetry present, but the receiver never had a lock: no fix to place. */
  | 'no-gps-lock'
  /** A logger's file without any GPS in it (a logger without a GPS module, or with it switched off). */
  | 'no-gps';

export interface ImportErrorDetail {
  /** Names of the missing columns (the first alias of each). */
  missing?: string[];
  /** The columns the file has, as written. */
  found?: string[];
  /** A missing section, as written in the format ('[data]'). */
  section?: string;
  /** 1-based line of the first damaged line, and why it is damaged. */
  line?: number;
  lineReason?: string;
  /** The size limit, MB. */
  limitMb?: number;
  /** The format the file was recognised as, when it is one not read here (a ForeignFormat id, or 'zlib'). */
  format?: string;
  /** What kind of file that format is: a logger's log, an archive to unpack, or something else. */
  kind?: ForeignFormatKind;
  /** The file's extension (lower case, without the dot), when the refusal names it. */
  extension?: string;
}

export class ImportError extends DomainError {
  readonly reason: ImportErrorReason;
  readonly detail: ImportErrorDetail;

  constructor(reason: ImportErrorReason, message: string, detail: ImportErrorDetail = {}) {
    super('invalid-argument', message);
    this.name = 'ImportError';
    this.reason = reason;
    this.detail = detail;
  }
}

export function isImportError(value: unknown): value is ImportError {
  return value instanceof ImportError;
}
