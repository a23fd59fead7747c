import type { LapSlice } from '../../contracts/sharing';
import { restoreRow, restoreRows } from '../db/restore';
import { sharedLapRowSchema, type SharedLapRow } from '../db/rows';
import { requireSharingUser, type SharingRepositoryDeps } from './sharing-repository-deps';
import { fastestFirst, sharedLapKey as lapKey, withdrawnKeys } from './shared-lap-keys';

/** The check route takes at most this many laps a call. */
const CHECK_BATCH = 200;

/**
 * Other racers' laps fetched as reference laps, kept for offline use (table sharedLaps) until the server says their
 * owner withdrew them (POST /shared-laps/check at the next sync).
 */
export function createSharedLapStore(deps: SharingRepositoryDeps) {
  const now = deps.now ?? (() => new Date());
  const db = deps.db;

  /** The signed-in user's kept reference laps. */
  async function keptLaps(viewerId: number): Promise<SharedLapRow[]> {
    return restoreRows('sharedLaps', await db().sharedLaps.where('viewerId').equals(viewerId).toArray(), sharedLapRowSchema);
  }

  /** Drops the kept reference laps the server no longer shares with the user. Quiet offline. */
  async function dropWithdrawn(viewerId: number): Promise<number> {
    const kept = await keptLaps(viewerId);
    let dropped = 0;
    for (let i = 0; i < kept.length; i += CHECK_BATCH) {
      const batch = kept.slice(i, i + CHECK_BATCH);
      const available = await deps.api.checkLaps(batch.map((r) => ({ sessionId: r.slice.sessionId, lapNumber: r.slice.lapNumber })));
      const gone = withdrawnKeys(viewerId, batch, available);
      await db().sharedLaps.bulkDelete(gone);
      dropped += gone.length;
    }
    return dropped;
  }

  return {
    /**
     * A reference lap: the kept copy when there is one (offline too), else fetched (one lap's slice) and kept.
     * Throws ApiError (NOT_FOUND when it is not shared with the user, NETWORK offline) when it is not here.
     */
    async referenceLap(sessionId: number, lapNumber: number, signal?: AbortSignal): Promise<LapSlice> {
      const viewerId = requireSharingUser(deps);
      const key = lapKey(viewerId, sessionId, lapNumber);
      const kept = restoreRow('sharedLaps', await db().sharedLaps.get(key), sharedLapRowSchema);
      if (kept) return kept.slice;
      const slice = await deps.api.lapSlice(sessionId, lapNumber, signal);
      try {
        await db().sharedLaps.put({ key, viewerId, circuitId: slice.circuitId, slice, fetchedAt: now().toISOString() } satisfies SharedLapRow);
      } catch {
        // Not kept (quota): still used for this view.
      }
      return slice;
    },

    /** The kept reference laps of a circuit (offline 'Compare with...'), fastest first. */
    async keptLapsOf(circuitId: number, viewerId: number | null = deps.currentUserId()): Promise<SharedLapRow[]> {
      if (viewerId === null) return [];
      const rows = restoreRows('sharedLaps', await db().sharedLaps.where('[viewerId+circuitId]').equals([viewerId, circuitId]).toArray(), sharedLapRowSchema);
      return rows.sort(fastestFirst);
    },

    keptLaps,
    dropWithdrawn,
  };
}
