import { liveQuery } from 'dexie';
import { getAnalysisClient } from '../analysis/analysis-client';
import { circuitTypesApi } from './api/circuit-types';
import { circuitsApi, userCircuitsApi } from './api/circuits';
import { countriesApi } from './api/countries';
import { firmwareApi } from './api/firmware';
import { leaderboardsApi } from './api/leaderboards';
import { sessionsApi } from './api/sessions';
import { usersApi } from './api/users';
import { vehicleCategoriesApi } from './api/vehicle-categories';
import { vehicleTypesApi } from './api/vehicle-types';
import { authSession, profileRepository } from './auth/app-session';
import { getDb } from './db/database';
import { createDeviceVersionRepository } from './repositories/device-version-repository';
import { createFirmwareRepository } from './repositories/firmware-repository';
import { createLeaderboardRepository } from './repositories/leaderboard-repository';
import { createReferenceRepository } from './repositories/reference-repository';
import { createSessionGatesRepository } from './repositories/session-gates-repository';
import { createSessionsRepository } from './repositories/sessions-repository';
import { createSharingRepository } from './repositories/sharing-repository';
import { createTeamsRepository } from './repositories/teams-repository';
import { sharingApi } from './api/sharing';
import { createVideoRepository } from './repositories/video-repository';
import { createAddVideos, type AddVideoMedia } from './use-cases/add-video';
import { createImportSession } from './use-cases/import-session';
import { removeLeftoverExports } from './storage/export-files';
import { removeStoredFiles } from './storage/opfs-files';
import { getStorageStatus, requestPersistentStorage } from './storage/storage-manager';
import { listenForServiceWorkerSync, requestBackgroundSync } from './sync/background-sync';
import { createOutboxStore } from './sync/outbox-store';
import { SyncEngine } from './sync/sync-engine';
import { syncNoticeFor, type SyncNotice } from './sync/sync-notices';
import { browserNetworkStatus, sessionsSyncTransport, systemClock, withSyncLock } from './sync/sync-transport';

/**
 * The app's data layer, wired once. Screens import what they need from here:
 * - `sessionsRepository` (device sink `saveDownloadedSession`, lists, texts, analysis, edit/delete/retry,
 *   `refreshFromServer`), `referenceRepository` (countries, circuits, types, categories), `firmwareRepository`,
 *   `leaderboardRepository` (answers kept for offline viewing), `sessionGatesRepository` (a session's own gates);
 * - `importSession` (a picked file imported as a session; a start/finish confirmed for one), `addVideosWith`
 *   (a pick of videos added to a session, given the media work);
 * - `watchSyncNotices(show)` for 'Session uploaded' / conflict notices / failures (the sync engine itself stays
 *   inside this module);
 * - `startDataLayer()` is called once by the shell at boot (auth start, persistent storage, sync triggers).
 * The auth session itself is in ./auth/app-session.ts.
 */

const currentUserId = () => authSession.getSnapshot().user?.id ?? null;
const isOnlineSignedIn = () => authSession.getSnapshot().status === 'signed-in';

const syncEngine = new SyncEngine({
  store: createOutboxStore(getDb),
  // Big uploads are read and encoded in the analysis worker: no main-thread task of several hundred ms (7 h session).
  transport: sessionsSyncTransport(sessionsApi, { encodeUpload: (upload, signal) => getAnalysisClient().encodeSessionUpload(upload, { signal }) }),
  clock: systemClock,
  network: browserNetworkStatus,
  currentUserId,
  withLock: withSyncLock,
});

/** A write was queued: run the queue now, and ask for a Background Sync in case the tab closes first. */
function onQueued(): void {
  void syncEngine.kick();
  void requestBackgroundSync();
}

export const sessionsRepository = createSessionsRepository({
  db: getDb,
  api: sessionsApi,
  currentUserId,
  analyse: (input, signal) =>
    getAnalysisClient().processSession({ nmea: new Uint8Array(input.nmea), laps: new Uint8Array(input.laps) }, { signal }),
  onQueued,
});

/** Sharing: the default for new sessions, all private at once, kept reference laps, invitations (offline first). */
export const sharingRepository = createSharingRepository({
  db: getDb,
  api: sharingApi,
  currentUserId,
  editSession: (localId, edit) => sessionsRepository.editSession(localId, edit),
});

export const teamsRepository = createTeamsRepository({ db: getDb, api: sharingApi, currentUserId });

export const referenceRepository = createReferenceRepository({
  db: getDb,
  fetchers: {
    countries: () => countriesApi.list(),
    circuits: () => circuitsApi.list(),
    circuitTypes: () => circuitTypesApi.list(),
    vehicleTypes: () => vehicleTypesApi.list(),
    vehicleCategories: () => vehicleCategoriesApi.list(),
  },
});

/**
 * Importing a picked file as a session, and timing an imported one again at a start/finish the racer confirmed
 * (use-cases/import-session.ts): read and timed in the analysis worker, stored through the sessions repository.
 */
