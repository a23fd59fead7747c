import type { PositionColumns } from '../session-types';

/** The device logs at 25 Hz: one fix every 40 ms (device-protocol.md, 'File contents'). */
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
