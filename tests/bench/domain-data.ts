/**
 * The benchmark's sessions: a generated 7 h session (630,000 fixes at 25 Hz, ~25 MB of nmea text) and a 20 min
 * one (30,000 fixes), as the device would write them (serialize-session.ts). Cached in tests/.artifacts.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { syntheticSession } from '../helpers/synthetic-session';
import { serializeLaps, serializePositions } from '../../src/domain/serialize-session';

export const ARTIFACTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../.artifacts');

export interface BenchSession {
  name: string;
  nmea: Uint8Array;
  laps: string;
  fixes: number;
}

export const SESSIONS = [
  { name: 'session-7h', fixes: 7 * 3600 * 25 },
  { name: 'session-20min', fixes: 20 * 60 * 25 },
] as const;

export function loadSession(name: string, fixes: number): BenchSession {
  const dir = path.join(ARTIFACTS, 'bench-data');
  mkdirSync(dir, { recursive: true });
  const nmeaFile = path.join(dir, `${name}-v1.nmea`);
  const lapsFile = path.join(dir, `${name}-v1.laps`);
  if (!existsSync(nmeaFile) || !existsSync(lapsFile)) {
    const s = syntheticSession({ fixes, seed: 2026 });
    writeFileSync(nmeaFile, serializePositions(s.positions));
    writeFileSync(lapsFile, serializeLaps(s.laps));
  }
  const buf = readFileSync(nmeaFile);
  return { name, nmea: new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength), laps: readFileSync(lapsFile, 'utf8'), fixes };
}

/** The floor for any single pass: count '\n' bytes with a plain loop (what the parser's speed is compared with). */
export function countNewlines(bytes: Uint8Array): number {
  let n = 0;
  for (let i = 0; i < bytes.length; i++) if (bytes[i] === 10) n++;
  return n;
}

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length === 0 ? NaN : s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

export const round = (v: number, digits = 1) => (Number.isFinite(v) ? Number(v.toFixed(digits)) : null);
