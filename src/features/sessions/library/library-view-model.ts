/**
 * The library's model as pure functions (library-screen.tsx and library-columns.tsx wire them): the track's zone of
 * a row, the table's rows as shown (the category in the reader's language, the start on the track's clock), the
 * sharing badge, the upload state's colour and tooltip, the highlight of a compared row and which taps open a row.
 */
import { instantToWallClock } from '../../../domain/value-format/wall-clock';
import type { Message } from '../../../contracts/messages';
import type { LibraryRow, SyncState, Visibility } from '../shared';

/** A library row with the session's start on the track's clock ('YYYY-MM-DDTHH:mm:ss', no zone). */
export type LibraryTableRow = LibraryRow & { trackDate: string };

/** A zone-less row's circuit zones: circuit id to its country's IANA zone. */
export function circuitZones(circuits: readonly { id: number; country?: { timezone?: string } | null }[] | undefined): Map<number, string | undefined> {
  return new Map((circuits ?? []).map((c) => [c.id, c.country?.timezone]));
}

/** The track's clock: the zone at the session's own first fix (a session near no circuit has one too), else its circuit's country's. */
export function zoneOfRow(zones: ReadonlyMap<number, string | undefined>, row: Pick<LibraryRow, 'circuitId' | 'timeZone'>): string | undefined {
  return row.timeZone ?? (row.circuitId === null ? undefined : zones.get(row.circuitId));
}

/** The table's rows: the category as the reader's language names it (so its filter and sort see the shown text), the start on the track's clock. */
export function libraryTableRows(rows: readonly LibraryRow[], zoneOf: (row: LibraryRow) => string | undefined, categoryName: (row: LibraryRow) => string): LibraryTableRow[] {
  return rows.map((r) => ({ ...r, vehicleCategoryName: categoryName(r), trackDate: instantToWallClock(r.date, zoneOf(r)) }));
}

/** A shared session's badge (its key in sessions' texts and colour); none for a private one. */
export function sharingBadgeOf(visibility: Visibility | null | undefined): { key: string; color: string } | null {
  if (visibility === 'public') return { key: 'sharing.public', color: 'teal' };
  if (visibility === 'team') return { key: 'sharing.team', color: 'violet' };
  return null;
}

const syncColors: Record<SyncState, string> = { Pending: 'yellow', 'In Progress': 'blue', Completed: 'green', Failed: 'red' };

export function syncColorOf(state: SyncState): string {
  return syncColors[state];
}

/** The upload state's tooltip: the server's message of a failure, else 'only on this device' or the state's name. */
export function syncTooltipOf(row: Pick<LibraryRow, 'lastError' | 'serverId' | 'syncState'>): { kind: 'error'; message: Message } | { kind: 'text'; key: string } {
  if (row.lastError) return { kind: 'error', message: row.lastError };
  return { kind: 'text', key: row.serverId === null ? 'sync.local' : `sync.${row.syncState}` };
}

/** A compared row's mark: a bar on its left in the side's colour (blue left, grape right). */
export function slotStyle(slot: 'left' | 'right' | null): { cursor: string; boxShadow?: string } {
  return { cursor: 'pointer', ...(slot ? { boxShadow: `inset 3px 0 0 var(--mantine-color-${slot === 'left' ? 'blue' : 'grape'}-6)` } : {}) };
}

/** A tap on these inside a row is theirs (buttons, inputs, menus), not the row's 'open'. */
const INTERACTIVE = 'button, a, input, select, textarea, label, [role="menuitem"], [role="checkbox"]';

/** Whether a tap on `target` opens the row: not on a control, nor in the actions cell (the first: its gaps stay inert). */
export function tapOpensRow(target: EventTarget | null): boolean {
  if (!(target instanceof Element) || target.closest(INTERACTIVE)) return false;
  return target.closest('td')?.cellIndex !== 0;
}
