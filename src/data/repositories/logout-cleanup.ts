import type { AstroDb } from '../db/database';
import { removeStoredFiles } from '../storage/opfs-files';

/**
 * What signing out removes from IndexedDB, and what it keeps.
 *
 * Removed: the user's profile, and the user's sessions (with cached analyses and their videos) that are safely on the server
 * (sync state Completed and no queued write) - they come back from the server at the next sign-in.
 * Kept: every session of the user that is not on the server yet (Pending, In Progress, Failed) or that still has
 * a queued edit, together with its outbox entries; they stay tagged with the owner's id, so the sync engine
 * uploads them the next time that same user signs in, and never under another account. Public reference data,
 * firmware binaries and leaderboard/translation caches are kept too (they hold nothing personal).
 */
export async function removeSignedOutUserData(db: AstroDb, userId: number): Promise<{ removed: number; kept: number }> {
  let videoFiles: string[] = [];
  const result = await db.transaction('rw', [db.sessions, db.sessionTexts, db.analyses, db.outbox, db.profile, db.kv, db.videos], async () => {
    const queued = new Set((await db.outbox.where('ownerId').equals(userId).toArray()).map((e) => e.sessionLocalId));
    const sessions = await db.sessions.where('ownerId').equals(userId).toArray();
    const removable = sessions.filter((s) => s.syncState === 'Completed' && !queued.has(s.localId)).map((s) => s.localId);
    await db.sessions.bulkDelete(removable);
    await db.analyses.bulkDelete(removable);
    await db.sessionTexts.bulkDelete(removable);
    const videos = await db.videos.where('sessionLocalId').anyOf(removable).toArray();
    videoFiles = videos.map((v) => v.opfsName);
    await db.videos.bulkDelete(videos.map((v) => v.id));
    await db.profile.delete(userId);
    const last = await db.kv.get('lastUserId');
    if (last?.value === userId) await db.kv.delete('lastUserId');
    return { removed: removable.length, kept: sessions.length - removable.length };
  });
  await removeStoredFiles(videoFiles);
  return result;
}
