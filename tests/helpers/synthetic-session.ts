/**
 * A deterministic synthetic 25 Hz session (positions and the matching laps), for benchmarks, property tests and
 * browser tests. The car drives laps of an oval-ish closed track (a superellipse around `centre`), slowing
 * in the bends; lap times vary a little from lap to lap with a seeded pseudo-random generator. Lap 0 is the out
 * lap up to the first start/finish crossing, the last lap is the 'In Lap'.
 */
import { lapName } from '../../src/domain/parse-laps';
import { mulberry32 } from '../../src/domain/random';
import type { LapRecord, PositionColumns } from '../../src/domain/session-types';
import { bandedStepDistanceM, newCosBand } from '../../src/domain/geo-distance';

export interface SyntheticSessionOptions {
  /** Number of fixes (25 per second). */
  fixes: number;
  /** Seed of the lap-to-lap variation. */
  seed?: number;
  /** Track centre, default Braga. */
  centre?: { lat: number; lon: number };
  /** Half-axes of the track in metres, default 320 x 140 (~1.5 km lap). */
  radiiM?: [number, number];
}

export interface SyntheticSession {
  positions: PositionColumns;
  laps: LapRecord[];
}

const HZ = 25;


export function syntheticSession(options: SyntheticSessionOptions): SyntheticSession {
  const n = Math.max(0, Math.floor(options.fixes));
  const rand = mulberry32(options.seed ?? 1);
  const centre = options.centre ?? { lat: 41.5847, lon: -8.4445 };
  const [ra, rb] = options.radiiM ?? [320, 140];
  const mPerDegLat = 111195;
  const mPerDegLon = mPerDegLat * Math.cos((centre.lat * Math.PI) / 180);

  const positions: PositionColumns = {
    count: n,
    lap: new Int32Array(n),
    timeMs: new Float64Array(n),
    lat: new Float64Array(n),
    lon: new Float64Array(n),
    speedKmh: new Float32Array(n),
    distanceM: new Float64Array(n),
  };
  const laps: Omit<LapRecord, 'lapName'>[] = [];
  // Track parameter phi in [0, 2pi); start/finish at phi = 0. The out lap starts half way round.
  let phi = Math.PI;
  let lap = 0;
  let lapStartMs = 0;
  let sectorStartMs = 0;
  let sectors: number[] = [];
  let maxKmh = 0;
  let minKmh = Infinity;
  let pace = 1;
  let dist = 0;
  const band = newCosBand();
  for (let i = 0; i < n; i++) {
    const t = i * (1000 / HZ);
    const c = Math.cos(phi);
    const s = Math.sin(phi);
    // Superellipse-like shape: straights where |sin| is large, bends near phi = 0 and pi... speed follows |sin|.
    const x = ra * Math.sign(c) * Math.abs(c) ** 0.6;
    const y = rb * Math.sign(s) * Math.abs(s) ** 0.6;
    const kmh = (45 + 65 * Math.abs(s) ** 2) * pace;
    const lat = centre.lat + y / mPerDegLat;
    const lon = centre.lon + x / mPerDegLon;
    if (i > 0) dist += bandedStepDistanceM(positions.lat[i - 1], positions.lon[i - 1], lat, lon, band);
    positions.lap[i] = lap;
    positions.timeMs[i] = t;
    positions.lat[i] = Math.round(lat * 1e7) / 1e7;
    positions.lon[i] = Math.round(lon * 1e7) / 1e7;
    positions.speedKmh[i] = Math.round(kmh * 100) / 100;
    positions.distanceM[i] = dist;
    maxKmh = Math.max(maxKmh, kmh);
    minKmh = Math.min(minKmh, kmh);
    // Advance along the track: step length over the local radius of the parameterisation (approximate).
    const stepM = (kmh / 3.6) / HZ;
    const dxdphi = ra * 0.6 * Math.abs(s) * Math.max(Math.abs(c), 0.05) ** -0.4;
    const dydphi = rb * 0.6 * Math.abs(c) * Math.max(Math.abs(s), 0.05) ** -0.4;
    const before = phi;
    phi += stepM / Math.max(Math.hypot(dxdphi, dydphi), 1);
    const third = (2 * Math.PI) / 3;
    const crossed = (k: number) => before < k * third && phi >= k * third;
    if (lap > 0 && (crossed(1) || crossed(2))) {
      sectors.push(t - sectorStartMs);
      sectorStartMs = t;
    }
    if (phi >= 2 * Math.PI) {
      phi -= 2 * Math.PI;
      if (lap > 0) {
        sectors.push(t - sectorStartMs);
        laps.push(finishLap(lap, t - lapStartMs, sectors, maxKmh, minKmh));
      }
      lap++;
      lapStartMs = t;
      sectorStartMs = t;
      sectors = [];
      maxKmh = 0;
      minKmh = Infinity;
      pace = 0.97 + rand() * 0.06;
    }
  }
  // The unfinished last lap is the In Lap, timed up to the last fix.
  if (lap > 0 && n > 0) {
    const end = (n - 1) * (1000 / HZ);
    while (sectors.length < 2) {
      sectors.push(end - sectorStartMs);
      sectorStartMs = end;
    }
    sectors.push(end - sectorStartMs);
    laps.push(finishLap(lap, end - lapStartMs, sectors, maxKmh, minKmh));
  }
  return {
    positions,
    laps: laps.map((l, k) => ({ ...l, lapName: lapName(l.lapNumber, k === laps.length - 1) })),
  };
}

function finishLap(lapNumber: number, timeMs: number, sectors: number[], maxKmh: number, minKmh: number): Omit<LapRecord, 'lapName'> {
  const round = (v: number) => Math.round(v);
  return {
    lapNumber,
    timeMs: round(timeMs),
    sectorsMs: [round(sectors[0] ?? 0), round(sectors[1] ?? 0), round(sectors[2] ?? 0)],
    maxSpeedKmh: Math.round(maxKmh * 100) / 100,
    minSpeedKmh: Number.isFinite(minKmh) ? Math.round(minKmh * 100) / 100 : 0,
    valid: timeMs > 0,
  };
}
