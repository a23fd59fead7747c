/**
 * A session's on-board videos: their rows in Dexie (metadata, sync, marks) and, on delete, their files in OPFS.
 * Adding a video is two steps by the media layer (copy the file, then `add` the row), so a copy that fails leaves
 * no row, and a row always names a complete file.
 */
import type { AstroDb } from '../db/database';
import { restoreRow, restoreRows } from '../db/restore';
import { localSessionSchema, videoRowSchema, type NewVideoRow, type StoredVideoSync, type VideoRow } from '../db/rows';
import { startAccuracyMs } from '../../domain/value-format/session-start';
import { removeStoredFiles } from '../storage/opfs-files';
import { toStorageError } from '../storage/storage-error';

export interface VideoRepository {
  listForSession(sessionLocalId: number): Promise<VideoRow[]>;
  get(id: number): Promise<VideoRow | null>;
  add(row: NewVideoRow): Promise<VideoRow>;
  saveSync(id: number, sync: StoredVideoSync | null, marks: VideoRow['marks']): Promise<void>;
  remove(id: number): Promise<void>;
  countForSession(sessionLocalId: number): Promise<number>;
  /**
   * The session's start (ISO instant of its first fix), which GPS-timed sync needs, how much later the first fix may
   * be (`accuracyMs`: a minute for a start from a device file name), and the track's zone (a camera's local clock is
   * the track's: the zone at the first fix, else the circuit's country's); null when the session is gone.
   */
  sessionClock(sessionLocalId: number): Promise<{ start: string; accuracyMs: number; timeZone: string | null } | null>;
  /** Bytes of all stored videos (the profile's storage status). */
  totalBytes(): Promise<{ count: number; bytes: number }>;
}

export function createVideoRepository(db: () => AstroDb, removeFiles: (names: readonly string[]) => Promise<void> = removeStoredFiles): VideoRepository {
  const get = async (id: number) => restoreRow('videos', await db().videos.get(id), videoRowSchema);
  return {
    async listForSession(sessionLocalId) {
      return restoreRows('videos', await db().videos.where('sessionLocalId').equals(sessionLocalId).toArray(), videoRowSchema);
    },
    get,
    countForSession: (sessionLocalId) => db().videos.where('sessionLocalId').equals(sessionLocalId).count(),
    async sessionClock(sessionLocalId) {
      const row = restoreRow('sessions', await db().sessions.get(sessionLocalId), localSessionSchema);
      if (!row) return null;
      const circuit = typeof row.circuitId === 'number' ? await db().circuits.get(row.circuitId) : undefined;
      const countryZone: unknown = circuit?.country?.timezone;
      const timeZone = row.timeZone ?? (typeof countryZone === 'string' ? countryZone : null);
      return { start: row.date, accuracyMs: startAccuracyMs(row.date, row.dateAccuracyMs), timeZone };
    },
    async add(row) {
      try {
        const id = await db().videos.add(row as VideoRow);
        return { ...row, id: id as number };
      } catch (e) {
        throw toStorageError(e, 'the video');
      }
    },
    async saveSync(id, sync, marks) {
      try {
        await db().videos.update(id, { sync, marks });
      } catch (e) {
        throw toStorageError(e, 'the video sync');
      }
    },
    async remove(id) {
      const row = await get(id);
      await db().videos.delete(id);
      if (row) await removeFiles([row.opfsName]);
    },
    async totalBytes() {
      const rows = restoreRows('videos', await db().videos.toArray(), videoRowSchema);
      return { count: rows.length, bytes: rows.reduce((n, r) => n + r.sizeBytes, 0) };
    },
  };
}
