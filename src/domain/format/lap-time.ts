/**
 * Lap time text: `mm:ss.cc`; from one hour up `<h>H<mm>:<ss>.<cc>` — the hours carry an 'H' the way the
 * session display name writes '10H30' (e.g. 3,723,450 ms -> '1H02:03.45'). Centiseconds are truncated, not
 * rounded, as timing screens do (a time is shown as the hundredth it is in).
 * A negative time is shown with a leading '-'; a non-finite one as '--:--.--'.
 */
import { DomainError } from '../errors';

export const NO_TIME = '--:--.--';

const two = (n: number) => (n < 10 ? `0${n}` : String(n));

export function formatLapTime(ms: number): string {
  if (!Number.isFinite(ms)) return NO_TIME;
  const cs = Math.floor(Math.abs(ms) / 10);
  const sign = ms < 0 && cs > 0 ? '-' : '';
  const hours = Math.floor(cs / 360000);
  const minutes = Math.floor(cs / 6000) % 60;
  const seconds = Math.floor(cs / 100) % 60;
  const centis = cs % 100;
  const tail = `${two(minutes)}:${two(seconds)}.${two(centis)}`;
  return hours > 0 ? `${sign}${hours}H${tail}` : `${sign}${tail}`;
}

const LAP_TIME = /^(-)?(?:(\d+)H)?(\d{2}):(\d{2})\.(\d{2})$/;

/** Inverse of formatLapTime (to the centisecond). Throws DomainError('invalid-argument') on any other text. */
export function parseLapTime(text: string): number {
  const m = LAP_TIME.exec(typeof text === 'string' ? text.trim() : '');
  if (!m || Number(m[3]) > 59 || Number(m[4]) > 59) throw new DomainError('invalid-argument', `not a lap time: ${String(text)}`);
  const ms = ((Number(m[2] ?? 0) * 60 + Number(m[3])) * 60 + Number(m[4])) * 1000 + Number(m[5]) * 10;
  return m[1] ? -ms : ms;
}
