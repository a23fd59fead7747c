import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { importVbo } from '../../../../src/domain/file-formats/import-vbo';
import { timeOfDayMs } from '../../../../src/domain/file-formats/vbo-data-rows';
import { mulberry32 } from '../../../../src/domain/random';

const FIXTURES = new URL('../../../fixtures/real-logs/', import.meta.url);
const read = (name: string) => readFileSync(new URL(name, FIXTURES), 'utf8');

/**
 * The reading of [data] rows the in-place scan must match: each row trimmed, split on whitespace and its values
 * read by Number() (and the time by timeOfDayMs); the checks after that are the importer's own.
 */
function referenceRows(text: string, columns: number, [timeCol, latCol, lonCol, speedCol]: number[]) {
  const lines = text.split(/\r?\n|\r/);
  const start = lines.findIndex((l) => l.trim().toLowerCase() === '[data]') + 1;
  const rows: { line: number; values: number[] }[] = [];
  const counts: number[] = [];
  for (let i = start; i < lines.length; i++) {
    const line = lines[i].trim();
    if (line === '') continue;
    if (line.startsWith('[')) break;
    const f = line.split(/\s+/);
    if (f.length !== columns) counts.push(i + 1);
    else rows.push({ line: i + 1, values: [timeOfDayMs(f[timeCol]), Number(f[latCol]), Number(f[lonCol]), Number(f[speedCol])] });
  }
  return { rows, counts };
}

const HEADER = 'File created on 04/07/2026 @ 10:00\r\n\r\n[column names]\r\nsats time lat long velocity heading\r\n\r\n[data]\r\n';

/** Rows written every way a logger (or a damaged file) might: signs, tabs, odd whitespace, exponents, long digit runs, bad times. */
function oddRows(n: number): string {
  const random = mulberry32(42);
  const eols = ['\r\n', '\n', '\r', '\r\n'];
  const numbers = (v: number) => [v.toFixed(6), `+${v.toFixed(5)}`, `${v.toFixed(0)}.`, `${v}`, `${v.toExponential(4)}`, `${v.toFixed(12)}`, `0000${v.toFixed(9)}`, `.${Math.abs(Math.round(v))}`, '-', 'x1', '1.2.3'];
  const times = (s: number) => {
    const t = `${String(9 + Math.floor(s / 3600)).padStart(2, '0')}${String(Math.floor(s / 60) % 60).padStart(2, '0')}${(s % 60).toFixed(3).padStart(6, '0')}`;
    return [t, t, t, t.slice(0, 6), `${t}12345678901234`, `${t.slice(0, 6)}.`, `+${t}`, '256000.00', '086199.00', '12345.678', t.replace('.', ',')];
  };
  const seps = [' ', ' ', '  ', '\t', ' \t ', '\u00a0', '\u2003'];
  let out = '';
  for (let i = 0; i < n; i++) {
    const pick = <T,>(xs: T[], common = 0.8) => (random() < common ? xs[0] : xs[Math.floor(random() * xs.length)]);
    const sep = () => pick(seps, 0.9);
    const lat = 41.5 * 60 + random();
    const lon = -44.9 * 60 - random();
    const values = ['012', pick(times(i * 0.04)), pick(numbers(lat)), pick(numbers(lon)), pick(numbers(random() * 200)), '090.00'];
    if (random() < 0.02) values.pop();
    if (random() < 0.02) values.push('7');
    const lead = random() < 0.05 ? pick([' ', '\t', '\u00a0', '\ufeff'], 0) : '';
    out += lead + values.join(sep()) + (random() < 0.05 ? ' ' : '') + pick(eols, 0.7);
    if (random() < 0.01) out += pick(['\r\n', '   \n', '\t\r\n'], 0);
  }
  return out;
}

describe('VBO rows scanned in place', () => {
  it('reads every row like trimming, splitting and Number() would, odd rows included', () => {
    const text = `${HEADER}${oddRows(20_000)}[laptiming]\r\nStart +1 +2 +3 +4\r\n`;
    const ref = referenceRows(text, 6, [1, 2, 3, 4]);
    const session = importVbo(text);
    const countIssues = session.issues.filter((i) => i.reason === 'expected 6 values').map((i) => i.line);
    expect(countIssues).toEqual(ref.counts);
    // Every row the reference reads as numbers is a fix or an issue on its line; the fixes carry its exact values.
    const dayMs = Date.UTC(2026, 6, 4);
    const issueLines = new Set(session.issues.map((i) => i.line));
    let k = 0;
    let fixes = 0;
    let firstEpoch: number | undefined;
    for (const row of ref.rows) {
      if (issueLines.has(row.line)) continue;
      const [tod, latMin, lonMin, speed] = row.values;
      expect(session.positions.lat[k], `line ${row.line}`).toBe(latMin / 60);
      expect(session.positions.lon[k], `line ${row.line}`).toBe(-lonMin / 60);
      expect(session.positions.speedKmh[k], `line ${row.line}`).toBe(Math.fround(speed));
      firstEpoch ??= dayMs + tod;
      expect(session.positions.timeMs[k], `line ${row.line}`).toBe(dayMs + tod - firstEpoch);
      k++;
      fixes++;
    }
    expect(fixes).toBe(session.positions.count);
    expect(fixes).toBeGreaterThan(10_000);
    // The odd rows were there to be read: some refused as not numbers, some read through the reference path.
    expect(session.issues.some((i) => i.reason === 'a value is not a number')).toBe(true);
  });

  it('reads the real logs to the same fixes as the reference reading', () => {
    for (const name of ['rustavi-dragy-25hz-trimmed.vbo', 'roadamerica-vbox-hd2-25hz-trimmed.vbo']) {
      const text = read(name);
      const columns = text.split(/\r?\n|\r/).find((_, i, ls) => ls[i - 1]?.trim().toLowerCase() === '[column names]')!.trim().toLowerCase().split(/\s+/);
      const col = (names: string[]) => columns.findIndex((c) => names.includes(c));
      const ref = referenceRows(text, columns.length, [col(['time']), col(['lat']), col(['long', 'lng']), col(['velocity', 'velocity-kmh', 'speed'])]);
      const session = importVbo(text);
      const good = ref.rows.filter((r) => r.values.every(Number.isFinite) && !(r.values[1] === 0 && r.values[2] === 0));
      expect(session.positions.count).toBe(good.length);
      for (let i = 0; i < good.length; i += 97) {
        expect(session.positions.lat[i]).toBe(good[i].values[1] / 60);
        expect(session.positions.lon[i]).toBe(-good[i].values[2] / 60);
      }
    }
  });
});