export const importSession = createImportSession({
  freshCircuits: async () => {
    try {
      await referenceRepository.refresh('circuits', { force: true });
    } catch {
      // Offline or the server failed: the stored list is what we have.
    }
    return referenceRepository.stored('circuits');
  },
  importFile: (input, onProgress) => getAnalysisClient().importFile(input, { onProgress }),
  saveSession: (session) => sessionsRepository.saveDownloadedSession(session),
  replaceSessionTexts: (localId, texts) => sessionsRepository.replaceSessionTexts(localId, texts),
  editSession: (localId, edit) => sessionsRepository.editSession(localId, edit),
  saveMyCircuit: (circuit) => userCircuitsApi.saveMine(circuit),
});

export const firmwareRepository = createFirmwareRepository({ db: getDb, api: firmwareApi });

export const leaderboardRepository = createLeaderboardRepository({ db: getDb, api: leaderboardsApi });

export const sessionGatesRepository = createSessionGatesRepository({ db: getDb });

export type { VideoRow } from './db/rows';

/** On-board videos of sessions (rows here; files in OPFS, copied by src/media). */
export const videoRepository = createVideoRepository(getDb);

/**
 * Adding a pick of videos to a session (use-cases/add-video.ts): its rows and the removal of a failed video's file
 * wired here; the media work (probe, copy, chapter join, GPS match) is src/media's, which this layer does not
 * import: the screen that adds videos passes it in.
 */
export function addVideosWith(media: AddVideoMedia) {
  return createAddVideos({ ...media, videos: videoRepository, removeStoredFiles });
}
export type { AddNoticeItem } from './use-cases/add-video';

/** The firmware version ASTRO reported: kept at once, sent to the user's record when online. */
export const deviceVersionRepository = createDeviceVersionRepository({
  db: getDb,
  send: (userId, firmwareVersion) => usersApi.patch(userId, { firmwareVersion }),
  saveUser: (user) => profileRepository.saveFullUser(user),
  currentUserId,
});

export { getStorageStatus, requestPersistentStorage };
export { shownFirmwareVersion } from './repositories/device-version-repository';
export type { SyncNotice };
export type { ReferenceRows, ReferenceTable } from './repositories/reference-repository';
export type { StorageStatus } from './storage/storage-manager';

/**
 * Calls `show` for each sync event the user should hear about ('Session uploaded', the conflict notice,
 * 'Failed to update session' when a write needs their retry). The shell wires it to its toasts once.
 */
export function watchSyncNotices(show: (notice: SyncNotice) => void): () => void {
  return syncEngine.subscribe((e) => {
    const notice = syncNoticeFor(e);
    if (notice) show(notice);
  });
}

/**
 * Refetches what the server has when we are online and signed in: reference data, the session list, and the
 * sharing state (sharing-repository.ts flush).
 */
let refreshing: Promise<void> | null = null;
export function refreshFromServer(options: { force?: boolean } = {}): Promise<void> {
  refreshing ??= (async () => {
    await referenceRepository.refreshAll(options);
    if (isOnlineSignedIn()) {
      await sessionsRepository.refreshFromServer().catch(() => undefined);
      // The sharing default, invitations accepted offline, and reference laps their owners withdrew.
      await sharingRepository.flush().catch(() => undefined);
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

let started: Promise<void> | null = null;

/**
 * The data layer's boot sequence, run once by the shell (app/data-boot.ts `startData`, the only caller; the
 * sequence is written down in the README) - idempotent all the same: ask for persistent storage, decide the auth state (offline start included), then
 * start the sync engine and refresh reference data and sessions when online. Later triggers: sign-in, the
 * online event, Background Sync relayed by the service worker.
 */
export function startDataLayer(): Promise<void> {
  started ??= (async () => {
    const quiet = (p: Promise<unknown>) => void p.catch(() => undefined);
    quiet(requestPersistentStorage());
    // A video export cut short (tab closed, crash) left its partial file: nothing half-written stays.
    quiet(removeLeftoverExports());
    listenForServiceWorkerSync(() => quiet(syncEngine.kick()));
    authSession.onSignedIn(() => {
      quiet(syncEngine.start());
      quiet(refreshFromServer());
      quiet(deviceVersionRepository.flush());
    });
    authSession.onSignedOut(() => syncEngine.stop());
    browserNetworkStatus.onOnline(() => {
      quiet(referenceRepository.refreshAll());
      if (isOnlineSignedIn()) quiet(sharingRepository.flush());
      quiet(deviceVersionRepository.flush());
    });
    // Any new or retried outbox entry - written by this tab's repositories, another module, or another tab
    // (Dexie's liveQuery sees cross-tab writes) - runs the queue at once.
    liveQuery(() => getDb().outbox.where('nextAttemptAt').equals(0).primaryKeys()).subscribe({
      next: (keys) => {
        if (keys.length > 0) quiet(syncEngine.kick());
      },
      error: () => undefined,
    });
    const snap = await authSession.start();
    if (snap.status !== 'signed-out') quiet(syncEngine.start());
    if (snap.status === 'signed-in') {
      quiet(refreshFromServer());
      quiet(deviceVersionRepository.flush());
    } else quiet(referenceRepository.refreshAll());
  })();
  return started;
}
