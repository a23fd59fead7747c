/**
 * A simulated ASTRO recording: 25 Hz fixes driven round a generated track, with laps and sectors timed from
 * the same motion (so the laps file agrees with the positions). Lap 0 runs from the pit exit to the first
 * start/finish crossing; the flying laps vary a little in pace; the last lap is a slow 'In Lap'.
 */
import type { GatePoint } from '../../domain/session-types';
import { CAR, KART, buildTrack, toLatLon, type Track } from './track';
import { hashString, seededRandom } from './random';
import { writeLapsText, writeNmeaText, type SimulatedFix, type SimulatedLap } from './session-text';

export interface SimulatedCircuit {
  name: string;
  /** Circuit type name, e.g. 'Kart' (decides kart or car dynamics). */
  type?: string;
  /** `lat;lon;lat;lon...`: start/finish gate first, then the sector gates. */
  coordinates: string;
  /** Metres; when missing the loop is sized from the gates. */
  length?: number | null;
}

export interface GenerateOptions {
  /** Flying laps between lap 0 and the in lap. */
  flyingLaps: number;
  /** Session start, local time of the device (used for the file name). */
  start: Date;
  seed?: number;
}

export interface GeneratedSession {
  filename: string;
  laps: Uint8Array;
  nmea: Uint8Array;
  lapRecords: SimulatedLap[];
  fixCount: number;
}

const FIX_MS = 40;

/** @internal Exported for its tests. */
export function parseGates(coordinates: string): GatePoint[] {
  const nums = coordinates.split(';').map((s) => Number(s.trim()));
  const gates: GatePoint[] = [];
  for (let i = 0; i + 1 < nums.length; i += 2) {
    if (Number.isFinite(nums[i]) && Number.isFinite(nums[i + 1])) gates.push({ lat: nums[i], lon: nums[i + 1] });
  }
  return gates;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/**
 * `YYYYMMDD_HHMM_<circuit name>` (docs/device-protocol.md, 'Session file names').
 * @internal Exported for its tests.
 */
export function sessionFilename(start: Date, circuitName: string): string {
  return `${start.getFullYear()}${pad(start.getMonth() + 1)}${pad(start.getDate())}_${pad(start.getHours())}${pad(start.getMinutes())}_${circuitName}`;
}

function isKart(circuit: SimulatedCircuit, lengthM: number): boolean {
  if (circuit.type) return /kart/i.test(circuit.type);
  return lengthM < 2000;
}

export function generateSession(circuit: SimulatedCircuit, options: GenerateOptions): GeneratedSession | null {
  const gates = parseGates(circuit.coordinates);
  if (gates.length === 0) return null;
  const seed = options.seed ?? hashString(circuit.name);
  const guess = circuit.length && circuit.length > 0 ? circuit.length : 1200;
  const vehicle = isKart(circuit, guess) ? KART : CAR;
  const track = buildTrack(gates, guess, vehicle, seed);
  const rand = seededRandom(seed ^ 0x5bd1e995);
  const totalLaps = options.flyingLaps + 2; // lap 0, flying laps, in lap
  const paces: number[] = [0.8];
  for (let i = 0; i < options.flyingLaps; i++) paces.push(0.955 + 0.04 * rand());
  paces.push(0.72);
  const fixes: SimulatedFix[] = [];
  const laps = drive(track, paces, totalLaps, rand, fixes);
  return {
    filename: sessionFilename(options.start, circuit.name),
    laps: writeLapsText(laps),
    nmea: writeNmeaText(fixes),
    lapRecords: laps,
    fixCount: fixes.length,
  };
}

/** Moves along the loop at 25 Hz; lap 0 starts a quarter lap before the line (the pit exit). */
function drive(track: Track, paces: number[], totalLaps: number, rand: () => number, fixes: SimulatedFix[]): SimulatedLap[] {
  const L = track.lengthM;
  const n = track.x.length;
  const speedAt = (d: number) => {
    const s = ((d % L) + L) % L;
    const i = Math.floor(s / track.stepM) % n;
    return track.speedMs[i];
  };
  const positionAt = (d: number) => {
    const s = ((d % L) + L) % L;
    const f = s / track.stepM;
    const i = Math.floor(f) % n, k = (i + 1) % n, t = f - Math.floor(f);
    return { x: track.x[i] + (track.x[k] - track.x[i]) * t, y: track.y[i] + (track.y[k] - track.y[i]) * t };
  };
  // Crossing times: lap boundaries (distance k*L) and sector gates inside each lap.
  const crossings: number[][] = [];
  let d = -0.25 * L;
  let t = 0;
  let speed = 8;
  const lastLap = totalLaps - 1;
  const endD = lastLap * L;
  const marks = (lap: number) => [lap * L, lap * L + track.sectorGatesM[0], lap * L + track.sectorGatesM[1]];
  const stats: { max: number; min: number }[] = [];
  let lap = 0;
  while (d < endD) {
    lap = d < 0 ? 0 : Math.floor(d / L) + 1;
    const pace = paces[Math.min(lap, paces.length - 1)];
    const target = speedAt(d) * pace;
    // Follow the profile with a little lag, as a driver does.
    speed += (target - speed) * 0.35;
    const kmh = speed * 3.6 + (rand() - 0.5) * 0.4;
    const p = positionAt(d);
    const ll = toLatLon(track.origin, p.x + (rand() - 0.5) * 0.3, p.y + (rand() - 0.5) * 0.3);
    fixes.push({ lap, timeMs: t, lat: ll.lat, lon: ll.lon, kmh });
    const st = (stats[lap] ??= { max: -Infinity, min: Infinity });
    st.max = Math.max(st.max, kmh);
    st.min = Math.min(st.min, kmh);
    const next = d + speed * (FIX_MS / 1000);
    for (let k = Math.max(0, lap - 1); k <= Math.min(lap, lastLap); k++) {
      for (const [j, m] of marks(k).entries()) {
        if (d < m && next >= m) {
          (crossings[k] ??= [])[j] = t + ((m - d) / (next - d)) * FIX_MS;
        }
      }
    }
    d = next;
    t += FIX_MS;
  }
  const out: SimulatedLap[] = [];
  for (let k = 0; k <= lastLap; k++) {
    const st = stats[k] ?? { max: 0, min: 0 };
    if (k === 0) {
      const end = crossings[0]?.[0] ?? 0;
      out.push({ lap: 0, lapMs: Math.round(end), sectorsMs: [0, 0, 0], maxKmh: st.max, minKmh: st.min });
      continue;
    }
    const c = crossings[k - 1];
    const next = crossings[k];
    const startT = c[0], g1 = c[1], g2 = c[2], endT = next?.[0] ?? t;
    const s1 = Math.round(g1 - startT), s2 = Math.round(g2 - g1);
    const lapMs = Math.round(endT - startT);
    out.push({ lap: k, lapMs, sectorsMs: [s1, s2, lapMs - s1 - s2], maxKmh: st.max, minKmh: st.min });
  }
  return out;
}
