/**
 * Lap and sector detection from positions and circuit gates (for imported files and for gates edited on the map).
 *
 * Gates: the first is the start/finish line, the others are sector gates in driving order; all share one width
 * (the circuit's `size`, metres). Each gate line goes through its centre, perpendicular to the direction of
 * travel there (gate-orientation.ts), and is `widthM` long.
 *
 * A crossing is a pair of consecutive fixes whose signed distances s0 < 0 <= s1 to the gate line (positive =
 * past it in the direction of travel) lie on either side, with the crossing point within half the width of the
 * centre. Its time is interpolated between the two fixes, linear in time with the fraction s0 / (s0 - s1) of
 * the signed distances, so 25 Hz fixes time a lap to well under a millisecond of the true crossing.
 *
 * Robust to GPS jitter and stops: a crossing counts only
 *  - at speed (>= `minCrossingSpeedKmh` at the crossing: a car standing on the line and jittering across it is
 *    not a lap),
 *  - if the gate is armed: after a counted crossing the trace must first get `minAwayM` away from that gate's
 *    centre before the gate can count again,
 *  - for the start/finish gate, not sooner than `minLapMs` after the previous counted crossing.
 *
 * Laps: lap 0 is everything before the first start/finish crossing (ignored, like the device's lap 0); lap k
 * runs from crossing k to crossing k + 1; the part after the last crossing is the in-lap (incomplete).
 */
import { lapName } from '../parse-laps';
import type { GatePoint, LapRecord, PositionColumns } from '../session-types';
import { createLocalProjection, projectColumns } from '../geo/local-projection';
import { unitVectorOfHeading } from '../geo/heading';
import { fixTimesMsReadOnly } from './fix-times';
import { gateDirectionFromTrace, type GateDirection } from './gate-orientation';

export interface DetectLapsOptions {
  /** Shortest possible lap; a start/finish crossing sooner than this after the previous one is ignored. Default 10 s. */
  minLapMs?: number;
  /** Distance from a gate's centre the trace must reach before that gate counts again. Default max(30 m, width). */
  minAwayM?: number;
  /** Slowest speed at which a crossing counts. Default 5 km/h. */
  minCrossingSpeedKmh?: number;
  /** Known directions of travel (degrees clockwise from north) per gate; others are derived from the trace. */
  gateHeadingsDeg?: ReadonlyArray<number | undefined>;
  /** Emit the part after the last crossing as an incomplete 'In Lap'. Default true. */
  includeInLap?: boolean;
}

interface DetectedLap {
  /** 1-based (lap 0, before the first crossing, is not a lap). */
  lapNumber: number;
  /** Crossing time that starts the lap, ms since session start (fractional). */
  startMs: number;
  /** Crossing time that ends it, or the last fix's time for the in-lap. */
  endMs: number;
  timeMs: number;
  /** One entry per gate (sector i ends at gate i + 1, the last at start/finish); NaN where a gate was missed. */
  sectorsMs: number[];
  /** Gate crossing times bounding the sectors: start, each sector gate, end (NaN where missed or, in the in-lap, not reached). */
  gateTimesMs: number[];
  /** False for the in-lap (no closing crossing). */
  complete: boolean;
  /** First fix of the lap and one past its last fix. */
  firstFix: number;
  endFix: number;
  maxSpeedKmh: number;
  minSpeedKmh: number;
}

export interface LapDetection {
  laps: DetectedLap[];
  /** Lap number of every fix (0 before the first start/finish crossing). */
  lapOfFix: Int32Array;
  /** Counted start/finish crossing times, ms. */
  startFinishMs: Float64Array;
  /** Direction of travel used for each gate (null: never passed within half a width, so never crossed). */
  gateDirections: (GateDirection | null)[];
  /** Device-style lap records (integer ms, exactly 3 sectors; the last is named 'In Lap'). */
  records: LapRecord[];
}

interface Crossing {
  timeMs: number;
  fix: number;
}

/** The fixes as every gate is tested against them: positions in the local plane (metres), times and speeds. */
interface Track {
  x: Float64Array;
  y: Float64Array;
  times: Float64Array;
  speedKmh: Float32Array;
  count: number;
}

/** One gate line in the local plane: its centre, the direction of travel across it and half its width. */
interface GateLine {
  cx: number;
  cy: number;
  direction: GateDirection;
  halfWidth: number;
}

/** When a crossing of a gate counts (see the module comment). */
interface CrossingRules {
  minAwayM: number;
  minSpeedKmh: number;
  /** Shortest time after the previous counted crossing of the same gate (the shortest lap for start/finish, else 0). */
  minGapMs: number;
}

