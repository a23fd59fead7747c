/**
 * Session analysis: processed laps with sector performance, best-lap and best-sector flags, colours and
 * position-derived figures, and the session totals.
 *
 * Rules:
 * - Only valid laps (time > 0) take part in totals, bests, performance and consistency; invalid laps are kept
 *   in the list with `valid: false`, no flags and Worse sectors.
 * - Total time = sum of the valid laps' times; average lap = total / valid laps; best lap = fastest valid lap
 *   (every lap tying it is flagged); best sector k = fastest positive sector k over valid laps; optimal lap = sum
 *   of the three best sectors (NaN when a sector has no positive time).
 * - Sector performance: Best (1) when the sector equals the session's best for that sector; Improved (0) when
 *   faster than the same sector of this driver's previous valid lap; otherwise Worse (-1).
 * - Kinds (lap-kinds.ts): out-laps, in-laps, pit laps, laps beyond 107 % and partial laps are marked; the
 *   consistency figures cover the racing laps only.
 * - Speeds: a lap's min/max come from the device's laps file; its average speed and distance from the positions
 *   (NaN / 0 when the positions have no fix for that lap). Session min/max speed are over the valid laps.
 */
import { SectorPerformance } from '../session-types';
import type { LapRecord, PositionColumns } from '../session-types';
import { lapColor } from './lap-colors';
import { consistency, type Consistency } from './consistency';
import { lapKinds, type LapKind } from './lap-kinds';
import { lapPositionStats } from './lap-stats';

export interface SectorAnalysis {
  timeMs: number;
  bestSector: boolean;
  performance: SectorPerformance;
}

export interface LapAnalysis {
  lapNumber: number;
  lapName: string;
  timeMs: number;
  valid: boolean;
  sectors: [SectorAnalysis, SectorAnalysis, SectorAnalysis];
  maxSpeedKmh: number;
  minSpeedKmh: number;
  /** Mean fix speed over the lap (positions), NaN when no fix. */
  averageSpeedKmh: number;
  /** Distance driven in the lap (positions), metres. */
  distanceM: number;
  /** Fix index range in the position columns: [startIndex, endIndex); both 0 when no fix. */
  startIndex: number;
  endIndex: number;
  bestLap: boolean;
  color: string;
  /** A racing lap, or what else it was (lap-kinds.ts): only racing laps are coached and make the consistency. */
  kind: LapKind;
}

export interface SessionAnalysis {
  sessionIndex: number;
  laps: LapAnalysis[];
  validLaps: number;
  totalTimeMs: number;
  averageLapMs: number;
  bestLapMs: number;
  /** Lap number of the first fastest valid lap, or null. */
  bestLapNumber: number | null;
  bestSectorsMs: [number, number, number];
  optimalLapMs: number;
  minSpeedKmh: number;
  maxSpeedKmh: number;
  consistency: Consistency;
}

/** Smallest value (a loop: spreading a long array into Math.min can overflow the stack). */
function minOf(values: readonly number[]): number {
  let m = Infinity;
  for (const v of values) if (v < m) m = v;
  return values.length ? m : NaN;
}

const EMPTY_STATS = { fixes: 0, startIndex: 0, endIndex: 0, distanceM: 0, averageSpeedKmh: NaN };

export function analyseSession(laps: readonly LapRecord[], positions: PositionColumns | null, sessionIndex = 0): SessionAnalysis {
  const sorted = [...laps].filter((l) => l.lapNumber !== 0).sort((a, b) => a.lapNumber - b.lapNumber);
  const valid = sorted.filter((l) => l.valid && l.timeMs > 0);
  const stats = new Map((positions ? lapPositionStats(positions) : []).map((s) => [s.lapNumber, s]));

  const bestSectorsMs: [number, number, number] = [0, 1, 2].map((k) => {
    const times = valid.map((l) => l.sectorsMs[k]).filter((t) => t > 0);
    return times.length ? minOf(times) : NaN;
  }) as [number, number, number];
  const bestLapMs = valid.length ? minOf(valid.map((l) => l.timeMs)) : NaN;
  const totalTimeMs = valid.reduce((a, l) => a + l.timeMs, 0);

  let previousValid: LapRecord | null = null;
  const analysed = sorted.map((lap, index): LapAnalysis => {
    const isValid = lap.valid && lap.timeMs > 0;
    const sectors = lap.sectorsMs.map((timeMs, k): SectorAnalysis => {
      if (!isValid) return { timeMs, bestSector: false, performance: SectorPerformance.Worse };
      const best = timeMs > 0 && timeMs === bestSectorsMs[k];
      const improved = previousValid !== null && timeMs > 0 && timeMs < previousValid.sectorsMs[k];
      return {
        timeMs,
        bestSector: best,
        performance: best ? SectorPerformance.Best : improved ? SectorPerformance.Improved : SectorPerformance.Worse,
      };
    }) as [SectorAnalysis, SectorAnalysis, SectorAnalysis];
    if (isValid) previousValid = lap;
    const s = stats.get(lap.lapNumber) ?? EMPTY_STATS;
    return {
      lapNumber: lap.lapNumber,
      lapName: lap.lapName,
      timeMs: lap.timeMs,
      valid: isValid,
      sectors,
      maxSpeedKmh: lap.maxSpeedKmh,
      minSpeedKmh: lap.minSpeedKmh,
      averageSpeedKmh: s.fixes > 0 ? s.averageSpeedKmh : NaN,
      distanceM: s.distanceM,
      startIndex: s.startIndex,
      endIndex: s.endIndex,
      bestLap: isValid && lap.timeMs === bestLapMs,
      color: lapColor(index, sorted.length, sessionIndex),
      kind: isValid ? 'racing' : 'invalid',
    };
  });

  const kinds = lapKinds(analysed, positions);
  analysed.forEach((l, i) => (l.kind = kinds[i]));
  const bestLap = valid.find((l) => l.timeMs === bestLapMs);
  return {
    sessionIndex,
    laps: analysed,
    validLaps: valid.length,
    totalTimeMs,
    averageLapMs: valid.length ? totalTimeMs / valid.length : NaN,
    bestLapMs,
    bestLapNumber: bestLap ? bestLap.lapNumber : null,
    bestSectorsMs,
    optimalLapMs: bestSectorsMs[0] + bestSectorsMs[1] + bestSectorsMs[2],
    minSpeedKmh: valid.length ? minOf(valid.map((l) => l.minSpeedKmh)) : NaN,
    maxSpeedKmh: valid.length ? -minOf(valid.map((l) => -l.maxSpeedKmh)) : NaN,
    consistency: consistency(analysed.filter((l) => l.kind === 'racing')),
  };
}
