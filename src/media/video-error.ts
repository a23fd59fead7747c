/** Typed failures of adding a video; each code has a sentence in both languages (features/video/i18n.ts). */
export type VideoErrorCode =
  /** Not an MP4 / MOV / WebM the browser can read, or no video track. */
  | 'unsupported-file'
  /** The browser has no Origin Private File System. */
  | 'no-storage'
  /** The disk (the origin's quota) is full. */
  | 'quota'
  /** The racer cancelled the copy. */
  | 'aborted'
  /** Writing the copy failed for another reason. */
  | 'write-failed';

export class VideoError extends Error {
  override readonly name = 'VideoError';
  constructor(
    readonly code: VideoErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
