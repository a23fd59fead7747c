import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseLapsText } from '../../../src/domain/parse-laps';
import { parsePositionsBytes, parsePositionsText } from '../../../src/domain/parse-positions';
import { serializeLaps, serializePositions } from '../../../src/domain/serialize-session';
import { syntheticSession } from '../../helpers/synthetic-session';
import { analyseSession } from '../../../src/domain/analysis/analyse-session';
import { DomainError } from '../../../src/domain/errors';
import type { LapRecord, PositionColumns } from '../../../src/domain/session-types';

const lapArb = fc.record({
  timeMs: fc.integer({ min: -1000, max: 10_000_000 }),
  sectorsMs: fc.tuple(fc.integer({ min: 0, max: 4_000_000 }), fc.integer({ min: 0, max: 4_000_000 }), fc.integer({ min: 0, max: 4_000_000 })),
  maxSpeedKmh: fc.integer({ min: 0, max: 40000 }).map((v) => v / 100),
  minSpeedKmh: fc.integer({ min: 0, max: 40000 }).map((v) => v / 100),
});

/** Distinct positive lap numbers with lap records, in random order. */
const lapsArb = fc
  .uniqueArray(fc.integer({ min: 1, max: 10_000 }), { maxLength: 40 })
  .chain((numbers) => fc.tuple(fc.constant(numbers), fc.array(lapArb, { minLength: numbers.length, maxLength: numbers.length })))
  .map(([numbers, recs]) => numbers.map((lapNumber, k): LapRecord => ({ lapNumber, lapName: '', valid: recs[k].timeMs > 0, ...recs[k], sectorsMs: [...recs[k].sectorsMs] })));

const fixArb = fc.record({
  lap: fc.integer({ min: 0, max: 100_000 }),
  timeMs: fc.integer({ min: 0, max: 30_000_000 }),
  lat: fc.integer({ min: -900_000_000, max: 900_000_000 }).map((k) => k / 1e7),
  lon: fc.integer({ min: -1_800_000_000, max: 1_800_000_000 }).map((k) => k / 1e7),
  speed: fc.integer({ min: 0, max: 50000 }).map((v) => v / 100),
});

function columnsOf(fixes: { lap: number; timeMs: number; lat: number; lon: number; speed: number }[], withTime: boolean): PositionColumns {
  return {
    count: fixes.length,
    lap: Int32Array.from(fixes.map((f) => f.lap)),
    timeMs: Float64Array.from(fixes.map((f) => (withTime ? f.timeMs : NaN))),
    lat: Float64Array.from(fixes.map((f) => f.lat)),
    lon: Float64Array.from(fixes.map((f) => f.lon)),
    speedKmh: Float32Array.from(fixes.map((f) => f.speed)),
    distanceM: new Float64Array(fixes.length),
  };
}

describe('session files: serialise -> parse', () => {
  it('laps survive the round trip in both line variants and both line ends', () => {
    fc.assert(
      fc.property(lapsArb, fc.boolean(), fc.constantFrom('\n' as const, '\r\n' as const), (laps, withRecord, eol) => {
        const { laps: parsed, issues } = parseLapsText(serializeLaps(laps, { withRecord, eol }));
        expect(issues).toEqual([]);
        const sorted = [...laps].sort((a, b) => a.lapNumber - b.lapNumber);
        expect(parsed.map((l) => ({ ...l, lapName: '' }))).toEqual(sorted);
        if (parsed.length) expect(parsed[parsed.length - 1].lapName).toBe('In Lap');
      }),
    );
  });

  it('positions survive the round trip with and without timeMs', () => {
    fc.assert(
      fc.property(fc.array(fixArb, { maxLength: 60 }), fc.boolean(), fc.constantFrom('\n' as const, '\r\n' as const), (fixes, withTime, eol) => {
        const cols = columnsOf(fixes, withTime);
        const { positions, issues } = parsePositionsText(serializePositions(cols, { withTime, eol }));
        expect(issues).toEqual([]);
        expect(positions.count).toBe(cols.count);
        expect(Array.from(positions.lap)).toEqual(Array.from(cols.lap));
        expect(Array.from(positions.timeMs)).toEqual(Array.from(cols.timeMs));
        expect(Array.from(positions.lat)).toEqual(Array.from(cols.lat));
        expect(Array.from(positions.lon)).toEqual(Array.from(cols.lon));
        expect(Array.from(positions.speedKmh)).toEqual(Array.from(cols.speedKmh));
      }),
    );
  });

  it('a generated session survives the round trip and analyses to its own laps', () => {
    const s = syntheticSession({ fixes: 25 * 60 * 5, seed: 7 });
    const { positions, issues } = parsePositionsText(serializePositions(s.positions));
    expect(issues).toEqual([]);
    expect(positions.count).toBe(s.positions.count);
    const last = positions.count - 1;
    expect(Math.abs(positions.distanceM[last] - s.positions.distanceM[last]) / s.positions.distanceM[last]).toBeLessThan(1e-4);
    const { laps } = parseLapsText(serializeLaps(s.laps));
    expect(laps).toEqual(s.laps);
    const a = analyseSession(laps, positions);
    expect(a.laps.length).toBe(s.laps.length);
    expect(a.laps.every((l) => l.distanceM > 0 && l.averageSpeedKmh > 0)).toBe(true);
    expect(a.bestLapMs).toBe(Math.min(...s.laps.filter((l) => l.valid).map((l) => l.timeMs)));
  });
});

describe('untrusted bytes', () => {
  const neverThrowsButDomainError = (f: () => unknown) => {
    try {
      f();
    } catch (e) {
      expect(e).toBeInstanceOf(DomainError);
    }
  };

  it('random bytes never make the parsers throw', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 400 }), (bytes) => {
        const r = parsePositionsBytes(bytes);
        expect(r.positions.count + r.corruptLines).toBeLessThanOrEqual(bytes.length);
        neverThrowsButDomainError(() => parseLapsText(new TextDecoder().decode(bytes)));
      }),
      { numRuns: 500 },
    );
  });

  it('random text from the file alphabet never makes the parsers throw', () => {
    const alphabet = fc.constantFrom(...'0123456789;.-+\r\n\n\nx '.split(''));
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 300 }).map((a) => a.join('')), (text) => {
        const r = parsePositionsText(text);
        for (let i = 0; i < r.positions.count; i++) {
          expect(Number.isFinite(r.positions.lat[i]) && Math.abs(r.positions.lat[i]) <= 90).toBe(true);
          expect(Number.isFinite(r.positions.distanceM[i])).toBe(true);
        }
        const l = parseLapsText(text);
        expect(l.laps.every((x) => Number.isFinite(x.timeMs))).toBe(true);
        neverThrowsButDomainError(() => analyseSession(l.laps, r.positions));
      }),
      { numRuns: 500 },
    );
  });

  it('mutated valid files never throw and every corrupt line is reported', () => {
    const s = syntheticSession({ fixes: 200, seed: 3 });
    const good = new TextEncoder().encode(serializePositions(s.positions));
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(good.length - 1), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 20 }), (mutations) => {
        const bytes = good.slice();
        for (const [at, value] of mutations) bytes[at] = value;
        const r = parsePositionsBytes(bytes);
        const lines = new TextDecoder().decode(bytes).split('\n').filter((l) => l.replace(/\r$/, '') !== '').length;
        expect(r.positions.count + r.corruptLines).toBe(lines);
      }),
      { numRuns: 300 },
    );
  });
});
