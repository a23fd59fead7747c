import { readFileSync } from 'node:fs';

/** The trimmed real Rustavi 25 Hz VBO (tests/fixtures/real-logs, with its licence beside it). */
export const RUSTAVI_VBO = readFileSync(new URL('../fixtures/real-logs/rustavi-dragy-25hz-trimmed.vbo', import.meta.url), 'utf8');

/**
 * The same log as a session of the next day: dated a day later and starting a second later (its first 25 fixes
 * dropped), so it is other data, not the same session again, which the library recognises and refuses to store twice.
 */
export function nextDayVbo(vbo: string): string {
  return vbo.replace('17/01/2026', '18/01/2026').replace(/(\[data\]\r?\n)(?:[^\n]*\n){25}/, '$1');
}

/**
 * The next day's log with every fix moved `northM` metres north, as a GNSS receiver drifting between days would
 * record it (VBO latitudes are minutes: a minute of latitude is ~1852 m).
 */
export function driftedVbo(vbo: string, northM: number): string {
  const minutes = northM / 1852;
  const [head, data] = nextDayVbo(vbo).split(/\[data\]\r?\n/);
  const moved = data.replace(/^(\d+ \S+ )([+-]\d+\.\d+)/gm, (_, prefix: string, lat: string) => {
    const v = Number(lat) + minutes;
    return `${prefix}${v >= 0 ? '+' : '-'}${Math.abs(v).toFixed(6)}`;
  });
  return `${head}[data]\n${moved}`;
}
