/**
 * The server half of the sessions repository's refreshFromServer (sessions-repository.ts): GET /sessions mirrored
 * into IndexedDB in one transaction.
 */
import type { SessionSummary } from '../../contracts/entities';
import type { AstroDb } from '../db/database';
import type { LocalSession, NewLocalSession } from '../db/rows';

/**
 * Server rows get (or keep) a local row marked Completed; local fields with a queued edit are kept (the PATCH
 * will win); server rows deleted elsewhere disappear here unless they still have queued work.
 */
export async function mirrorServerSessions(db: () => AstroDb, ownerId: number, list: SessionSummary[]): Promise<void> {
  await db().transaction('rw', [db().sessions, db().sessionTexts, db().analyses, db().outbox], async () => {
    const queued = new Set((await db().outbox.where('ownerId').equals(ownerId).toArray()).map((e) => e.sessionLocalId));
    const locals = await db().sessions.where('ownerId').equals(ownerId).toArray();
    const byFilename = new Map(locals.map((s) => [s.filename, s]));
    const serverIds = new Set<number>();
    for (const s of list) {
      serverIds.add(s.id);
      const local = byFilename.get(s.filename);
      const fromServer = {
        serverId: s.id,
        summary: s,
        serverUpdatedAt: s.updatedAt,
        lapsBytes: s.lapsBytes,
        nmeaBytes: s.coordinatesBytes,
      };
      const fields = {
        name: s.name,
        date: s.date,
        circuitId: s.circuitId,
        vehicleCategoryId: s.vehicleCategoryId,
        favorite: s.favorite,
        weatherConditions: s.weatherConditions,
        visibility: s.visibility,
        updatedAt: s.updatedAt,
      };
      if (!local) {
        const row: NewLocalSession = {
          ownerId,
          filename: s.filename,
          source: 'server',
          hasTexts: false,
          syncState: 'Completed',
          lastError: null,
          createdAt: s.createdAt,
          ...fromServer,
          ...fields,
        };
        await db().sessions.add(row as LocalSession);
      } else if (queued.has(local.localId)) {
        await db().sessions.update(local.localId, { serverId: s.id, summary: s });
      } else {
        await db().sessions.update(local.localId, { ...fromServer, ...fields, syncState: 'Completed', lastError: null });
      }
    }
    for (const local of locals) {
      if (local.serverId !== null && !serverIds.has(local.serverId) && !queued.has(local.localId) && local.syncState === 'Completed') {
        await db().sessions.delete(local.localId);
        await db().sessionTexts.delete(local.localId);
        await db().analyses.delete(local.localId);
      }
    }
  });
}
