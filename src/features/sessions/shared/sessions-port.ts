/**
 * What the sessions screens need from the rest of the app, as one interface. The screens only talk to this port,
 * so component tests pass an in-memory fake and the app passes the real adapter (sessions-port-default.ts, over
 * the data layer's sessions repository, Dexie live queries and the analysis worker).
 */
import { createContext, useContext } from 'react';
import type { Circuit, CircuitType, Country, VehicleCategory } from '../../../contracts/entities';
import type { Message } from '../../../contracts/messages';
import type { SessionAnalysis } from '../../../domain/analysis/analyse-session';
import type { SessionDetails } from '../../../domain/file-formats/import-types';
import type { GatePoint, LapRecord, PositionColumns } from '../../../domain/session-types';
import type { SessionViews } from '../../../domain/views/session-views';
import type { CoachedSession } from '../../../analysis/analysis-client';

export type SyncState = 'Pending' | 'In Progress' | 'Completed' | 'Failed';
export type WeatherConditions = 'Dry' | 'Damp' | 'Wet' | 'Unknown';
/** Who sees a session: the owner alone, also their team, also anyone signed in (one lap at a time). */
export type Visibility = 'private' | 'team' | 'public';

/** One library row (columns actions, name, circuit name, vehicle category name, date, favorite, hidden id and circuitId). */
export interface LibraryRow {
  /** Local (IndexedDB) id: the table's hidden id column. */
  id: number;
  serverId: number | null;
  name: string;
  filename: string;
  circuitId: number | null;
  circuitName: string;
  vehicleCategoryId: number | null;
  vehicleCategoryName: string;
  /** ISO date. */
  date: string;
  /** The IANA zone at the session's track (its first fix's, kept by an import), when the library has it. */
  timeZone?: string | null;
  favorite: boolean;
  weatherConditions: WeatherConditions | null;
  syncState: SyncState;
  /** Why the last upload failed (a message of the catalogue, or a text kept as it came). */
  lastError: Message | null;
  /** Fastest valid lap (ms); null when none or not known yet (a server session whose texts are not here has the server's). */
  bestLapMs: number | null;
  /** Laps of the session's file, as the lap table lists them; null when not known. */
  lapCount: number | null;
  /** Sum of the valid laps' times (the lap viewer's 'Total time'); null when not known. */
  durationMs: number | null;
  /** Who sees it; null when not chosen and not known yet (the server gives it the profile's default). */
  visibility?: Visibility | null;
}

export interface SessionEditInput {
  name?: string;
  circuitId?: number | null;
  vehicleCategoryId?: number | null;
  favorite?: boolean;
  weatherConditions?: WeatherConditions | null;
  visibility?: Visibility;
}

/** A circuit's gates as the map and lap detection use them. */
export interface CircuitGates {
  circuitId: number;
  name: string;
  gates: GatePoint[];
  widthM: number;
}

/** A session parsed and analysed (in the worker), ready for the map and the lap viewer. */
export interface LoadedSession {
  id: number;
  name: string;
  /** The session's date (ISO), when the library has it. */
  date?: string;
  circuitId: number | null;
  /** 0 = left, 1 = right (colour scheme). */
  sessionIndex: number;
  positions: PositionColumns;
  laps: LapRecord[];
  analysis: SessionAnalysis;
  /**
   * Every lap with fixes, downsampled in the worker (domain/views/session-views.ts): what the map draws and the
   * speed chart overlays, instead of every 25 Hz fix.
   */
  views: SessionViews;
  /** The coach's figures, computed with the analysis in the worker where the positions were (absent: ask coachSession). */
  coaching?: CoachedSession;
  circuit: CircuitGates | null;
  syncState: SyncState;
  /** Damaged lines of the session's files that the parsers skipped (laps and positions); shown, never silent. */
  skippedLines: number;
  /** The start/finish crossings the imported file's own logger timed (ms of session time), or null. */
  loggerCrossingsMs?: number[] | null;
  /** Another racer's lap (a shared reference lap, read-only): its owner by the leaderboard's name rule. */
  sharedBy?: { ownerName: string; lapNumber: number; lapTimeMs: number; date: string; vehicleCategory: string | null } | null;
  /** A team-mate's session shown read-only (Team view): its owner by the leaderboard's name rule. */
  teamOwner?: string | null;
}

/**
 * Why a team-mate's session cannot be opened: it is no longer shared with the racer (made private, or the racer left
 * or was removed from the team: the server answers as if it did not exist), or there is no connection.
 */
export class TeamSessionUnavailable extends Error {
  constructor(readonly reason: 'gone' | 'offline') {
    super(reason === 'gone' ? 'This session is not shared with you.' : 'Team sessions need a connection.');
    this.name = 'TeamSessionUnavailable';
  }
}

/** One lap another racer shared, as 'Compare with...' lists it. */
export interface SharedLapChoice {
  sessionId: number;
  lapNumber: number;
  lapTimeMs: number;
  /** 'Rui C.': never an e-mail address. */
  ownerName: string;
  vehicleCategoryId: number | null;
  vehicleCategory: string | null;
  /** The lap's day (YYYY-MM-DD), no time of day. */
  date: string;
  /** Kept on this device (usable offline). */
  kept: boolean;
}

