/**
 * Real logs (tests/fixtures/real-logs) imported and analysed as the app does it: the importer by content, the
 * laps timed at the circuit's gates (copied here from the server's seed data so the tests do not follow edits
 * there), written as device texts, parsed back, analysed, and the coach's session-wide figures computed. Cached per
 * file: several test files read the same sessions.
 */
import { readFileSync } from 'node:fs';
import { analyseSession, type SessionAnalysis } from '../../../src/domain/analysis/analyse-session';
import { coachingLapColumns, sessionCoaching, type SessionCoaching } from '../../../src/domain/coaching/session-coaching';
import { prepareImport } from '../../../src/domain/file-formats/prepare-import';
import { bytesSource } from '../../../src/domain/file-reading/byte-source';
import { parseLapsText } from '../../../src/domain/parse-laps';
import { parsePositionsBytes } from '../../../src/domain/parse-positions';
import type { PositionColumns } from '../../../src/domain/session-types';

const FIXTURES = new URL('../../fixtures/real-logs/', import.meta.url);

/** Rustavi and Tianma gates as seeded; the AiM and Road America files carry their own laps. */
const CIRCUITS = [
  { id: 1, name: 'Rustavi International Motorpark', coordinates: '41.569854;44.949280;41.573961;44.946128;41.571486;44.951924', size: 30, timeZone: 'Asia/Tbilisi' },
  { id: 2, name: 'Tianma Circuit', coordinates: '31.078935;121.115132;31.075716;121.115723;31.078519;121.114660', size: 20, timeZone: 'Asia/Shanghai' },
];

export const REAL_LOGS = {
  /** Dragy VBO, Rustavi, the whole 24 min session (GPS columns only): 9 laps and an In Lap, a pit stop in lap 5. */
  rustavi: 'rustavi-dragy-25hz-gps.vbo',
  /** AiM MyChron CSV, a kart at SSKC, 14 timed laps and an In Lap. */
  aim: 'sskc-mychron-aim-20hz-trimmed.csv',
  /** VBOX HD2 VBO, Road America, the whole run (GPS columns and the logger's lap number): one flying lap, then the in-lap through the pit lane. */
  roadAmerica: 'roadamerica-vbox-hd2-25hz-gps.vbo',
  /** RaceChrono CSV, Tianma, one flying lap. */
  tianma: 'tianma-racechrono-lap13-v3.csv',
} as const;

export interface RealSession {
  positions: PositionColumns;
  analysis: SessionAnalysis;
  coaching: SessionCoaching;
}

const cache = new Map<string, Promise<RealSession>>();

export function realSession(file: string): Promise<RealSession> {
  let found = cache.get(file);
  if (!found) cache.set(file, (found = load(file)));
  return found;
}

async function load(file: string): Promise<RealSession> {
  const bytes = new Uint8Array(readFileSync(new URL(file, FIXTURES)));
  const prepared = await prepareImport({ fileName: file, source: bytesSource(bytes), circuits: CIRCUITS, lastModified: 0 });
  const positions = parsePositionsBytes(prepared.nmeaBytes).positions;
  const analysis = analyseSession(parseLapsText(prepared.lapsText).laps, positions);
  return { positions, analysis, coaching: sessionCoaching(positions, coachingLapColumns(analysis.laps)) };
}