export function detectLaps(
  positions: PositionColumns,
  gates: ReadonlyArray<GatePoint>,
  widthM: number,
  options: DetectLapsOptions = {},
): LapDetection {
  const count = positions.count;
  const times = fixTimesMsReadOnly(positions);
  if (gates.length === 0 || count < 2) {
    return { laps: [], lapOfFix: new Int32Array(count), startFinishMs: new Float64Array(0), gateDirections: [], records: [] };
  }

  const projection = createLocalProjection(gates[0].lat, gates[0].lon);
  const { x, y } = projectColumns(projection, positions.lat, positions.lon, count);
  const track: Track = { x, y, times, speedKmh: positions.speedKmh, count };
  const halfWidth = Math.max(0, widthM) / 2;
  const minLapMs = options.minLapMs ?? 10_000;
  const minAwayM = options.minAwayM ?? Math.max(30, widthM);
  const minSpeedKmh = options.minCrossingSpeedKmh ?? 5;

  const gateDirections: (GateDirection | null)[] = [];
  const crossingsPerGate: Crossing[][] = [];
  for (let g = 0; g < gates.length; g++) {
    const cx = projection.x(gates[g].lon);
    const cy = projection.y(gates[g].lat);
    const direction = gateDirection(track, cx, cy, halfWidth, options.gateHeadingsDeg?.[g]);
    gateDirections.push(direction);
    const rules: CrossingRules = { minAwayM, minSpeedKmh, minGapMs: g === 0 ? minLapMs : 0 };
    crossingsPerGate.push(direction ? findCrossings(track, { cx, cy, direction, halfWidth }, rules) : []);
  }

  const laps = lapsFromCrossings(track, crossingsPerGate, options.includeInLap ?? true);
  const lapOfFix = new Int32Array(count);
  for (const lap of laps) lapOfFix.fill(lap.lapNumber, lap.firstFix, lap.endFix);

  return {
    laps,
    lapOfFix,
    startFinishMs: Float64Array.from(crossingsPerGate[0], (c) => c.timeMs),
    gateDirections,
    records: toLapRecords(laps),
  };
}

/** The direction of travel across a gate: the known heading when given, else derived from the trace (null: never passed). */
function gateDirection(track: Track, cx: number, cy: number, halfWidth: number, headingDeg: number | undefined): GateDirection | null {
  if (headingDeg !== undefined && Number.isFinite(headingDeg)) {
    const u = unitVectorOfHeading(headingDeg);
    return { dx: u.east, dy: u.north, passes: 0 };
  }
  return gateDirectionFromTrace(track.x, track.y, track.count, cx, cy, halfWidth);
}

/**
 * Laps from the counted crossings of each gate (index 0: start/finish): lap k runs from start/finish crossing k to
 * k + 1, its sectors end at the first crossing of each sector gate inside it; the in-lap runs to the last fix.
 */
function lapsFromCrossings(track: Track, crossingsPerGate: ReadonlyArray<Crossing[]>, includeInLap: boolean): DetectedLap[] {
  const { times, count } = track;
  const gateCount = crossingsPerGate.length;
  const startFinish = crossingsPerGate[0];
  const laps: DetectedLap[] = [];
  const lastTime = times[count - 1];
  for (let k = 0; k < startFinish.length; k++) {
    const start = startFinish[k];
    const end = startFinish[k + 1];
    if (!end && !includeInLap) break;
    if (!end && !(lastTime > start.timeMs)) break;
    const endMs = end ? end.timeMs : lastTime;
    const boundaries = [start.timeMs];
    let previous = start.timeMs;
    for (let g = 1; g < gateCount; g++) {
      const hit = crossingsPerGate[g].find((c) => c.timeMs > previous && c.timeMs < endMs);
      boundaries.push(hit ? hit.timeMs : NaN);
      if (hit) previous = hit.timeMs;
    }
    boundaries.push(end ? end.timeMs : NaN);
    const sectorsMs = [];
    for (let g = 0; g < gateCount; g++) sectorsMs.push(boundaries[g + 1] - boundaries[g]);
    const firstFix = start.fix + 1;
    const endFix = end ? end.fix + 1 : count;
    const { max, min } = speedRange(track.speedKmh, firstFix, endFix);
    laps.push({
      lapNumber: k + 1,
      startMs: start.timeMs,
      endMs,
      timeMs: endMs - start.timeMs,
      sectorsMs,
      gateTimesMs: boundaries,
      complete: Boolean(end),
      firstFix,
      endFix,
      maxSpeedKmh: max,
      minSpeedKmh: min,
    });
  }
  return laps;
}

