import { describe, expect, it } from 'vitest';
import { lapEntries, traceOf } from '../../../../../src/features/sessions/shared/analysis-view';
import { cursorLines, cursorReading, gCursorLines, lapDistanceNear, type CursorTexts } from '../../../../../src/features/sessions/analysis/chart-cursor';
import { seriesValueAt } from '../../../../../src/features/sessions/analysis/charts/series-value';
import { createCursorStore } from '../../../../../src/features/sessions/shared/cursor-store';
import { drawableLaps } from '../../../../../src/features/sessions/shared/lap-views';
import { loadedSession } from '../shared/loaded-session';

const session = loadedSession(1, 0);
const entries = lapEntries([session]);
const [reference, compared] = entries;

const texts = (locale: string): CursorTexts => ({
  locale,
  lapName: (key) => `Lap ${key.split('-')[1]}`,
  distance: (d) => `Distance: ${d} m`,
  speed: (lap, speed) => `${lap}: ${speed} km/h`,
  reference: (lap) => `${lap}, reference`,
  playing: (lap) => `${lap}, on the video`,
  delta: (d) => `Delta: ${d} s`,
});

describe('linked cursor', () => {
  it('names the lap whose line is under the pointer too, first, keeping the delta of the compared lap', () => {
    expect(entries.length).toBeGreaterThanOrEqual(3);
    const other = entries[2];
    const plain = cursorReading(reference, compared, 300)!;
    const reading = cursorReading(reference, compared, 300, other)!;
    expect(reading.laps.map((l) => l.key)).toEqual([other.key, compared.key, reference.key]);
    expect(reading.deltaS).toBe(plain.deltaS);
    // A pointer on the compared lap's own line adds nothing.
    expect(cursorReading(reference, compared, 300, compared)!.laps).toHaveLength(2);
    const lines = cursorLines(reading, texts('en-US'));
    expect(lines[1].text).toMatch(new RegExp(`^Lap ${other.key.split('-')[1]}: \\d+\\.\\d km/h$`));
  });

  it('names the lap the video plays first, marked as the video’s, beside the compared laps (and marks a compared lap the video plays)', () => {
    const playing = entries[2];
    const reading = cursorReading(reference, compared, 300, null, playing)!;
    expect(reading.laps.map((l) => [l.key, l.isPlaying])).toEqual([
      [playing.key, true],
      [compared.key, false],
      [reference.key, false],
    ]);
    const lines = cursorLines(reading, texts('en-US')).map((l) => l.text);
    expect(lines[1]).toMatch(new RegExp(`^Lap ${playing.key.split('-')[1]}, on the video: \\d+\\.\\d km/h$`));
    expect(lines[3]).toMatch(/, reference: /);
    // The video playing the reference: named once, as both.
    const onReference = cursorLines(cursorReading(reference, compared, 300, null, reference)!, texts('en-US')).map((l) => l.text);
    expect(onReference).toHaveLength(4);
    expect(onReference[2]).toMatch(/^Lap \d+, reference, on the video: /);
  });

  it('reads g, not speed, in the g chart tooltip: each line interpolated at the distance, 2 decimals, in the locale', () => {
    const series = [
      { name: 'Lap 3 · longitudinal', color: '#f00', points: [[0, 0.1], [10, -0.9], [20, 0.3]] as [number, number][] },
      { name: 'Lap 3 · lateral', color: '#f00', points: [[0, 1.2], [10, 1.4]] as [number, number][] },
    ];
    expect(seriesValueAt(series[0].points, 5)).toBeCloseTo(-0.4, 9);
    expect(seriesValueAt(series[1].points, 15)).toBeNull();
    const g = (locale: string) => gCursorLines(series, 5, { locale, distance: (d) => `Distance: ${d} m`, g: (line, v) => `${line}: ${v} g` }).map((l) => l.text);
    expect(g('en-US')).toEqual(['Distance: 5 m', 'Lap 3 · longitudinal: -0.40 g', 'Lap 3 · lateral: +1.30 g']);
    expect(g('pt-PT')).toEqual(['Distance: 5 m', 'Lap 3 · longitudinal: -0,40 g', 'Lap 3 · lateral: +1,30 g']);
    for (const line of g('en-US').slice(1)) expect(line).not.toContain('km/h');
  });

  it("puts the cursor where a click on the map meets the lap's line: the distance of that place, and nothing for a click far off", () => {
    const trace = traceOf(reference);
    for (const d of [150, 700, trace.distanceM[trace.count - 1] - 50]) {
      const at = cursorReading(reference, null, d)!.laps[0];
      // A click 3 m off the line (north) reads the same place within a few metres.
      const near = lapDistanceNear(trace, at.lat + 3 / 111_320, at.lon);
      expect(near).not.toBeNull();
      expect(Math.abs(near! - d)).toBeLessThan(5);
    }
    const first = cursorReading(reference, null, 0)!.laps[0];
    expect(lapDistanceNear(trace, first.lat + 0.01, first.lon)).toBeNull();
  });

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
    const reading = { distanceM: 1234.4, laps: [{ key: 'L-3', color: '#f00', isReference: false, isPlaying: false, speedKmh: 123.456, lat: 0, lon: 0 }, { key: 'L-2', color: '#00f', isReference: true, isPlaying: false, speedKmh: 99.95, lat: 0, lon: 0 }], deltaS: 0.256 };
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
