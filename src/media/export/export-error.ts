/** Typed failures of an overlay video export; each code has a sentence in both languages (video i18n, export.errors). */
export type ExportErrorCode =
  /** The stored video is not an MP4/MOV this exporter reads (no index or no video track), or it is gone. */
  | 'unsupported-source'
  /** The browser cannot decode the video's codec (HEVC from newer phones): `detail` names the codec. */
  | 'undecodable'
  /** The browser can encode neither H.264 nor VP9. */
  | 'no-encoder'
  /** The device's storage filled up while the file was written. */
  | 'quota'
  /** The racer cancelled. */
  | 'aborted'
  /** The chosen laps are not in the video (or the session has no such laps). */
  | 'not-covered'
  /** The video has no sync with the session yet. */
  | 'not-synced'
  /** Decoding, drawing, encoding or writing failed for another reason. */
  | 'failed';

export class ExportError extends Error {
  override readonly name = 'ExportError';
  constructor(
    readonly code: ExportErrorCode,
    message: string,
    readonly detail: string = '',
  ) {
    super(message);
  }
}

/** An ExportError as it crosses from the worker (Comlink sends plain objects): code, message and detail kept. */
export interface ExportFailure {
  code: ExportErrorCode;
  message: string;
  detail: string;
}

export const toFailure = (e: unknown): ExportFailure =>
  e instanceof ExportError ? { code: e.code, message: e.message, detail: e.detail } : { code: 'failed', message: e instanceof Error ? `${e.name}: ${e.message}` : String(e), detail: '' };