/** Counted forward crossings of one gate, in time order (see the module comment for the rules). */
function findCrossings(track: Track, gate: GateLine, rules: CrossingRules): Crossing[] {
  // Plain locals: this loop runs over every fix of the session once per gate.
  const { x, y, times, speedKmh, count } = track;
  const { cx, cy, halfWidth } = gate;
  const { dx, dy } = gate.direction;
  const { minAwayM, minSpeedKmh, minGapMs } = rules;
  const out: Crossing[] = [];
  let armed = true;
  let lastMs = -Infinity;
  const minAway2 = minAwayM * minAwayM;
  let s0 = (x[0] - cx) * dx + (y[0] - cy) * dy;
  let l0 = (x[0] - cx) * -dy + (y[0] - cy) * dx;
  for (let i = 0; i + 1 < count; i++) {
    const ex = x[i + 1] - cx;
    const ey = y[i + 1] - cy;
    const s1 = ex * dx + ey * dy;
    const l1 = ex * -dy + ey * dx;
    if (!armed && ex * ex + ey * ey >= minAway2) armed = true;
    if (armed && s0 < 0 && s1 >= 0) {
      const f = s0 / (s0 - s1);
      const lateral = l0 + f * (l1 - l0);
      if (Math.abs(lateral) <= halfWidth) {
        const t = times[i] + f * (times[i + 1] - times[i]);
        if (t - lastMs >= minGapMs && crossingSpeedKmh(speedKmh, times, s0, s1, i) >= minSpeedKmh) {
          out.push({ timeMs: t, fix: i });
          lastMs = t;
          armed = false;
        }
      }
    }
    s0 = s1;
    l0 = l1;
  }
  return out;
}

/** Speed at a crossing: the device's speed where known, else the along-track displacement over the time step. */
function crossingSpeedKmh(speedKmh: Float32Array, times: Float64Array, s0: number, s1: number, i: number): number {
  const a = speedKmh[i];
  const b = speedKmh[i + 1];
  if (Number.isFinite(a) && Number.isFinite(b)) return Math.max(a, b);
  const dt = times[i + 1] - times[i];
  return dt > 0 ? ((s1 - s0) / dt) * 3600 : Infinity;
}

function speedRange(speedKmh: Float32Array, from: number, to: number): { max: number; min: number } {
  let max = -Infinity;
  let min = Infinity;
  for (let i = from; i < to; i++) {
    const v = speedKmh[i];
    if (!Number.isFinite(v)) continue;
    if (v > max) max = v;
    if (v < min) min = v;
  }
  return max === -Infinity ? { max: 0, min: 0 } : { max, min };
}

/**
 * Device-style records: integer milliseconds from rounded crossing times (so the three sectors add up to the
 * lap), exactly 3 sectors (the product fixes 3 sectors per lap): fewer gates leave trailing sectors at 0, more
 * gates fold the rest into the third; a missed gate gives 0 for the sectors it bounds.
 */
function toLapRecords(laps: ReadonlyArray<DetectedLap>): LapRecord[] {
  return laps.map((lap, index) => {
    const rounded = lap.gateTimesMs.map(Math.round);
    // An unclosed final lap (the file ends before the line is crossed again) has no lap time: 0 marks it
    // invalid (a valid lap has a time above zero), and unlike a flag that survives writing it out as device
    // text and parsing it back.
    const lapMs = lap.complete ? Math.round(lap.endMs) - Math.round(lap.startMs) : 0;
    const sectors: number[] = [];
    for (let g = 0; g < lap.sectorsMs.length; g++) {
      const v = rounded[g + 1] - rounded[g];
      sectors.push(Number.isFinite(v) ? v : 0);
    }
    while (sectors.length < 3) sectors.push(0);
    const third = sectors.slice(2).reduce((a, b) => a + b, 0);
    return {
      lapNumber: lap.lapNumber,
      lapName: lapName(lap.lapNumber, index === laps.length - 1),
      timeMs: lapMs,
      sectorsMs: [sectors[0], sectors[1], third],
      maxSpeedKmh: Math.round(lap.maxSpeedKmh * 100) / 100,
      minSpeedKmh: Math.round(lap.minSpeedKmh * 100) / 100,
      valid: lapMs > 0,
    };
  });
}
