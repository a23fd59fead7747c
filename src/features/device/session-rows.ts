/**
 * The device screen's one list: sessions 'In ASTRO' and/or 'In Cloud', each with its upload state.
 * Pure: merges the device's list, the transfer queue and the app's own sessions by filename.
 *
 * State: a session in the running queue shows the queue's state; otherwise one the app already has shows its
 * sync state (Completed once on the server); one only on the device is Pending.
 */
import type { QueueItemView } from '../../device/flows/astro-controller';
import type { DeviceSessionRow } from '../../device/flows/session-list';
import type { TransferFailure, UploadState } from '../../device/flows/transfer-items';
import type { Message } from '../../contracts/messages';
import { displayNameFromFileName } from '../../domain/value-format/session-name';
import type { LocalSessionInfo } from './device-port';

export interface AstroSessionRow {
  filename: string;
  name: string;
  inAstro: boolean;
  inCloud: boolean;
  /** Kept on this device (downloaded, maybe not uploaded yet). */
  onThisDevice: boolean;
  /** The local id of the copy kept here (to open its analysis), else null. */
  localId: number | null;
  state: UploadState;
  /**
   * What the badge says: the state, except that a download the user stopped reads 'Stopped' (the state stays
   * Failed underneath, as the queue's rules have it; nothing went wrong).
   */
  shownState: UploadState | 'Stopped';
  /** 0..100 while queued or transferring, else null. */
  progress: number | null;
  /** Bytes on the device (laps + nmea), when listed there: all the device's list tells before a download. */
  bytes: number | null;
  /** Once the app has the session (downloaded here, or the server's summary): its best lap, laps and duration. */
  bestLapMs: number | null;
  lapCount: number | null;
  durationMs: number | null;
  /** Why it failed: a transfer failure (translated at display by failureText) or the upload's last message. */
  failure: TransferFailure | { message: Message } | null;
}

export function displayName(filename: string): string {
  try {
    return displayNameFromFileName(filename);
  } catch {
    return filename;
  }
}

const fromSync: Record<LocalSessionInfo['syncState'], UploadState> = {
  Pending: 'Pending',
  'In Progress': 'Uploading',
  Completed: 'Completed',
  Failed: 'Failed',
};

export function mergeSessionRows(device: DeviceSessionRow[], queue: QueueItemView[], local: LocalSessionInfo[]): AstroSessionRow[] {
  const rows = new Map<string, AstroSessionRow>();
  const localBy = new Map(local.map((l) => [l.filename, l]));
  const queueBy = new Map(queue.map((q) => [q.filename, q]));
  const names = new Set<string>([...device.map((d) => d.filename), ...local.map((l) => l.filename)]);
  const deviceBy = new Map(device.map((d) => [d.filename, d]));
  for (const filename of names) {
    const d = deviceBy.get(filename);
    const l = localBy.get(filename);
    const q = queueBy.get(filename);
    let state: UploadState = 'Pending';
    let failure: AstroSessionRow['failure'] = null;
    if (q && q.state !== 'Completed') {
      state = q.state;
      failure = q.failure ?? null;
    } else if (l) {
      state = l.inCloud ? 'Completed' : fromSync[l.syncState];
      failure = l.syncState === 'Failed' && l.lastError ? { message: l.lastError } : null;
    } else if (q) {
      state = q.state;
    }
    rows.set(filename, {
      filename,
      name: displayName(filename),
      inAstro: d !== undefined,
      inCloud: l?.inCloud ?? false,
      onThisDevice: l !== undefined,
      localId: l?.localId ?? null,
      state,
      shownState: state === 'Failed' && failure !== null && 'code' in failure && failure.code === 'stopped' ? 'Stopped' : state,
      progress: q && (q.state === 'In Progress' || q.state === 'Pending') ? q.progress : null,
      bytes: d ? d.lapsBytes + d.nmeaBytes : null,
      bestLapMs: l?.bestLapMs ?? null,
      lapCount: l?.lapCount ?? null,
      durationMs: l?.durationMs ?? null,
      failure,
    });
  }
  // Newest first: the file names start with the date and time.
  return [...rows.values()].sort((a, b) => (a.filename < b.filename ? 1 : a.filename > b.filename ? -1 : 0));
}

/** Sessions on ASTRO this app has no copy of (not here, not in the cloud) and that no download is running for. */
export function newOnDevice(rows: readonly AstroSessionRow[]): string[] {
  return rows.filter((r) => r.inAstro && !r.onThisDevice && !r.inCloud && r.state !== 'In Progress' && r.state !== 'Uploading' && r.progress === null).map((r) => r.filename);
}

/** Of `filenames`, those whose only copy is on ASTRO (never downloaded here nor uploaded): deleting loses them. */
export function onlyCopies(rows: readonly AstroSessionRow[], filenames: readonly string[]): AstroSessionRow[] {
  const chosen = new Set(filenames);
  return rows.filter((r) => chosen.has(r.filename) && r.inAstro && !r.onThisDevice && !r.inCloud);
}
