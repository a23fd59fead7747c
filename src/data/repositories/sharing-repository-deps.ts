import type { SharingApi } from '../api/sharing';
import { isApiError } from '../api/api-error';
import type { AstroDb } from '../db/database';
import type { SessionEdit } from '../db/rows';

export interface SharingRepositoryDeps {
  db: () => AstroDb;
  api: SharingApi;
  currentUserId: () => number | null;
  /** The sessions repository's edit (applied here at once, queued for the server). */
  editSession: (localId: number, edit: SessionEdit) => Promise<unknown>;
  now?: () => Date;
}

/** Offline or the server down: kept for later. Anything else is the caller's to show. */
export const retryLater = (e: unknown) => isApiError(e) && (e.offline || e.status >= 500);

/** The signed-in user's id; throws when nobody is signed in. */
export function requireSharingUser(deps: Pick<SharingRepositoryDeps, 'currentUserId'>): number {
  const id = deps.currentUserId();
  if (id === null) throw new Error('Not signed in.');
  return id;
}
