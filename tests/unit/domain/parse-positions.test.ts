import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cumulativeDistance, parsePositionsBytes, parsePositionsText } from '../../../src/domain/parse-positions';
import { bandedStepDistanceM, haversineM, newCosBand } from '../../../src/domain/geo-distance';

const bytes = (s: string) => new TextEncoder().encode(s);

describe('parsePositionsBytes', () => {
  it('parses 5-field lines into typed columns', () => {
    const { positions, issues, corruptLines } = parsePositionsBytes(bytes('1;40;41.5847;-8.4445;87.25\n1;80;41.5848;-8.4445;88\n'));
    expect(issues).toEqual([]);
    expect(corruptLines).toBe(0);
    expect(positions.count).toBe(2);
    expect(Array.from(positions.lap)).toEqual([1, 1]);
    expect(Array.from(positions.timeMs)).toEqual([40, 80]);
    expect(Array.from(positions.lat)).toEqual([41.5847, 41.5848]);
    expect(Array.from(positions.lon)).toEqual([-8.4445, -8.4445]);
    expect(Array.from(positions.speedKmh)).toEqual([87.25, 88]);
    expect(positions.lap).toBeInstanceOf(Int32Array);
    expect(positions.speedKmh).toBeInstanceOf(Float32Array);
  });

  it('parses 4-field lines with timeMs as NaN, mixed with 5-field lines', () => {
    const { positions, issues } = parsePositionsBytes(bytes('0;41.1;-8.1;10\n0;120;41.1;-8.1;11\n'));
    expect(issues).toEqual([]);
    expect(Number.isNaN(positions.timeMs[0])).toBe(true);
    expect(positions.timeMs[1]).toBe(120);
    expect(positions.lat[0]).toBe(41.1);
    expect(positions.speedKmh[0]).toBe(10);
  });

  it('reads numbers exactly as Number() does', () => {
    const values = ['41.1234567', '-8.7654321', '0.1', '-0.0000001', '89.9999999', '+12.5', '7.', '.5'];
    for (const v of values) {
      const { positions, issues } = parsePositionsText(`3;0;${v};1;2\n`);
      expect(issues).toEqual([]);
      expect(positions.lat[0]).toBe(Number(v));
    }
  });

  it('tolerates CRLF, blank lines and a last line without a newline', () => {
    const { positions, issues } = parsePositionsText('\r\n1;0;41;-8;1\r\n\n\r\n1;40;41.00001;-8;2\r\n1;80;41.00002;-8;3');
    expect(issues).toEqual([]);
    expect(positions.count).toBe(3);
    expect(positions.speedKmh[2]).toBe(3);
  });

  it('reports corrupt lines with 1-based line numbers and keeps the rest', () => {
    const text = ['1;0;41;-8;1', 'junk', '1;40;41', '', '1;x;41;-8;1', '1.5;0;41;-8;1', '1;0;91;-8;1', '1;0;41;-8;1;2;3', '1;0;41;-8;1\r5', '1;;41;-8;1', '2;80;41;-8;4'].join('\n');
    const { positions, issues, corruptLines } = parsePositionsText(text);
    expect(positions.count).toBe(2);
    expect(Array.from(positions.speedKmh)).toEqual([1, 4]);
    expect(issues.map((i) => i.line)).toEqual([2, 3, 5, 6, 7, 8, 9, 10]);
    expect(corruptLines).toBe(8);
    expect(issues[0].reason).toMatch(/number/);
    expect(issues.find((i) => i.line === 6)?.reason).toMatch(/lap/);
    expect(issues.find((i) => i.line === 7)?.reason).toMatch(/range/);
    expect(issues.find((i) => i.line === 8)?.reason).toMatch(/fields/);
  });

  it('accepts a 4-field line whose numbers look like a 5-field line with a missing field', () => {
    // '1;40;41;8' is lap 1 at lat 40, lon 41, 8 km/h, not lap 1 at time 40 with a missing speed.
    const { positions } = parsePositionsText('1;40;41;8\n');
    expect(positions.count).toBe(1);
    expect(positions.lat[0]).toBe(40);
  });

  it('reports fixes outside physical bounds as damaged lines and keeps none of them', () => {
    const text = [
      '1;1000;41.5;44.9;120.5', // kept
      '1;1040;41.5;44.9;500.1', // faster than any vehicle on a circuit
      '1;1080;41.5;44.9;-8', // a negative speed
      '1;86400000;41.5;44.9;120', // a day after the session started
      '1;1120;91.5;44.9;120', // latitude out of range
      '1;1160;41.5;44.9;500', // the bound itself is kept
    ].join('\n');
    const { positions, issues, corruptLines } = parsePositionsText(`${text}\n`);
    expect(positions.count).toBe(2);
    expect(Array.from(positions.speedKmh.subarray(0, 2))).toEqual([120.5, 500]);
    expect(corruptLines).toBe(4);
    expect(issues.map((i) => i.line)).toEqual([2, 3, 4, 5]);
  });

  it('lists at most maxIssues issues but counts every corrupt line', () => {
    const { issues, corruptLines } = parsePositionsText('x\n'.repeat(50), { maxIssues: 10 });
    expect(issues).toHaveLength(10);
    expect(corruptLines).toBe(50);
  });

  it('accumulates distance along the trace within 1e-6 of haversine', () => {
    const lines: string[] = [];
    let expected = 0;
    let prev: [number, number] | null = null;
    for (let k = 0; k < 200; k++) {
      const lat = 41.5 + k * 0.00003;
      const lon = -8.4 + Math.sin(k / 10) * 0.0001;
      const la = Number(lat.toFixed(7));
      const lo = Number(lon.toFixed(7));
      if (prev) expected += haversineM(prev[0], prev[1], la, lo);
      prev = [la, lo];
      lines.push(`1;${k * 40};${la.toFixed(7)};${lo.toFixed(7)};50`);
    }
    const { positions } = parsePositionsText(lines.join('\n'));
    expect(positions.distanceM[0]).toBe(0);
    expect(Math.abs(positions.distanceM[199] - expected) / expected).toBeLessThan(1e-6);
    for (let k = 1; k < 200; k++) expect(positions.distanceM[k]).toBeGreaterThanOrEqual(positions.distanceM[k - 1]);
  });

  it("gives exactly the distances of bandedStepDistanceM, the other traces' step, to the last bit", () => {
    const fix = fc.tuple(fc.double({ min: -0.001, max: 0.001, noNaN: true }), fc.double({ min: -0.001, max: 0.001, noNaN: true }));
    fc.assert(
      fc.property(fc.double({ min: -80, max: 80, noNaN: true }), fc.double({ min: -179, max: 179, noNaN: true }), fc.array(fix, { maxLength: 300 }), (lat0, lon0, steps) => {
        const lat = new Float64Array(steps.length + 1);
        const lon = new Float64Array(steps.length + 1);
        lat[0] = lat0;
        lon[0] = lon0;
        steps.forEach(([dLat, dLon], i) => {
          lat[i + 1] = lat[i] + dLat;
          lon[i + 1] = lon[i] + dLon;
        });
        const out = new Float64Array(lat.length);
        cumulativeDistance(lat, lon, lat.length, out);
        const band = newCosBand();
        let d = 0;
        const expected = [0];
        for (let i = 1; i < lat.length; i++) expected.push((d += bandedStepDistanceM(lat[i - 1], lon[i - 1], lat[i], lon[i], band)));
        expect(Array.from(out)).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('grows its columns past the first estimate and returns exactly count rows', () => {
    // A short first line makes the estimate low; the rest are long.
    const text = '1;0;1;1;1\n' + Array.from({ length: 5000 }, (_, k) => `1;${k};41.1234567;-8.1234567;123.45`).join('\n');
    const { positions } = parsePositionsText(text);
    expect(positions.count).toBe(5001);
    expect(positions.lat.length).toBe(5001);
    expect(positions.distanceM.length).toBe(5001);
    expect(positions.timeMs[5000]).toBe(4999);
  });

  it('returns empty columns for empty input', () => {
    expect(parsePositionsBytes(new Uint8Array(0)).positions.count).toBe(0);
    expect(parsePositionsText('\n\n').positions.count).toBe(0);
  });
});
