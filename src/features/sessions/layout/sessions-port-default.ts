/**
 * The app's SessionsPort: reads are Dexie live queries (the table updates as the sync engine and other tabs
 * write), writes go through the data layer's sessions repository (IndexedDB first, server writes queued in the
 * outbox, the sync engine kicked), parsing and analysis run in the analysis worker (src/analysis/analysis-client.ts).
 *
 * Gate edits: circuits are reference data only admins may change, so gates edited on the map are kept per session
 * on this device (the data layer's session gates repository) and the session's laps are re-timed from its
 * positions with them.
 */
import { useLiveQuery } from '../../../data/live-query';
import type { Circuit, CircuitType, Country, VehicleCategory } from '../../../contracts/entities';
import { asMessage } from '../../../contracts/messages';
import { getAnalysisClient } from '../../../analysis/analysis-client';
import { importSession, referenceRepository, sessionGatesRepository, sessionsRepository as repository, sharingRepository } from '../../../data/services';
import { sharingApi } from '../../../data/api/sharing';
import { isApiError } from '../../../data/api/api-error';
import { tryParseCoordinates } from '../../../domain/value-format/coordinates';
import { serializeLaps, serializePositions } from '../../../domain/serialize-session';
import { lapSliceTexts } from '../../../domain/value-format/lap-slice-texts';
import type { GatePoint } from '../../../domain/session-types';
import { coachingLapColumns } from '../../../domain/coaching/session-coaching';
import { importProgressFraction, type ImportProgress } from '../../../domain/file-formats/import-progress';
import { TeamSessionUnavailable, type CircuitGates, type LibraryRow, type LoadedSession, type SessionsPort, type SharedLapChoice, type WeatherConditions } from '../shared';

const readCircuits = (): Promise<Circuit[]> => referenceRepository.stored('circuits');
const readCategories = (): Promise<VehicleCategory[]> => referenceRepository.stored('vehicleCategories');
const readCountries = (): Promise<Country[]> => referenceRepository.stored('countries');
const readCircuitTypes = (): Promise<CircuitType[]> => referenceRepository.stored('circuitTypes');
const bytesToText = (bytes: ArrayBuffer): string => new TextDecoder().decode(bytes);

const weather = (value: string | null): WeatherConditions | null =>
  value === 'Dry' || value === 'Damp' || value === 'Wet' || value === 'Unknown' ? value : null;

async function libraryRows(): Promise<LibraryRow[]> {
  const [sessions, circuits, categories] = await Promise.all([repository.listSessions(), readCircuits(), readCategories()]);
  const circuitName = new Map(circuits.map((c) => [c.id, c.name]));
  const categoryName = new Map(categories.map((c) => [c.id, c.name]));
  return sessions.map((s) => ({
    id: s.localId,
    serverId: s.serverId,
    name: s.name,
    filename: s.filename,
    circuitId: s.circuitId,
    circuitName: (s.circuitId !== null ? circuitName.get(s.circuitId) : undefined) ?? s.summary?.circuit?.name ?? '',
    vehicleCategoryId: s.vehicleCategoryId,
    vehicleCategoryName: (s.vehicleCategoryId !== null ? categoryName.get(s.vehicleCategoryId) : undefined) ?? s.summary?.vehicleCategory?.name ?? '',
    date: s.date,
    timeZone: s.timeZone ?? null,
    favorite: s.favorite,
    weatherConditions: weather(s.weatherConditions),
    syncState: s.syncState,
    lastError: s.lastError === null ? null : asMessage(s.lastError),
    // Worked out from the texts kept here; a server session not opened here yet has the server's summary.
    bestLapMs: s.stats ? s.stats.bestLapMs : (s.summary?.bestLapMs ?? null),
    lapCount: s.stats ? s.stats.lapCount : (s.summary?.lapCount ?? null),
    durationMs: s.stats ? s.stats.durationMs : null,
    visibility: s.visibility ?? null,
  }));
}

async function gatesFor(localId: number, circuitId: number | null): Promise<CircuitGates | null> {
  const circuit = circuitId !== null ? (await readCircuits()).find((c) => c.id === circuitId) : undefined;
  const override = await sessionGatesRepository.get(localId);
  if (override) return { circuitId: circuitId ?? 0, name: circuit?.name ?? '', gates: override.gates, widthM: override.widthM };
  if (!circuit) return null;
  const parsed = tryParseCoordinates(circuit.coordinates);
  return { circuitId: circuit.id, name: circuit.name, gates: parsed.ok ? parsed.points : [], widthM: circuit.size };
}

