/**
 * Laps and their analysis as typed columns for the trip from the analysis worker to the page (results
 * come back as transferred typed arrays, never arrays of objects). A 7 h session has ~360 laps: as objects, the
 * page's structured-clone deserialisation of them cost ~1-2 ms of the main-thread task that receives the result;
 * as columns it is a handful of buffers, and the page rebuilds the same objects in plain JavaScript (~0.2 ms).
 *
 * Pure: no worker or DOM globals. `decode*(encode*(x))` deep-equals `x` (tested).
 */
import type { LapAnalysis, SectorAnalysis, SessionAnalysis } from '../src/domain/analysis/analyse-session';
import { LAP_KINDS } from '../src/domain/analysis/lap-kinds';
import type { LapRecord, SectorPerformance } from '../src/domain/session-types';

/** Strings of every lap as one string plus lengths (one string to clone instead of one per lap). */
interface PackedStrings {
  text: string;
  lengths: Uint32Array;
}

function packStrings(values: readonly string[]): PackedStrings {
  const lengths = new Uint32Array(values.length);
  values.forEach((v, i) => (lengths[i] = v.length));
  return { text: values.join(''), lengths };
}

function unpackStrings(p: PackedStrings): string[] {
  const out = new Array<string>(p.lengths.length);
  let at = 0;
  for (let i = 0; i < p.lengths.length; i++) {
    out[i] = p.text.slice(at, at + p.lengths[i]);
    at += p.lengths[i];
  }
  return out;
}

/** LapRecord[] as columns. */
export interface LapRecordColumns {
  count: number;
  /** Per lap: lapNumber, timeMs, maxSpeedKmh, minSpeedKmh. */
  numbers: Float64Array;
  /** Per lap: its three sector times. */
  sectorsMs: Float64Array;
  valid: Uint8Array;
  names: PackedStrings;
}

export function encodeLapRecords(laps: readonly LapRecord[]): LapRecordColumns {
  const n = laps.length;
  const numbers = new Float64Array(n * 4);
  const sectorsMs = new Float64Array(n * 3);
  const valid = new Uint8Array(n);
  laps.forEach((l, i) => {
    numbers.set([l.lapNumber, l.timeMs, l.maxSpeedKmh, l.minSpeedKmh], i * 4);
    sectorsMs.set(l.sectorsMs, i * 3);
    valid[i] = l.valid ? 1 : 0;
  });
  return { count: n, numbers, sectorsMs, valid, names: packStrings(laps.map((l) => l.lapName)) };
}

export function decodeLapRecords(c: LapRecordColumns): LapRecord[] {
  const names = unpackStrings(c.names);
  const out = new Array<LapRecord>(c.count);
  for (let i = 0; i < c.count; i++) {
    const k = i * 4;
    const s = i * 3;
    out[i] = {
      lapNumber: c.numbers[k],
      lapName: names[i],
      timeMs: c.numbers[k + 1],
      sectorsMs: [c.sectorsMs[s], c.sectorsMs[s + 1], c.sectorsMs[s + 2]],
      maxSpeedKmh: c.numbers[k + 2],
      minSpeedKmh: c.numbers[k + 3],
      valid: c.valid[i] === 1,
    };
  }
  return out;
}

/** SessionAnalysis with its per-lap analyses as columns (the session-wide figures stay a small object). */
export interface SessionAnalysisColumns {
  session: Omit<SessionAnalysis, 'laps'>;
  count: number;
  /** Per lap: lapNumber, timeMs, maxSpeedKmh, minSpeedKmh, averageSpeedKmh, distanceM, startIndex, endIndex. */
  numbers: Float64Array;
  /** Per lap and sector: timeMs. */
  sectorsMs: Float64Array;
  /** Per lap and sector: bestSector (0/1). */
  bestSector: Uint8Array;
  /** Per lap and sector: performance (-1, 0, 1). */
  performance: Int8Array;
  /** Per lap: valid | bestLap << 1 | kind << 2 (the kind's index in LAP_KINDS). */
  flags: Uint8Array;
  names: PackedStrings;
  colors: PackedStrings;
}

export function encodeSessionAnalysis(a: SessionAnalysis): SessionAnalysisColumns {
  const { laps, ...session } = a;
  const n = laps.length;
  const numbers = new Float64Array(n * 8);
  const sectorsMs = new Float64Array(n * 3);
  const bestSector = new Uint8Array(n * 3);
  const performance = new Int8Array(n * 3);
  const flags = new Uint8Array(n);
  laps.forEach((l, i) => {
    numbers.set([l.lapNumber, l.timeMs, l.maxSpeedKmh, l.minSpeedKmh, l.averageSpeedKmh, l.distanceM, l.startIndex, l.endIndex], i * 8);
    l.sectors.forEach((s, j) => {
      sectorsMs[i * 3 + j] = s.timeMs;
      bestSector[i * 3 + j] = s.bestSector ? 1 : 0;
      performance[i * 3 + j] = s.performance;
    });
    flags[i] = (l.valid ? 1 : 0) | (l.bestLap ? 2 : 0) | (LAP_KINDS.indexOf(l.kind) << 2);
  });
  return {
    session,
    count: n,
    numbers,
    sectorsMs,
    bestSector,
    performance,
    flags,
    names: packStrings(laps.map((l) => l.lapName)),
    colors: packStrings(laps.map((l) => l.color)),
  };
}

export function decodeSessionAnalysis(c: SessionAnalysisColumns): SessionAnalysis {
  const names = unpackStrings(c.names);
  const colors = unpackStrings(c.colors);
  const sector = (i: number, j: number): SectorAnalysis => ({
    timeMs: c.sectorsMs[i * 3 + j],
    bestSector: c.bestSector[i * 3 + j] === 1,
    performance: c.performance[i * 3 + j] as SectorPerformance,
  });
  const laps = new Array<LapAnalysis>(c.count);
  for (let i = 0; i < c.count; i++) {
    const k = i * 8;
    laps[i] = {
      lapNumber: c.numbers[k],
      lapName: names[i],
      timeMs: c.numbers[k + 1],
      valid: (c.flags[i] & 1) === 1,
      sectors: [sector(i, 0), sector(i, 1), sector(i, 2)],
      maxSpeedKmh: c.numbers[k + 2],
      minSpeedKmh: c.numbers[k + 3],
      averageSpeedKmh: c.numbers[k + 4],
      distanceM: c.numbers[k + 5],
      startIndex: c.numbers[k + 6],
      endIndex: c.numbers[k + 7],
      bestLap: (c.flags[i] & 2) === 2,
      color: colors[i],
      kind: LAP_KINDS[c.flags[i] >> 2] ?? 'invalid',
    };
  }
  const { sessionIndex, ...rest } = c.session;
  return { sessionIndex, laps, ...rest };
}

/** The buffers to transfer with either kind of columns. */
export function lapColumnBuffers(c: LapRecordColumns | SessionAnalysisColumns): ArrayBuffer[] {
  const views = 'session' in c ? [c.numbers, c.sectorsMs, c.bestSector, c.performance, c.flags, c.names.lengths, c.colors.lengths] : [c.numbers, c.sectorsMs, c.valid, c.names.lengths];
  return views.map((v) => v.buffer as ArrayBuffer);
}
