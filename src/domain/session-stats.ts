/**
 * The figures a session list shows for each session (best lap, lap count, duration), worked out from its laps
 * file alone: the laps file is small (one line a lap), so they are computed wherever a session's texts are
 * stored, on the main thread, without the positions.
 *
 * Rules, the same as the lap viewer and the server's session summary:
 * - lap count: the laps of the file (lap 0, before the first start/finish crossing, is not one; the In Lap is),
 *   which is what the lap table lists and what the server counts;
 * - best lap: the fastest valid lap (time > 0), null without one, as the lap viewer's 'Best lap';
 * - duration: how long the session ran, first fix to last (session-length.ts), which the laps' times do not add
 *   up to (before the first crossing, a lap never closed, after the last); from a laps file alone (no fixes), the
 *   sum of the valid laps' times, as the lap viewer's 'Total time'; null without either.
 */
import { parseLapsText } from './parse-laps';
import { sessionLengthMs } from './session-length';
import type { LapRecord } from './session-types';

/** The format of stored stats: stats of another version are computed again. */
export const SESSION_STATS_VERSION = 2;

export interface SessionStats {
  version: number;
  bestLapMs: number | null;
  lapCount: number;
  durationMs: number | null;
}

/**
 * `lengthMs`: the session's first to last fix (sessionLengthMs), null when its fixes are unknown.
 * @internal Exported for its tests.
 */
export function sessionStatsFromLaps(laps: readonly LapRecord[], lengthMs: number | null = null): SessionStats {
  let bestLapMs: number | null = null;
  let durationMs = 0;
  let valid = 0;
  let lapCount = 0;
  // A loop, not Math.min(...times): a spread of a huge laps file overflows the stack.
  for (const lap of laps) {
    if (lap.lapNumber === 0) continue;
    lapCount++;
    if (!lap.valid || !(lap.timeMs > 0)) continue;
    valid++;
    durationMs += lap.timeMs;
    if (bestLapMs === null || lap.timeMs < bestLapMs) bestLapMs = lap.timeMs;
  }
  return { version: SESSION_STATS_VERSION, bestLapMs, lapCount, durationMs: lengthMs ?? (valid > 0 ? durationMs : null) };
}

/**
 * Stats of a laps file's text and, when given, the positions file's bytes (the duration); damaged lines are skipped
 * the way the parsers skip them everywhere.
 */
export function sessionStatsFromLapsText(text: string, positions?: Uint8Array): SessionStats {
  return sessionStatsFromLaps(parseLapsText(text).laps, positions ? sessionLengthMs(positions) : null);
}
