/**
 * A session's on-board videos: their rows in Dexie (metadata, sync, marks) and, on delete, their files in OPFS.
 * Adding a video is two steps by the media layer (copy the file, then `add` the row), so a copy that fails leaves
 * no row, and a row always names a complete file.
 */
import type { AstroDb } from '../db/database';
import { restoreRow, restoreRows } from '../db/restore';
import { videoRowSchema, type NewVideoRow, type StoredVideoSync, type VideoRow } from '../db/rows';
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
   * The session's start (ISO instant), which GPS-timed sync needs, and its circuit's zone (a camera's local clock
   * is the track's); null when the session is gone.
   */
  sessionClock(sessionLocalId: number): Promise<{ start: string; timeZone: string | null } | null>;
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
      const row = await db().sessions.get(sessionLocalId);
      if (typeof row?.date !== 'string') return null;
      const circuit = typeof row.circuitId === 'number' ? await db().circuits.get(row.circuitId) : undefined;
      const timeZone: unknown = circuit?.country?.timezone;
      return { start: row.date, timeZone: typeof timeZone === 'string' ? timeZone : null };
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
