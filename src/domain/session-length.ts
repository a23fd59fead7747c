/**
 * How long a session ran: from its first fix to its last (ms), read from the positions file (parse-positions.ts)
 * the lists store. Lap times do not add up to it: the time before the first crossing, a lap never closed and the
 * stop after the last crossing are part of a session too (an AiM file of 15:51 has 14:15 of laps).
 *
 * Lists compute it wherever a session's texts are written, so it reads only the file's first and last lines (a
 * 7 h session is 25 MB): a few kilobytes from each end, cut to whole lines. Only when the ends hold no timed fix
 * (every line corrupt there, or 4-field lines without a time) is the whole file parsed, with the 25 Hz times
 * fixTimesMs gives untimed fixes.
 */
import { fixTimesMs } from './detection/fix-times';
import { parsePositionsBytes } from './parse-positions';

/** Bytes read at each end: ~100 lines of the device's format, so a few corrupt lines there still leave a fix. */
const END_BYTES = 4096;
const NL = 0x0a;

/** The time of the first (or last) fix with a time in `bytes`, or NaN. */
function timedFix(bytes: Uint8Array, last: boolean): number {
  const { positions } = parsePositionsBytes(bytes, { maxIssues: 0 });
  const { count, timeMs } = positions;
  for (let k = 0; k < count; k++) {
    const t = timeMs[last ? count - 1 - k : k];
    if (Number.isFinite(t)) return t;
  }
  return NaN;
}

/** First to last fix, ms; null without two fixes. */
export function sessionLengthMs(bytes: Uint8Array): number | null {
  if (bytes.length === 0) return null;
  if (bytes.length > 2 * END_BYTES) {
    const headEnd = bytes.lastIndexOf(NL, END_BYTES);
    const tailStart = bytes.indexOf(NL, bytes.length - END_BYTES - 1);
    if (headEnd > 0 && tailStart > headEnd) {
      const first = timedFix(bytes.subarray(0, headEnd + 1), false);
      const last = timedFix(bytes.subarray(tailStart + 1), true);
      if (Number.isFinite(first) && Number.isFinite(last) && last >= first) return last - first;
    }
  }
  const positions = parsePositionsBytes(bytes, { maxIssues: 0 }).positions;
  if (positions.count < 2) return null;
  const times = fixTimesMs(positions);
  const span = times[positions.count - 1] - times[0];
  return Number.isFinite(span) && span >= 0 ? span : null;
}
