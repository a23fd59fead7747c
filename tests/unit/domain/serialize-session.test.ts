import { describe, expect, it } from 'vitest';
import { fixed, fixedByToFixed, serializeLaps, serializePositions } from '../../../src/domain/serialize-session';
import { mulberry32 } from '../../../src/domain/random';
import { syntheticSession } from '../../helpers/synthetic-session';
import type { PositionColumns } from '../../../src/domain/session-types';

describe('session writers', () => {
  it('writes plain decimals without exponents or trailing zeros', () => {
    expect(fixed(41.5, 7)).toBe('41.5');
    expect(fixed(1e-7, 7)).toBe('0.0000001');
    expect(fixed(-0, 2)).toBe('0');
    expect(fixed(-0.001, 2)).toBe('0');
    expect(fixed(12, 0)).toBe('12');
  });

  it("writes every value exactly as toFixed would (the stored texts and their fingerprints don't change)", () => {
    const random = mulberry32(7);
    const special = [0.125, 0.375, -2.5, 1.005, 41.00000005, -8.44450005, 44.94928, 1e15, 123456789.123, Number.NaN, Infinity, -Infinity, 5e-8, -5e-8, 0.5];
    for (const decimals of [0, 1, 2, 3, 6, 7]) {
      for (const v of special) expect(fixed(v, decimals)).toBe(fixedByToFixed(v, decimals));
      for (let k = 0; k < 20_000; k++) {
        const magnitude = 10 ** Math.floor(random() * 6 - 2);
        const v = (random() - 0.5) * 2 * magnitude * 9;
        // Values on a 1e-7 grid too: the positions of a stored text read back and written again.
        const grid = Math.round(v * 1e7) / 1e7;
        if (fixed(v, decimals) !== fixedByToFixed(v, decimals) || fixed(grid, decimals) !== fixedByToFixed(grid, decimals)) {
          throw new Error(`fixed(${v}, ${decimals}) = ${fixed(v, decimals)}, toFixed says ${fixedByToFixed(v, decimals)}`);
        }
      }
    }
  });

  it('writes 8-field and 7-field lap lines', () => {
    const laps = [{ lapNumber: 1, lapName: 'In Lap', timeMs: 61234, sectorsMs: [20000, 21000, 20234] as [number, number, number], maxSpeedKmh: 101.25, minSpeedKmh: 40, valid: true }];
    expect(serializeLaps(laps)).toBe('1;1;61234;20000;21000;20234;101.25;40\n');
    expect(serializeLaps(laps, { withRecord: false, eol: '\r\n' })).toBe('1;61234;20000;21000;20234;101.25;40\r\n');
  });

  it('writes 5-field lines when the fixes have times and 4-field lines otherwise', () => {
    const cols: PositionColumns = {
      count: 2,
      lap: Int32Array.of(0, 1),
      timeMs: Float64Array.of(0, 40),
      lat: Float64Array.of(41.5847, 41.5848),
      lon: Float64Array.of(-8.4445, -8.4446),
      speedKmh: Float32Array.of(50.5, 51),
      distanceM: new Float64Array(2),
    };
    expect(serializePositions(cols)).toBe('0;0;41.5847;-8.4445;50.5\n1;40;41.5848;-8.4446;51\n');
    expect(serializePositions({ ...cols, timeMs: Float64Array.of(NaN, NaN) })).toBe('0;41.5847;-8.4445;50.5\n1;41.5848;-8.4446;51\n');
    expect(serializePositions({ ...cols, count: 0 })).toBe('');
  });
});

describe('syntheticSession', () => {
  it('is deterministic for a seed and produces 25 Hz fixes with laps that add up', () => {
    const a = syntheticSession({ fixes: 25 * 600, seed: 9 });
    const b = syntheticSession({ fixes: 25 * 600, seed: 9 });
    expect(a.laps).toEqual(b.laps);
    expect(a.positions.timeMs[1] - a.positions.timeMs[0]).toBe(40);
    expect(a.laps.length).toBeGreaterThan(3);
    expect(a.laps[a.laps.length - 1].lapName).toBe('In Lap');
    for (const lap of a.laps.slice(0, -1)) {
      expect(lap.sectorsMs[0] + lap.sectorsMs[1] + lap.sectorsMs[2]).toBe(lap.timeMs);
      expect(lap.valid).toBe(true);
    }
    // Fix lap numbers match the lap records.
    const numbers = new Set(Array.from(a.positions.lap));
    for (const lap of a.laps) expect(numbers.has(lap.lapNumber)).toBe(true);
  });
});
