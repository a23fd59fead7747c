import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sliceLapsLine, slicePositions } from '../../server/sharing/lap-slice';
import { analyseSession } from '../../src/domain/analysis/analyse-session';
import { lapSliceTexts } from '../../src/domain/value-format/lap-slice-texts';
import { lapTraceByNumber } from '../../src/domain/lap-compare/lap-trace';
import { deltaTime } from '../../src/domain/lap-compare/delta-time';
import { prepareImport } from '../../src/domain/file-formats/prepare-import';
import { bytesSource } from '../../src/domain/file-reading/byte-source';
import { parseLapsText } from '../../src/domain/parse-laps';
import { parsePositionsBytes } from '../../src/domain/parse-positions';

/** Rustavi's gates as seeded (copied, so the test does not follow edits of the seed). */
const RUSTAVI = { id: 1, name: 'Rustavi International Motorpark', coordinates: '41.569854;44.949280;41.573961;44.946128;41.571486;44.951924', size: 30, timeZone: 'Asia/Tbilisi' };

async function rustavi() {
  const file = 'rustavi-dragy-25hz-gps.vbo';
  const bytes = new Uint8Array(readFileSync(new URL(`../fixtures/real-logs/${file}`, import.meta.url)));
  const prepared = await prepareImport({ fileName: file, source: bytesSource(bytes), circuits: [RUSTAVI], lastModified: 0 });
  return { laps: prepared.lapsText, nmea: new TextDecoder().decode(prepared.nmeaBytes) };
}

describe("another racer's lap as the lap viewer analyses it", () => {
  it('one lap sliced out of a real 25 Hz session analyses as that lap alone: its name, time, racing kind, distance and line are the whole session’s', async () => {
    const texts = await rustavi();
    const whole = analyseSession(parseLapsText(texts.laps).laps, parsePositionsBytes(new TextEncoder().encode(texts.nmea)).positions);
    const wholePositions = parsePositionsBytes(new TextEncoder().encode(texts.nmea)).positions;
    const best = whole.laps.find((l) => l.lapNumber === whole.bestLapNumber)!;
    expect(best.kind).toBe('racing');

    const slice = lapSliceTexts({ lapNumber: best.lapNumber, lapsLine: sliceLapsLine(texts.laps, best.lapNumber), coordinates: slicePositions(texts.nmea, best.lapNumber) });
    const positions = parsePositionsBytes(new TextEncoder().encode(slice.nmea)).positions;
    const parsed = parseLapsText(slice.laps);
    expect(parsed.issues).toEqual([]);
    const alone = analyseSession(parsed.laps, positions, 1);
    const lap = alone.laps.find((l) => l.lapNumber === best.lapNumber)!;
    expect(lap.lapName).toBe(`Lap ${best.lapNumber}`);
    expect(lap.kind).toBe('racing');
    expect(lap.timeMs).toBe(best.timeMs);
    expect(alone.bestLapNumber).toBe(best.lapNumber);
    // The same fixes: the lap's trace (distance, speed) is the whole session's, so delta and speed are too.
    const sliceTrace = lapTraceByNumber(positions, best.lapNumber);
    const wholeTrace = lapTraceByNumber(wholePositions, best.lapNumber);
    // The closing fix carried on from the last step stands in for the next lap's first fix.
    expect(sliceTrace.count).toBe(wholeTrace.count);
    expect(sliceTrace.timeMs[sliceTrace.count - 1]).toBe(wholeTrace.timeMs[wholeTrace.count - 1]);
    expect(Math.abs(sliceTrace.distanceM[sliceTrace.count - 1] - wholeTrace.distanceM[wholeTrace.count - 1])).toBeLessThan(0.05);
    const delta = Array.from(deltaTime(sliceTrace, wholeTrace, { stepM: 5 }).deltaMs);
    expect(Math.max(...delta.map(Math.abs))).toBeLessThan(2);
  });
});
