import type { FirmwareVersion } from '../../contracts/firmware';
import { firmwareVersionSchema } from '../../contracts/firmware';
import type { FirmwareApi } from '../api/firmware';
import type { AstroDb } from '../db/database';
import { restoreRow, restoreRows } from '../db/restore';
import { firmwareRowSchema, type FirmwareRow } from '../db/rows';
import { StorageError, toStorageError } from '../storage/storage-error';

/**
 * The firmware binary kept in IndexedDB so an update can run trackside without signal: downloaded from
 * GET /api/firmware, checked against the sha256 that GET /api/firmware/version announced (a mismatch is an
 * INTEGRITY error and nothing is stored), and kept (only the newest version) until a newer one is announced.
 */
const LATEST_KEY = 'firmware:latest';

async function sha256Hex(bytes: ArrayBuffer): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export function createFirmwareRepository(deps: { db: () => AstroDb; api: Pick<FirmwareApi, 'version' | 'download'>; now?: () => number }) {
  const db = deps.db;
  const now = deps.now ?? Date.now;

  async function stored(): Promise<FirmwareRow | null> {
    const rows = restoreRows('firmware', await db().firmware.toArray(), firmwareRowSchema);
    rows.sort((a, b) => (a.downloadedAt < b.downloadedAt ? 1 : -1));
    return rows[0] ?? null;
  }

  return {
    /** The newest binary on this device, if any. */
    stored,

    /** What the server offers (cached for offline use); offline, the last answer seen. Throws ApiError if never seen. */
    async latestInfo(signal?: AbortSignal): Promise<FirmwareVersion> {
      try {
        const info = await deps.api.version(signal);
        await db().kv.put({ key: LATEST_KEY, value: info });
        return info;
      } catch (e) {
        const cached = firmwareVersionSchema.safeParse((await db().kv.get(LATEST_KEY))?.value);
        if (cached.success) return cached.data;
        throw e;
      }
    },

    /** The binary of `info.version`: from IndexedDB when its sha256 matches, else downloaded, verified and stored. */
    async ensureDownloaded(info: FirmwareVersion, signal?: AbortSignal): Promise<FirmwareRow> {
      const have = restoreRow('firmware', await db().firmware.get(info.version), firmwareRowSchema);
      if (have && have.sha256 === info.sha256 && (await sha256Hex(have.bytes)) === info.sha256) return have;
      const bytes = await deps.api.download(signal);
      const hash = await sha256Hex(bytes);
      if (hash !== info.sha256 || bytes.byteLength !== info.size) {
        throw new StorageError('INTEGRITY', `The downloaded firmware does not match version ${info.version} (sha256 or size differ).`);
      }
      const row: FirmwareRow = { version: info.version, sha256: hash, size: bytes.byteLength, bytes, downloadedAt: new Date(now()).toISOString() };
      try {
        await db().transaction('rw', db().firmware, async () => {
          await db().firmware.clear();
          await db().firmware.put(row);
        });
      } catch (e) {
        throw toStorageError(e, 'the firmware');
      }
      return row;
    },
  };
}
