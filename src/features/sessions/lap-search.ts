/**
 * URL search params of the map and analysis screens: `lap` = the picked lap as '<side>-<lapNumber>'
 * (side L or R: 'L-3'), `ref` = the reference lap in the same form. Untrusted input: invalid values are dropped.
 */
export interface LapSearch {
  lap?: string;
  ref?: string;
}

const LAP_KEY = /^[LR]-\d{1,4}$/;
const lapKey = (value: unknown): string | undefined => (typeof value === 'string' && LAP_KEY.test(value) ? value : undefined);

/**
 * The routes' `validateSearch`. Checked by hand, not with zod: the route files are part of the first load, where
 * zod is not (it would grow the initial bundle).
 */
export function parseLapSearch(search: Record<string, unknown>): LapSearch {
  return { lap: lapKey(search.lap), ref: lapKey(search.ref) };
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
