/**
 * URL search params of the map and analysis screens: `lap` = the picked lap as '<side>-<lapNumber>'
 * (side L or R: 'L-3'), `ref` = the reference lap in the same form. Untrusted input: invalid values are dropped.
 */
export interface LapSearch {
  lap?: string;
  ref?: string;
  /** Analysis only: the local id of a session to open (from 'Analyse' after a download or an import). */
  open?: number;
}

const LAP_KEY = /^[LR]-\d{1,4}$/;
const lapKey = (value: unknown): string | undefined => (typeof value === 'string' && LAP_KEY.test(value) ? value : undefined);

/**
 * The routes' `validateSearch`. Checked by hand, not with zod: the route files are part of the first load, where
 * zod is not (it would grow the initial bundle).
 */
export function parseLapSearch(search: Record<string, unknown>): LapSearch {
  return { lap: lapKey(search.lap), ref: lapKey(search.ref), open: sessionId(search.open) };
}

/** A positive integer id (the router may hand over a number or its text), else undefined. */
function sessionId(value: unknown): number | undefined {
  const n = typeof value === 'string' && /^\d{1,12}$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

export type Side = 'L' | 'R';
export interface LapRef {
  side: Side;
  lapNumber: number;
}

export function lapKeyOf(side: Side, lapNumber: number): string {
  return `${side}-${lapNumber}`;
}

export function parseLapKey(key: string | null | undefined): LapRef | null {
  const m = key ? /^([LR])-(\d{1,4})$/.exec(key) : null;
  return m ? { side: m[1] as Side, lapNumber: Number(m[2]) } : null;
}
