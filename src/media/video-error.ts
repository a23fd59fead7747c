/**
 * Typed failures of adding a video; each code has a sentence in both languages (src/features/sessions/video/i18n.ts).
 */
export type VideoErrorCode =
  /** Not an MP4 / MOV / WebM the browser can read, or no video track. */
  | 'unsupported-file'
  /** A video whose codec this browser cannot decode (HEVC from newer phones): `codec` names it. */
  | 'undecodable'
  /** One of the GoPro chapters picked together cannot be read (not an MP4, damaged, cut short, or gone). */
  | 'chapter-unreadable'
  /** The chapters picked together were not recorded alike (another codec or picture size): not one recording. */
  | 'chapters-differ'
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
  /** The picked file the failure is about, when it is one of several (a chapter). */
  readonly fileName: string | null;
  /** The codec string of an 'undecodable' video. */
  readonly codec: string | null;
  constructor(
    readonly code: VideoErrorCode,
    message: string,
    options?: { cause?: unknown; fileName?: string; codec?: string },
  ) {
    super(message, options);
    this.fileName = options?.fileName ?? null;
    this.codec = options?.codec ?? null;
  }
}
