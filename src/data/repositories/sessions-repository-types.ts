/** The types of the sessions repository (sessions-repository.ts): its dependencies, input and results. */
import type { ProcessedSession } from '../../analysis/analysis-client';
import type { SessionsApi } from '../api/sessions-api';
import type { AstroDb } from '../db/database';
import type { LocalSession } from '../db/rows';
import type { TextBlobs, TextInput } from './bytes';

/**
 * Runs the analysis worker on a session's texts. Bytes are copies the callee may transfer.
 * @internal Exported for its tests.
 */
export type Analyser = (input: { laps: ArrayBuffer; nmea: ArrayBuffer }, signal?: AbortSignal) => Promise<ProcessedSession>;

export interface DownloadedSession {
  filename: string;
  laps: TextInput;
  nmea: TextInput;
  /** The same texts as Blobs, when the caller built them off the page (the import worker): stored as they are. */
  blobs?: TextBlobs;
  /** The positions' fingerprint when the caller has the positions (imports); else computed when needed. */
  contentHash?: string | null;
  /** Imports: the start/finish crossings the file's own logger timed, ms of session time. */
  loggerLaps?: number[];
  /**
   * Imports: the session's start as the file dates its first fix (domain/value-format/session-start.ts) and the track's
   * zone; without it the start is the file name's minute.
   */
  start?: { date: string; accuracyMs: number; timeZone: string | null };
}

export interface SaveResult {
  session: LocalSession;
  /** The cached analysis, or null when the analysis failed (see analysisError). */
  analysis: ProcessedSession | null;
  analysisError: string | null;
  /** The library held this data already (`session` is that session): nothing was stored. */
  alreadyStored: boolean;
}

export interface SessionsRepositoryDeps {
  db: () => AstroDb;
  api: Pick<SessionsApi, 'list' | 'get'>;
  /** The signed-in (or offline-signed-in) user's id; null when signed out. */
  currentUserId: () => number | null;
  analyse?: Analyser | null;
  now?: () => number;
  /** Called after a server write was queued (the sync engine runs soon after). */
  onQueued?: () => void;
}
