/**
 * URL search params of the map and analysis screens: `lap` = the picked lap as '<side>-<lapNumber>'
 * (side L or R: 'L-3'), `ref` = the reference lap in the same form. Untrusted input: invalid values are dropped.
 */
export interface LapSearch {
  lap?: string;
  ref?: string;
  /** Analysis only: the local id of a session to open (from 'Analyse' after a download or an import). */
  open?: number;
  /** Map only: 'draw' opens the gate editor drawing (the lap viewer's 'Draw sectors'). */
  gates?: 'draw';
  /**
   * Analysis only: 'Compare with my best' from a leaderboard row: another racer's shared lap '<sessionId>-<lap>'
   * (server ids) to take as the reference, against the racer's own best session on `circuit`.
   */
  compare?: string;
  circuit?: number;
  /** Analysis only: a team-mate's session (server id) to open read-only, from the Team view. */
  team?: number;
}

const LAP_KEY = /^[LR]-\d{1,4}$/;
const lapKey = (value: unknown): string | undefined => (typeof value === 'string' && LAP_KEY.test(value) ? value : undefined);

/**
 * The routes' `validateSearch`. Checked by hand, not with zod: the route files are part of the first load, where
 * zod is not (it would grow the initial bundle).
 */
export function parseLapSearch(search: Record<string, unknown>): LapSearch {
  const compare = typeof search.compare === 'string' && /^\d{1,12}-\d{1,6}$/.test(search.compare) ? search.compare : undefined;
  return {
    lap: lapKey(search.lap),
    ref: lapKey(search.ref),
    open: sessionId(search.open),
    gates: search.gates === 'draw' ? 'draw' : undefined,
    compare,
    circuit: compare ? sessionId(search.circuit) : undefined,
    team: sessionId(search.team),
  };
}

/** A positive integer id (the router may hand over a number or its text), else undefined. */
function sessionId(value: unknown): number | undefined {
  const n = typeof value === 'string' && /^\d{1,12}$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

export type Side = 'L' | 'R';
export function lapKeyOf(side: Side, lapNumber: number): string {
  return `${side}-${lapNumber}`;
}
