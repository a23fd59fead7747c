/**
 * Pure helpers of the leaderboard screen: which circuits the circuit filter offers, the request built from the
 * form, and the cell texts.
 */
import type { Circuit } from '../../contracts/entities';
import type { LeaderboardRequest, LeaderboardRow } from '../../contracts/leaderboard';
import { formatLapTime, type LapTimeDigits } from '../../domain/value-format/lap-time';

export interface LeaderboardForm {
  countryId: number | null;
  circuitId: number | null;
  circuitTypeId: number | null;
  vehicleCategoryId: number | null;
  limit: 3 | 10;
}

export const emptyLeaderboardForm = (): LeaderboardForm => ({ countryId: null, circuitId: null, circuitTypeId: null, vehicleCategoryId: null, limit: 10 });

/** The circuits that fit the chosen country and type (the circuit select only offers those). */
export function circuitChoices(circuits: readonly Circuit[], form: Pick<LeaderboardForm, 'countryId' | 'circuitTypeId'>): Circuit[] {
  return circuits.filter((c) => (form.countryId === null || c.countryId === form.countryId) && (form.circuitTypeId === null || c.typeId === form.circuitTypeId));
}

/** The form with some filters changed; a circuit outside the chosen country and type is dropped. */
export function withFilters(circuits: readonly Circuit[], form: LeaderboardForm, patch: Partial<LeaderboardForm>): LeaderboardForm {
  const next = { ...form, ...patch };
  if (next.circuitId !== null && !circuitChoices(circuits, next).some((c) => c.id === next.circuitId)) next.circuitId = null;
  return next;
}

/** Form -> request body: only the filters that are set. */
export function toLeaderboardRequest(form: LeaderboardForm): Partial<LeaderboardRequest> {
  const req: Partial<LeaderboardRequest> = { limit: form.limit };
  if (form.countryId !== null) req.countryId = form.countryId;
  if (form.circuitId !== null) req.circuitId = form.circuitId;
  if (form.circuitTypeId !== null) req.circuitTypeId = form.circuitTypeId;
  if (form.vehicleCategoryId !== null) req.vehicleCategoryId = form.vehicleCategoryId;
  return req;
}

/** Request -> form (to reopen the last leaderboard). */
export function fromLeaderboardRequest(req: Partial<LeaderboardRequest>): LeaderboardForm {
  return {
    countryId: req.countryId ?? null,
    circuitId: req.circuitId ?? null,
    circuitTypeId: req.circuitTypeId ?? null,
    vehicleCategoryId: req.vehicleCategoryId ?? null,
    limit: req.limit === 3 ? 3 : 10,
  };
}

/** Gap to the leader: '-' for the leader (and drivers tied with them), else '+mm:ss.cc'. */
export function gapText(gapMs: number, digits: LapTimeDigits = 2): string {
  return gapMs <= 0 ? '-' : `+${formatLapTime(gapMs, digits)}`;
}

export function lapText(ms: number | null, digits: LapTimeDigits = 2): string {
  return ms === null ? '-' : formatLapTime(ms, digits);
}

export interface CircuitBoard {
  circuitId: number;
  circuitName: string;
  rows: LeaderboardRow[];
}

/**
 * The answer's rows cut into one board per circuit, in the server's order: positions and gaps are per circuit, so
 * each circuit gets its own table (the 'all circuits' answer lists each circuit's leaders).
 */
export function boardsByCircuit(rows: readonly LeaderboardRow[]): CircuitBoard[] {
  const boards: CircuitBoard[] = [];
  for (const row of rows) {
    const last = boards.at(-1);
    if (last && last.circuitId === row.circuitId) last.rows.push(row);
    else boards.push({ circuitId: row.circuitId, circuitName: row.circuitName, rows: [row] });
  }
  return boards;
}
