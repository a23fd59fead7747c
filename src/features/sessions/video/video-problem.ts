/** What the video panel tells the racer when adding, opening or syncing a video fails: the message's key and the file it names. */
import { MarkFitError } from '../../../domain/video/hand-marks';
import { VideoError } from '../../../media/video-error';

export type Problem = { key: string; name?: string } | null;

export function problemOf(e: unknown): Problem {
  if (e instanceof VideoError) return e.fileName === null ? { key: `errors.${e.code}` } : { key: `errors.${e.code}`, name: e.fileName };
  if (e instanceof MarkFitError) return { key: `errors.${e.reason}` };
  return { key: 'errors.write-failed' };
}
