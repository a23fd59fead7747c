import { describe, expect, it } from 'vitest';
import { lapEntries, traceOf } from '../../../../src/features/sessions/analysis-view';
import { cursorLines, cursorReading, type CursorTexts } from '../../../../src/features/sessions/chart-cursor';
import { createCursorStore } from '../../../../src/features/sessions/cursor-store';
import { drawableLaps } from '../../../../src/features/sessions/lap-views';
import { loadedSession } from './loaded-session';

const session = loadedSession(1, 0);
const entries = lapEntries([session]);
const [reference, compared] = entries;

const texts = (locale: string): CursorTexts => ({
  locale,
  lapName: (key) => `Lap ${key.split('-')[1]}`,
  distance: (d) => `Distance: ${d} m`,
  speed: (lap, speed) => `${lap}: ${speed} km/h`,
  reference: (lap) => `${lap}, reference`,
  delta: (d) => `Delta: ${d} s`,
});

describe('linked cursor', () => {
  it('reads both compared laps at a distance: speed and position of each, and the delta between them', () => {
    expect(drawableLaps(session).length).toBeGreaterThanOrEqual(2);
    const reading = cursorReading(reference, compared, 300)!;
    expect(reading.laps.map((l) => [l.key, l.isReference])).toEqual([
      [compared.key, false],
      [reference.key, true],
    ]);
    const ref = traceOf(reference);
    const k = ref.distanceM.findIndex((d) => d >= 300);
    // Between the fixes around 300 m.
    const speeds = [ref.speedKmh[k - 1], ref.speedKmh[k]];
    expect(reading.laps[1].speedKmh).toBeGreaterThanOrEqual(Math.min(...speeds) - 1e-6);
    expect(reading.laps[1].speedKmh).toBeLessThanOrEqual(Math.max(...speeds) + 1e-6);
    expect(Math.abs(reading.laps[1].lat - ref.lat[k])).toBeLessThan(1e-4);
    expect(reading.deltaS).not.toBeNull();
  });

  it('ends with the delta equal to the difference of the two lap times', () => {
    const end = traceOf(reference).distanceM[traceOf(reference).count - 1];
    const reading = cursorReading(reference, compared, end)!;
    expect(reading.deltaS).toBeCloseTo((compared.lap.timeMs - reference.lap.timeMs) / 1000, 1);
  });

  it('reads one lap and no delta when the compared lap is the reference', () => {
    const reading = cursorReading(reference, reference, 100)!;
    expect(reading.laps).toHaveLength(1);
    expect(reading.deltaS).toBeNull();
    expect(cursorReading(null, compared, 100)).toBeNull();
  });

  it('says distance, km/h to one decimal and the signed delta in the user locale', () => {
    const reading = { distanceM: 1234.4, laps: [{ key: 'L-3', color: '#f00', isReference: false, speedKmh: 123.456, lat: 0, lon: 0 }, { key: 'L-2', color: '#00f', isReference: true, speedKmh: 99.95, lat: 0, lon: 0 }], deltaS: 0.256 };
    expect(cursorLines(reading, texts('en-US')).map((l) => l.text)).toEqual(['Distance: 1,234 m', 'Lap 3: 123.5 km/h', 'Lap 2, reference: 100.0 km/h', 'Delta: +0.26 s']);
    expect(cursorLines({ ...reading, distanceM: 12345, deltaS: -1.5 }, texts('pt-PT')).map((l) => l.text)).toEqual(['Distance: 12\u00a0345 m', 'Lap 3: 123,5 km/h', 'Lap 2, reference: 100,0 km/h', 'Delta: -1,50 s']);
    expect(cursorLines(reading, texts('en-US'))[1].color).toBe('#f00');
  });

  it('passes the cursor on once per frame, the last position winning', () => {
    const frames: (() => void)[] = [];
    const store = createCursorStore((run) => frames.push(run));
    const seen: (number | null)[] = [];
    store.subscribe(() => seen.push(store.get()));
    store.set(10);
    store.set(20);
    expect(frames).toHaveLength(1);
    frames.shift()!();
    store.set(null);
    frames.shift()!();
    expect(seen).toEqual([20, null]);
  });
});
