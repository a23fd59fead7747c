import type { ProcessedSession } from '../../analysis/analysis-client';
import { positionsFingerprint } from '../../domain/file-formats/positions-fingerprint';
import { restoreRow } from '../db/restore';
import { analysisCacheSchema, sessionTextsSchema, type LocalSession } from '../db/rows';
import { StorageError } from '../storage/storage-error';
import { bytesToText, fromStoredBytes, toArrayBuffer, toStoredBytes } from './bytes';
import { statsOfLapsBytes } from './session-stats-store';
import { ANALYSIS_CACHE_VERSION, packAnalysis, unpackAnalysis } from './sessions-analysis-cache';
import type { SaveResult, SessionsRepositoryDeps } from './sessions-repository-types';
import type { SessionsBase } from './sessions-base';

const copy = (b: ArrayBuffer) => b.slice(0);

/**
 * A stored session's texts (here, else fetched from the server and kept) and its analysis (cached in `analyses`
 * when of the current format, else computed in the worker and cached).
 */
export function createSessionAnalysis(base: SessionsBase, deps: SessionsRepositoryDeps) {
  const { db, iso, getSession } = base;

  async function cacheAnalysis(localId: number, result: ProcessedSession): Promise<void> {
    await db().analyses.put({ localId, version: ANALYSIS_CACHE_VERSION, computedAt: iso(), result: await packAnalysis(result) });
  }

  async function loadTexts(localId: number, signal?: AbortSignal): Promise<{ laps: ArrayBuffer; nmea: ArrayBuffer }> {
    const local = restoreRow('sessionTexts', await db().sessionTexts.get(localId), sessionTextsSchema);
    if (local) {
      const [laps, nmea] = await Promise.all([fromStoredBytes(local.laps), fromStoredBytes(local.nmea)]);
      return { laps, nmea };
    }
    const session = await getSession(localId);
    if (!session) throw new StorageError('NOT_FOUND', 'Session not found.');
    if (session.serverId === null) throw new StorageError('CORRUPT', 'The texts of this session are missing on this device.');
    const full = await deps.api.get(session.serverId, signal);
    const texts = { laps: toArrayBuffer(full.laps), nmea: toArrayBuffer(full.coordinates) };
    try {
      await db().transaction('rw', db().sessions, db().sessionTexts, async () => {
        await db().sessionTexts.put({ localId, laps: toStoredBytes(texts.laps), nmea: toStoredBytes(texts.nmea) });
        await db().sessions.update(localId, { hasTexts: true, lapsBytes: texts.laps.byteLength, nmeaBytes: texts.nmea.byteLength, stats: statsOfLapsBytes(texts.laps, texts.nmea) });
      });
    } catch {
      // Not cached (e.g. quota): the texts are still returned for this view.
    }
    return texts;
  }

  async function runAnalysis(localId: number, texts: { laps: ArrayBuffer; nmea: ArrayBuffer }, signal?: AbortSignal): Promise<ProcessedSession> {
    if (!deps.analyse) throw new StorageError('UNAVAILABLE', 'Analysis is not available.');
    const result = await deps.analyse({ laps: copy(texts.laps), nmea: copy(texts.nmea) }, signal);
    try {
      await cacheAnalysis(localId, result);
      // Every analysed session can be recognised when the same track comes again (session-duplicates.ts).
      await db().sessions.update(localId, { contentHash: positionsFingerprint(result.positions) });
    } catch {
      // A full disk only costs a recomputation next time.
    }
    return result;
  }

  /** A stored session's lap count: its list figures, else its laps file here; null when neither is on this device. */
  async function storedLapCount(session: LocalSession): Promise<number | null> {
    if (session.stats) return session.stats.lapCount;
    const texts = restoreRow('sessionTexts', await db().sessionTexts.get(session.localId), sessionTextsSchema);
    return texts ? statsOfLapsBytes(await fromStoredBytes(texts.laps)).lapCount : null;
  }

  /** The stored session with its analysis; a failed analysis never loses the stored download. */
  async function analyseSaved(localId: number, texts: { laps: ArrayBuffer; nmea: ArrayBuffer }, signal?: AbortSignal): Promise<SaveResult> {
    const session = (await getSession(localId))!;
    try {
      const analysis = await runAnalysis(localId, texts, signal);
      return { session: (await getSession(localId)) ?? session, analysis, analysisError: null, alreadyStored: false };
    } catch (e) {
      return { session, analysis: null, analysisError: e instanceof Error ? e.message : String(e), alreadyStored: false };
    }
  }

  return {
    loadTexts,
    storedLapCount,
    analyseSaved,

    /** Texts as strings (for exports and PUT bodies). */
    async loadTextStrings(localId: number, signal?: AbortSignal): Promise<{ laps: string; nmea: string }> {
      const t = await loadTexts(localId, signal);
      return { laps: bytesToText(t.laps), nmea: bytesToText(t.nmea) };
    },

    /** The cached analysis when it is of the current format, else computed (fetching the texts when needed) and cached. */
    async getAnalysis(localId: number, signal?: AbortSignal): Promise<ProcessedSession> {
      const cached = restoreRow('analyses', await db().analyses.get(localId), analysisCacheSchema);
      const result = cached && cached.version === ANALYSIS_CACHE_VERSION ? await unpackAnalysis(cached.result) : null;
      if (result) return result;
      return runAnalysis(localId, await loadTexts(localId, signal), signal);
    },

    /** Whether a current analysis is cached (cheap; for 'analysed' badges). */
    async hasAnalysis(localId: number): Promise<boolean> {
      const row = await db().analyses.get(localId);
      return row?.version === ANALYSIS_CACHE_VERSION;
    },

  };
}