async function loadSession(id: number, sessionIndex: number, signal?: AbortSignal): Promise<LoadedSession> {
  const row = await repository.getSession(id);
  if (!row) throw new Error('Session not found.');
  const texts = await repository.loadTexts(id, signal);
  // The worker takes the bytes (transferred): hand it copies so the cached buffers stay usable. It also
  // downsamples the whole-session views (map traces, overlaid speed series) so the page never draws every fix, and
  // computes the coach's figures while the positions are there (sending them back for a separate call cost more).
  const processed = await getAnalysisClient().processSession(
    { nmea: new Uint8Array(texts.nmea.slice(0)), laps: new Uint8Array(texts.laps.slice(0)), sessionIndex, views: true, coach: true },
    { signal },
  );
  if (!processed.views) throw new Error('The analysis worker returned no session views.');
  return {
    id,
    name: row.name,
    date: row.date,
    circuitId: row.circuitId,
    sessionIndex,
    positions: processed.positions,
    laps: processed.laps,
    analysis: processed.analysis,
    views: processed.views,
    ...(processed.coaching ? { coaching: processed.coaching } : {}),
    circuit: await gatesFor(id, row.circuitId),
    syncState: row.syncState,
    skippedLines: processed.issues.laps.length + processed.issues.corruptPositionLines,
    loggerCrossingsMs: row.loggerLaps ?? null,
  };
}

/**
 * Another racer's lap as a loaded session of that one lap: its slice (fixes timed from the lap's start, its laps
 * line) analysed in the worker like any session (lap-slice-texts.ts). Its circuit's gates come with the slice.
 */
async function loadSharedLap(sessionId: number, lapNumber: number, sessionIndex: number, signal?: AbortSignal): Promise<LoadedSession> {
  const slice = await sharingRepository.referenceLap(sessionId, lapNumber, signal);
  const encode = (text: string) => new TextEncoder().encode(text);
  const texts = lapSliceTexts(slice);
  const processed = await getAnalysisClient().processSession({ nmea: encode(texts.nmea), laps: encode(texts.laps), sessionIndex, views: true, coach: true }, { signal });
  if (!processed.views) throw new Error('The analysis worker returned no session views.');
  const gates = tryParseCoordinates(slice.circuit.coordinates);
  const local = (await readCircuits()).find((c) => c.id === slice.circuitId);
  return {
    // Negative: never the local id of one of the racer's own sessions.
    id: -slice.sessionId,
    name: `${slice.ownerName} · ${slice.date}`,
    date: slice.date,
    circuitId: slice.circuitId,
    sessionIndex,
    positions: processed.positions,
    laps: processed.laps,
    analysis: processed.analysis,
    views: processed.views,
    ...(processed.coaching ? { coaching: processed.coaching } : {}),
    circuit: gates.ok ? { circuitId: slice.circuitId, name: slice.circuit.name, gates: gates.points, widthM: local?.size ?? 15 } : null,
    syncState: 'Completed',
    skippedLines: processed.issues.laps.length + processed.issues.corruptPositionLines,
    loggerCrossingsMs: null,
    sharedBy: { ownerName: slice.ownerName, lapNumber: slice.lapNumber, lapTimeMs: slice.lapTimeMs, date: slice.date, vehicleCategory: slice.vehicleCategory },
  };
}

/**
 * A team-mate's session, read-only: fetched whole from the server at each open and analysed in the worker like the
 * racer's own, never stored here (the server decides at every open whether the racer still may see it).
 */
async function loadTeamSession(serverId: number, signal?: AbortSignal): Promise<LoadedSession> {
  let full;
  try {
    full = await sharingApi.teamSession(serverId, signal);
  } catch (e) {
    if (isApiError(e) && e.code === 'NOT_FOUND') throw new TeamSessionUnavailable('gone');
    if (isApiError(e) && e.offline) throw new TeamSessionUnavailable('offline');
    throw e;
  }
  const encode = (text: string) => new TextEncoder().encode(text);
  const processed = await getAnalysisClient().processSession({ nmea: encode(full.coordinates), laps: encode(full.laps), sessionIndex: 0, views: true, coach: true }, { signal });
  if (!processed.views) throw new Error('The analysis worker returned no session views.');
  const gates = full.circuit ? tryParseCoordinates(full.circuit.coordinates) : null;
  return {
    // Negative: never the local id of one of the racer's own sessions (nothing keyed by it is the racer's).
    id: -full.id,
    name: full.name,
    date: full.date,
    circuitId: full.circuitId,
    sessionIndex: 0,
    positions: processed.positions,
    laps: processed.laps,
    analysis: processed.analysis,
    views: processed.views,
    ...(processed.coaching ? { coaching: processed.coaching } : {}),
    circuit: full.circuit && gates?.ok ? { circuitId: full.circuit.id, name: full.circuit.name, gates: gates.points, widthM: full.circuit.size } : null,
    syncState: 'Completed',
    skippedLines: processed.issues.laps.length + processed.issues.corruptPositionLines,
    loggerCrossingsMs: null,
    teamOwner: full.ownerName,
  };
}

