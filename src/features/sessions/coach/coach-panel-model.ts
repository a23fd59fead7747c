/**
 * The coach panel's texts' values as pure functions (coach-panel.tsx lays them out): whose lap is coached against
 * what, the optimal lap's gain and its stretches, the two lines' alignment, and the consistency's lines. Numbers
 * come formatted by the `number` passed in, texts by `t`, so all of it runs under Vitest.
 */
import type { LapEntry } from '../shared';
import type { CoachReport } from './coach-view';
import type { Coaching } from './use-coaching';

type Translate = (key: string, options?: Record<string, unknown>) => string;
type FormatNumber = (value: number, digits: number) => string;
type Optimal = NonNullable<NonNullable<Coaching['data']>['optimal']>;
type Consistency = NonNullable<NonNullable<Coaching['data']>['consistency']>;

/** 'Lap 5 against Lap 7' (or against a shared lap's owner and time); null unless two different laps are compared. */
export function againstLine(reference: LapEntry | null, compared: LapEntry | null, lapLabel: (entry: LapEntry) => string, lapTime: (ms: number) => string, t: Translate): string | null {
  if (!reference || !compared || reference.key === compared.key) return null;
  const shared = reference.session.sharedBy;
  return shared ? t('coach.againstShared', { lap: lapLabel(compared), reference: shared.ownerName, time: lapTime(shared.lapTimeMs) }) : t('coach.against', { lap: lapLabel(compared), reference: lapLabel(reference) });
}

/** Whether there is a sum of the best sectors to show (a circuit without sectors has none). */
export function hasSectorSum(sumOfBestSectorsMs: number): boolean {
  return sumOfBestSectorsMs > 0 && Number.isFinite(sumOfBestSectorsMs);
}

/** Where the optimal lap's gain over the best lap comes from: each stretch taken from another lap and what it gains. */
export function optimalGainLine(optimal: Pick<Optimal, 'stretches' | 'bestLapMs' | 'timeMs'>, number: FormatNumber, t: Translate): string {
  if (optimal.stretches.length === 0) return t('coach.optimalNoGain');
  return t('coach.optimalGain', {
    count: optimal.stretches.length,
    gain: number((optimal.bestLapMs - optimal.timeMs) / 1000, 2),
    list: optimal.stretches.map((st) => t('coach.optimalStretch', { lap: st.lapNumber, from: number(st.fromM, 0), to: number(st.toM, 0), gain: number(st.gainMs / 1000, 2) })).join(' · '),
  });
}

/** How far the two sessions' lines were apart, and whether they are drawn moved onto each other. */
export function alignmentLine(alignment: NonNullable<CoachReport['alignment']>, aligned: boolean, lap: string, number: FormatNumber, t: Translate): string {
  return t(aligned ? 'coach.aligned' : 'coach.notAligned', {
    lap,
    shift: number(Math.hypot(alignment.eastM, alignment.northM), 1),
    before: number(alignment.rmsBeforeM, 1),
    after: number(alignment.rmsAfterM, 1),
  });
}

/** The consistency's lines: the lap times' spread, the clean laps, and each corner's minimum speed spread ('' when none). */
export function consistencyLines(c: Consistency, number: FormatNumber, t: Translate): { spread: string; clean: string; corners: string } {
  return {
    spread: `${t('coach.lapSpread')}: ${t('coach.lapSpreadValue', { range: number(c.lapTimeRangeMs / 1000, 2), sd: number(c.lapTimeStdDevMs / 1000, 2), laps: c.laps })}`,
    clean: `${t('coach.cleanLaps')}: ${t('coach.cleanLapsValue', { count: c.cleanLapNumbers.length, laps: c.laps, list: Array.from(c.cleanLapNumbers).join(', ') })}`,
    corners: c.cornerMinSpeedStdDevKmh.length > 0 ? `${t('coach.cornerSpread')}: ${Array.from(c.cornerMinSpeedStdDevKmh, (sd, i) => `${i + 1}: ${number(sd, 1)}`).join(' · ')}` : '',
  };
}
