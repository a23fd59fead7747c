/** What the video panel tells the racer when adding, opening or syncing a video fails: the message's key and the file it names. */
import { MarkFitError } from '../../../domain/video/hand-marks';
import { VideoError } from '../../../media/video-error';

export type Problem = { key: string; name?: string; codec?: string } | null;

export function problemOf(e: unknown): Problem {
  if (e instanceof VideoError) return { key: `errors.${e.code}`, ...(e.fileName === null ? {} : { name: e.fileName }), ...(e.codec === null ? {} : { codec: e.codec }) };
  if (e instanceof MarkFitError) return { key: `errors.${e.reason}` };
  return { key: 'errors.write-failed' };
}