export interface ImportResult {
  id: number;
  name: string;
  laps: number;
  /** False when no circuit near the trace was found (laps could not be detected). */
  circuitFound: boolean;
  /** The library held this data already (`id` and `name` are that session's): nothing was stored. */
  alreadyStored: boolean;
  /**
   * Near no known circuit: the start/finish proposed from the trace (its laps were timed there), with the track
   * for the map and the zone at its first fix, for the racer to confirm or move and save as their circuit.
   */
  proposal?: StartFinishProposal | null;
  /** Who and what the file's logger says it recorded (driver, vehicle, track...), shown on the import line. */
  details?: SessionDetails | null;
  /** Which gates timed the laps: the file's own, the circuit's, a line from the logger's laps or the trace... */
  lapSource?: ImportLapSource;
  /** The file brought its own gates and not all of them timed the laps (they fell back): said on the import line. */
  fileGatesIgnored?: boolean;
  /** The file's logger's own laps against ours, said on the import line; null when it carries none. */
  loggerLaps?: { count: number; matched: number; maxAbsDiffMs: number } | null;
}

/** Which gates timed an import's laps (domain/file-formats/import-timing.ts). */
type ImportLapSource = 'device' | 'file-gates' | 'circuit' | 'logger-line' | 'proposed' | 'racer' | 'none';

interface StartFinishProposal {
  lat: number;
  lon: number;
  headingDeg: number;
  widthM: number;
  /** The track, lat and lon interleaved. */
  trace: Float64Array;
  timeZone: string | null;
  /** Found from the logger's own lap boundaries, or from the trace's loop. */
  from?: 'logger' | 'trace' | null;
}

/** A start/finish the racer confirmed (or moved) on the map, saved as their own circuit. */
export interface StartFinishSave {
  name: string;
  countryId: number;
  typeId: number;
  gate: GatePoint;
  widthM: number;
}

export interface SessionsPort {
  /** Live rows of the signed-in user's sessions on this device (undefined while loading). */
  useLibraryRows(): LibraryRow[] | undefined;
  useCircuits(): Circuit[] | undefined;
  useVehicleCategories(): VehicleCategory[] | undefined;
  /** Applies locally at once and queues the PATCH (sync queue). */
  editSession(id: number, edit: SessionEditInput): Promise<void>;
  /** Removes locally at once and queues the DELETE when the server has it. */
  deleteSession(id: number): Promise<void>;
  retrySync(id: number): Promise<void>;
  /** Mirrors the server list into IndexedDB; rejects when offline (the table keeps the local rows). */
  refreshFromServer(): Promise<void>;
  loadSession(id: number, sessionIndex: number, signal?: AbortSignal): Promise<LoadedSession>;
  /** The coach's session-wide figures of a loaded session (in the analysis worker, after its analysis). */
  coachSession(session: LoadedSession, signal?: AbortSignal): Promise<CoachedSession>;
  /** Raw device texts (export of the ASTRO format). */
  loadTexts(id: number, signal?: AbortSignal): Promise<{ laps: string; nmea: string }>;
  /**
   * One file from disk; `lapsFile`: the ASTRO laps file picked with an ASTRO nmea file; `onProgress`: told the
   * share of the import done (0 to 1, by bytes read and parsed) now and then while it runs.
   */
  importFile(file: File, lapsFile?: File, onProgress?: (share: number) => void): Promise<ImportResult>;
  /**
   * Saves a start/finish confirmed on the map as the racer's own circuit (online only), then times the imported
   * session again with it: its texts, circuit and name follow. `{ circuitId }`: a circuit of theirs saved already
   * (the same track in a batch) times it instead.
   */
  saveStartFinish(id: number, file: File, input: StartFinishSave | { circuitId: number }): Promise<{ laps: number; circuitName: string; circuitId: number }>;
  /**
   * Another racer's shared lap as a loaded session of that one lap (fetched once, then kept on this device).
   * Rejects when it is not shared with the racer (any more) or, offline, when it was never fetched here.
   */
  loadSharedLap(sessionId: number, lapNumber: number, sessionIndex: number, signal?: AbortSignal): Promise<LoadedSession>;
  /**
   * The fastest shared laps of other racers on a circuit, the racer's category first (online); offline, the ones
   * kept on this device (`offline` true).
   */
  sharedLaps(circuitId: number, vehicleCategoryId: number | null, signal?: AbortSignal): Promise<{ laps: SharedLapChoice[]; offline: boolean }>;
  /**
   * A team-mate's session (server id), read-only: fetched from the server at each open (never kept, so leaving a
   * team or the owner making it private ends access at once). Rejects with TeamSessionUnavailable when it is not
   * shared with the racer any more or offline.
   */
  loadTeamSession(serverId: number, signal?: AbortSignal): Promise<LoadedSession>;
  /** Countries and circuit types, for the circuit a racer saves. */
  useCountries(): Country[] | undefined;
  useCircuitTypes(): CircuitType[] | undefined;
  /** Saves new gate centres for the circuit used by this session and re-times the session's laps from its positions. */
  saveGates(id: number, gates: GatePoint[], widthM: number): Promise<{ laps: number }>;
}

export const SessionsPortContext = createContext<SessionsPort | null>(null);

export function useSessionsPort(): SessionsPort {
  const port = useContext(SessionsPortContext);
  if (!port) throw new Error('SessionsPortContext is missing: wrap the sessions screens in <SessionsPortContext value={...}>');
  return port;
}
