/**
 * Growing typed columns for importers: push fixes one by one (absolute UTC ms), get PositionColumns with
 * times relative to the first fix, cumulative distance, and speeds filled in where the file had none.
 */
import type { PositionColumns } from '../session-types';
import { cumulativeDistanceM } from '../geo/distance';

export class ColumnsBuilder {
  private capacity: number;
  private size = 0;
  private epochMs: Float64Array;
  private lat: Float64Array;
  private lon: Float64Array;
  private speed: Float32Array;

  constructor(initialCapacity = 1024) {
    this.capacity = Math.max(16, initialCapacity);
    this.epochMs = new Float64Array(this.capacity);
    this.lat = new Float64Array(this.capacity);
    this.lon = new Float64Array(this.capacity);
    this.speed = new Float32Array(this.capacity);
  }

  get count(): number {
    return this.size;
  }

  /** Absolute time of the last pushed fix (NaN when empty). */
  get lastEpochMs(): number {
    return this.size > 0 ? this.epochMs[this.size - 1] : NaN;
  }

  /** Adds a fix; `speedKmh` may be NaN (derived from the positions at the end). */
  push(epochMs: number, lat: number, lon: number, speedKmh: number): void {
    if (this.size === this.capacity) this.grow();
    const i = this.size++;
    this.epochMs[i] = epochMs;
    this.lat[i] = lat;
    this.lon[i] = lon;
    this.speed[i] = speedKmh;
  }

  /** The columns, and the first fix's absolute time. */
  finish(): { positions: PositionColumns; startEpochMs: number } {
    const count = this.size;
    const start = count > 0 ? this.epochMs[0] : NaN;
    const timeMs = new Float64Array(count);
    for (let i = 0; i < count; i++) timeMs[i] = this.epochMs[i] - start;
    const lat = this.lat.slice(0, count);
    const lon = this.lon.slice(0, count);
    const distanceM = cumulativeDistanceM(lat, lon, count);
    const speedKmh = this.speed.slice(0, count);
    fillMissingSpeeds(speedKmh, timeMs, distanceM);
    return {
      positions: { count, lap: new Int32Array(count), timeMs, lat, lon, speedKmh, distanceM },
      startEpochMs: start,
    };
  }

  private grow(): void {
    this.capacity *= 2;
    const grow = <T extends Float64Array | Float32Array>(a: T, make: (n: number) => T): T => {
      const b = make(this.capacity);
      b.set(a);
      return b;
    };
    this.epochMs = grow(this.epochMs, (n) => new Float64Array(n));
    this.lat = grow(this.lat, (n) => new Float64Array(n));
    this.lon = grow(this.lon, (n) => new Float64Array(n));
    this.speed = grow(this.speed, (n) => new Float32Array(n));
  }
}

/** Speeds the file did not give (NaN): distance over time between the neighbouring fixes, km/h. */
function fillMissingSpeeds(speedKmh: Float32Array, timeMs: Float64Array, distanceM: Float64Array): void {
  const count = speedKmh.length;
  for (let i = 0; i < count; i++) {
    if (Number.isFinite(speedKmh[i])) continue;
    const a = Math.max(0, i - 1);
    const b = Math.min(count - 1, i + 1);
    const dt = timeMs[b] - timeMs[a];
    speedKmh[i] = dt > 0 ? ((distanceM[b] - distanceM[a]) / dt) * 3600 : 0;
  }
}

/** ISO 8601 UTC text of an epoch-ms time. */
export function isoOf(epochMs: number): string {
  return new Date(epochMs).toISOString();
}

/** UTC midnight (epoch ms) of a fallback date, or NaN when none or unreadable. */
export function fallbackDayMs(fallback: string | number | undefined): number {
  if (fallback === undefined) return NaN;
  const ms = typeof fallback === 'number' ? fallback : Date.parse(fallback);
  if (!Number.isFinite(ms)) return NaN;
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
}

/** Splits text into lines (tolerating CRLF); the index + 1 is the line number. */
export function splitLines(text: string): string[] {
  return text.split(/\r?\n|\r/);
}
