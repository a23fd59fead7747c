/**
 * The upgrade to schema version 4: a session's date is its first fix's instant (domain/value-format/session-start.ts).
 * Builds before it dated every session from its file name's wall-clock minute (the track's clock), read in the
 * zone of this device, or of the circuit's country when the circuit was stored here: hours off for a track in
 * another zone (an import near no known circuit). The seconds are gone (only the device texts are kept, timed
 * from the first fix), so each row is dated again from its name in the track's zone, known to the minute: the zone
 * at its first fix (its stored positions), else its circuit's country's. One row at a time (a device may hold
 * many 25 MB sessions). A row already on the server whose date moved gets a queued PATCH of the date, so the
 * server's copy (and the leaderboard) follows and the next server refresh does not bring the old date back.
 */
import Dexie, { type Transaction } from 'dexie';
import { MINUTE_MS, sessionStartFromFileName } from '../../domain/value-format/session-start';
import { hasZone } from '../../domain/value-format/wall-clock';
import { parsePositionsText } from '../../domain/parse-positions';
import { timeZoneAt } from '../../domain/geo/time-zone-at';
import { newOutboxEntry } from '../repositories/outbox-entries';

/** Bytes read of a session's stored positions: its first line (a few dozen bytes) with room to spare. */
const FIRST_LINE_BYTES = 512;

type ZoneAt = (lat: number, lon: number) => string | null;

/** The first fix of stored position text (ArrayBuffer, or a Blob since the texts moved to Blobs); null when unreadable. */
async function firstFix(nmea: unknown): Promise<{ lat: number; lon: number } | null> {
  let head: ArrayBuffer;
  if (nmea instanceof ArrayBuffer) head = nmea.slice(0, FIRST_LINE_BYTES);
  else if (nmea instanceof Blob) head = await Dexie.waitFor(nmea.slice(0, FIRST_LINE_BYTES).arrayBuffer());
  else return null;
  const text = new TextDecoder().decode(head);
  const end = text.lastIndexOf('\n');
  const { positions } = parsePositionsText(end > 0 ? text.slice(0, end + 1) : text);
  return positions.count > 0 ? { lat: positions.lat[0], lon: positions.lon[0] } : null;
}

/** The first gate of a circuit's 'lat;lon;...' text; null when it has none. */
function firstGate(coordinates: unknown): { lat: number; lon: number } | null {
  if (typeof coordinates !== 'string') return null;
  const [lat, lon] = coordinates.split(';').map(Number);
  return Number.isFinite(lat) && Number.isFinite(lon) ? { lat, lon } : null;
}

interface OldRow {
  localId: number;
  ownerId: number;
  filename: string;
  date: string;
  serverId: number | null;
  circuitId: number | null;
  hasTexts?: boolean;
  summary?: { circuit?: { coordinates?: unknown } | null } | null;
}

/** The zone of a row's track: at its first fix, else its circuit's first gate, else its circuit's country's. */
async function trackZone(tx: Transaction, row: OldRow, zoneAt: () => Promise<ZoneAt>): Promise<string | null> {
  const texts = row.hasTexts ? ((await tx.table('sessionTexts').get(row.localId)) as { nmea?: unknown } | undefined) : undefined;
  const circuit = typeof row.circuitId === 'number' ? ((await tx.table('circuits').get(row.circuitId)) as { coordinates?: unknown; country?: { timezone?: unknown } | null } | undefined) : undefined;
  const place = (texts ? await firstFix(texts.nmea) : null) ?? firstGate(circuit?.coordinates) ?? firstGate(row.summary?.circuit?.coordinates);
  const found = place ? (await zoneAt())(place.lat, place.lon) : null;
  const countryZone = circuit?.country?.timezone;
  return found ?? (typeof countryZone === 'string' ? countryZone : null);
}

/** Queues the corrected date for the server: merged into a PATCH already waiting, else a new one. */
async function queueDate(tx: Transaction, row: OldRow, date: string, now: number): Promise<void> {
  const outbox = tx.table('outbox');
  const entries = (await outbox.where('sessionLocalId').equals(row.localId).toArray()) as { id: number; kind: string; patch: Record<string, unknown> | null }[];
  // A POST or PUT not sent yet reads the row when it is sent: it carries the new date.
  if (entries.some((e) => e.kind === 'create-session' || e.kind === 'replace-session')) return;
  const patch = entries.find((e) => e.kind === 'patch-session');
  if (patch) await outbox.update(patch.id, { patch: { ...(patch.patch ?? {}), date }, nextAttemptAt: 0 });
  else await outbox.add(newOutboxEntry(row.ownerId, 'patch-session', row, now, { patch: { date } }));
  await tx.table('sessions').update(row.localId, { syncState: 'Pending', lastError: null });
}

export async function redateSessions(tx: Transaction, now = Date.now()): Promise<void> {
  // A static import: the service worker opens this database too (Background Sync), and its classic script cannot
  // hold a dynamic import (the bundler's preload helper reads import.meta, and the worker then fails to start).
  const zoneAt = (): Promise<ZoneAt> => Promise.resolve(timeZoneAt);
  const sessions = tx.table('sessions');
  const keys = (await sessions.toCollection().primaryKeys()) as number[];
  for (const key of keys) {
    const row = (await sessions.get(key)) as OldRow | undefined;
    if (!row || typeof row.filename !== 'string' || typeof row.date !== 'string') continue;
    // A date off the whole minute is already an instant of a first fix (a server row of a newer app).
    if (Date.parse(hasZone(row.date) ? row.date : `${row.date}Z`) % MINUTE_MS !== 0) continue;
    const timeZone = await trackZone(tx, row, zoneAt);
    const start = timeZone ? sessionStartFromFileName(row.filename, timeZone) : null;
    if (!start) {
      await sessions.update(key, { dateAccuracyMs: MINUTE_MS });
      continue;
    }
    await sessions.update(key, { date: start.date, dateAccuracyMs: start.accuracyMs, timeZone });
    // (A zone-less date of the oldest builds reached the server read as UTC.)
    const before = Date.parse(hasZone(row.date) ? row.date : `${row.date}Z`);
    if (Date.parse(start.date) !== before && typeof row.serverId === 'number') await queueDate(tx, row, start.date, now);
  }
}
