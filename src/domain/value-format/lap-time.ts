/**
 * Lap time text: `mm:ss.cc`; from one hour up `<h>H<mm>:<ss>.<cc>` — the hours carry an 'H' the way the
 * session display name writes '10H30' (e.g. 3,723,450 ms -> '1H02:03.45'). With `digits` 3 (the racer's choice,
 * for sources timed to the millisecond such as AiM's 58.656) `mm:ss.mmm`.
 * One rule everywhere: the time is taken to the nearest millisecond (a computed time carries binary noise:
 * 58,655.99999 ms is 58.656 s), then the last digit shown is truncated, not rounded, as timing screens do (a time
 * is shown as the hundredth it is in: 58.656 -> 58.65).
 * A negative time is shown with a leading '-'; a non-finite one as '--:--.--' ('--:--.---').
 */
import { DomainError } from '../errors';

/** @internal Exported for its tests. */
export const NO_TIME = '--:--.--';

/** Decimals of a lap time: hundredths (the default) or thousandths. */
export type LapTimeDigits = 2 | 3;

const two = (n: number) => (n < 10 ? `0${n}` : String(n));
const three = (n: number) => (n < 10 ? `00${n}` : n < 100 ? `0${n}` : String(n));

export function formatLapTime(ms: number, digits: LapTimeDigits = 2): string {
  if (!Number.isFinite(ms)) return digits === 3 ? `${NO_TIME}-` : NO_TIME;
  const whole = Math.round(Math.abs(ms));
  // Units of the last digit shown: centiseconds or milliseconds.
  const unit = digits === 3 ? 1 : 10;
  const units = Math.floor(whole / unit);
  const perSecond = 1000 / unit;
  const sign = ms < 0 && units > 0 ? '-' : '';
  const totalSeconds = Math.floor(units / perSecond);
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor(totalSeconds / 60) % 60;
  const seconds = totalSeconds % 60;
  const fraction = units % perSecond;
  const tail = `${two(minutes)}:${two(seconds)}.${digits === 3 ? three(fraction) : two(fraction)}`;
  return hours > 0 ? `${sign}${hours}H${tail}` : `${sign}${tail}`;
}

const LAP_TIME = /^(-)?(?:(\d+)H)?(\d{2}):(\d{2})\.(\d{2})$/;

/**
 * Inverse of formatLapTime (to the centisecond). Throws DomainError('invalid-argument') on any other text.
 * @internal Exported for its tests.
 */
export function parseLapTime(text: string): number {
  const m = LAP_TIME.exec(typeof text === 'string' ? text.trim() : '');
  if (!m || Number(m[3]) > 59 || Number(m[4]) > 59) throw new DomainError('invalid-argument', `not a lap time: ${String(text)}`);
  const ms = ((Number(m[2] ?? 0) * 60 + Number(m[3])) * 60 + Number(m[4])) * 1000 + Number(m[5]) * 10;
  return m[1] ? -ms : ms;
}