/** Online: the server's list (marking the laps kept here); offline or unreachable: the laps kept on this device. */
async function sharedLaps(circuitId: number, vehicleCategoryId: number | null, signal?: AbortSignal): Promise<{ laps: SharedLapChoice[]; offline: boolean }> {
  const kept = await sharingRepository.keptLapsOf(circuitId);
  const keptKeys = new Set(kept.map((r) => `${r.slice.sessionId}:${r.slice.lapNumber}`));
  try {
    const laps = await sharingApi.sharedLaps(circuitId, vehicleCategoryId, signal);
    return { laps: laps.map((l) => ({ ...l, kept: keptKeys.has(`${l.sessionId}:${l.lapNumber}`) })), offline: false };
  } catch (e) {
    if (!isApiError(e) || !(e.offline || e.status >= 500)) throw e;
    const mine = (r: (typeof kept)[number]) => (r.slice.vehicleCategoryId === vehicleCategoryId ? 0 : 1);
    const ordered = [...kept].sort((a, b) => mine(a) - mine(b) || a.slice.lapTimeMs - b.slice.lapTimeMs);
    return { laps: ordered.map(({ slice: l }) => ({ sessionId: l.sessionId, lapNumber: l.lapNumber, lapTimeMs: l.lapTimeMs, ownerName: l.ownerName, vehicleCategoryId: l.vehicleCategoryId, vehicleCategory: l.vehicleCategory, date: l.date, kept: true })), offline: true };
  }
}

async function saveGates(id: number, gates: GatePoint[], widthM: number): Promise<{ laps: number }> {
  const row = await repository.getSession(id);
  if (!row) throw new Error('Session not found.');
  const texts = await repository.loadTexts(id);
  // Both steps in the worker: a long session's detection would otherwise block the page for a while.
  const client = getAnalysisClient();
  const parsed = await client.parsePositions(new Uint8Array(texts.nmea.slice(0)));
  const detection = await client.detectLaps(parsed.positions, gates, widthM);
  await sessionGatesRepository.put(id, gates, widthM);
  // Stored here and queued for the server (a PUT for an uploaded session), so its copy there and the leaderboard follow.
  await repository.replaceSessionTexts(id, {
    laps: serializeLaps(detection.records),
    nmea: serializePositions({ ...parsed.positions, lap: detection.lapOfFix }),
  });
  return { laps: detection.records.filter((r) => r.valid && r.lapName !== 'In Lap').length };
}

export const defaultSessionsPort: SessionsPort = {
  useLibraryRows: () => useLiveQuery(libraryRows, []),
  useCircuits: () => useLiveQuery(readCircuits, []),
  useVehicleCategories: () => useLiveQuery(readCategories, []),
  editSession: async (id, edit) => {
    await repository.editSession(id, edit);
  },
  deleteSession: async (id) => {
    await repository.deleteSession(id);
    await sessionGatesRepository.delete(id);
  },
  retrySync: (id) => repository.retrySync(id),
  refreshFromServer: async () => {
    // Sessions stored by older builds get their list figures first (offline too: the server call may fail).
    await repository.backfillStats().catch(() => 0);
    await repository.refreshFromServer();
  },
  loadSession,
  coachSession: (session, signal) =>
    session.coaching ? Promise.resolve(session.coaching) : getAnalysisClient().coachSession(session.positions, coachingLapColumns(session.analysis.laps), { signal }),
  loadTexts: async (id, signal) => {
    const texts = await repository.loadTexts(id, signal);
    return { laps: bytesToText(texts.laps), nmea: bytesToText(texts.nmea) };
  },
  importFile: async (file, lapsFile, onProgress) => {
    const progress = onProgress ? (p: ImportProgress) => onProgress(importProgressFraction(p)) : undefined;
    const { session, alreadyStored, imported } = await importSession.importFile(file, lapsFile, progress);
    return {
      id: session.localId,
      name: session.name,
      alreadyStored,
      laps: imported.lapCount,
      circuitFound: imported.circuitId !== null,
      proposal: imported.circuitId === null && imported.proposal ? { ...imported.proposal, trace: imported.trace, timeZone: imported.timeZone, from: imported.proposalFrom } : null,
      details: imported.details,
      lapSource: imported.lapSource,
      fileGatesIgnored: imported.fileGatesIgnored,
      loggerLaps: imported.loggerLaps,
    };
  },
  saveStartFinish: (id, file, input) => importSession.saveStartFinish(id, file, input),
  loadSharedLap,
  sharedLaps,
  loadTeamSession,
  useCountries: () => useLiveQuery(readCountries, []),
  useCircuitTypes: () => useLiveQuery(readCircuitTypes, []),
  saveGates,
};
