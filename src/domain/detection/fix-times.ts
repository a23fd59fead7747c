import type { PositionColumns } from '../session-types';

/** The device logs at 25 Hz: one fix every 40 ms (docs/device-protocol.md, 'File contents'). */
const DEVICE_FIX_INTERVAL_MS = 40;

/**
 * Time of every fix in ms since session start. Where the device omitted `timeMs` (4-field lines, NaN), the
 * time is the previous fix's time plus the 25 Hz interval (the first fix without a time is at 0).
 */
export function fixTimesMs(positions: PositionColumns): Float64Array {
  const { count, timeMs } = positions;
  const out = new Float64Array(count);
  let previous = -DEVICE_FIX_INTERVAL_MS;
  for (let i = 0; i < count; i++) {
    const t = timeMs[i];
    const value = Number.isFinite(t) ? t : previous + DEVICE_FIX_INTERVAL_MS;
    out[i] = value;
    previous = value;
  }
  return out;
}

/**
 * fixTimesMs for callers that only read the times: the session's own time column when every fix has a time (the
 * usual case, where fixTimesMs would copy it unchanged), saving a 5 MB copy of a 7 h session. Never write to it.
 */
export function fixTimesMsReadOnly(positions: PositionColumns): Float64Array {
  const { count, timeMs } = positions;
  for (let i = 0; i < count; i++) if (!Number.isFinite(timeMs[i])) return fixTimesMs(positions);
  return timeMs.length === count ? timeMs : timeMs.subarray(0, count);
}
