import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bytesSource } from '../../../../src/domain/file-reading/byte-source';
import { parseGpsu, readGps5Blocks } from '../../../../src/domain/gpmf/gps5';
import { gpsTrackFromPayloads } from '../../../../src/domain/gpmf/gps-track';
import { childEntries, GpmfFormatError, numericValues, readKlvEntries, textValue } from '../../../../src/domain/gpmf/klv';
import { Mp4TelemetryError, readGpmfPayloads, readGpmfSampleTable } from '../../../../src/domain/gpmf/mp4-gpmf-track';
import { looksLikeMp4 } from '../../../../src/domain/file-reading/mp4-sniff';
import { ascii, concat, gps9Payload, gpsPayload, int32s, klv, nested } from './gpmf-writer';

const FIXTURE = new URL('../../../fixtures/real-logs/gopro-max-gpmf-18hz.mp4', import.meta.url);
const mp4 = () => new Uint8Array(readFileSync(FIXTURE));

describe('GPMF KLV entries', () => {
  it('reads keys, types, sizes and nested lists, skipping the padding to 4 bytes', () => {
    const bytes = concat([nested('DEVC', [klv('DVNM', 'c', 1, 5, ascii('Hello')), klv('TMPC', 'f', 4, 1, new Uint8Array([0x41, 0xc8, 0, 0]))]), klv('ZZZZ', 'L', 4, 1, int32s([7]))]);
    const top = readKlvEntries(bytes);
    expect(top.map((e) => e.key)).toEqual(['DEVC', 'ZZZZ']);
    const inner = childEntries(bytes, top[0]);
    expect(inner.map((e) => [e.key, e.type, e.structSize, e.repeat])).toEqual([
      ['DVNM', 'c', 1, 5],
      ['TMPC', 'f', 4, 1],
    ]);
    expect(textValue(bytes, inner[0])).toBe('Hello');
    expect(numericValues(bytes, inner[1])[0]).toBe(25);
    expect(numericValues(bytes, top[1])[0]).toBe(7);
  });

  it('refuses an entry whose data runs past the end of its payload', () => {
    const bytes = klv('GPS5', 'l', 20, 3, int32s(new Array(15).fill(1))).subarray(0, 40);
    expect(() => readKlvEntries(bytes)).toThrow(GpmfFormatError);
  });

  it('stops at zero padding after the last entry', () => {
    const bytes = concat([klv('DVID', 'L', 4, 1, int32s([1])), new Uint8Array(16)]);
    expect(readKlvEntries(bytes).map((e) => e.key)).toEqual(['DVID']);
  });
});

describe('GPS5 and GPSU', () => {
  it('scales each GPS5 field by its own SCAL divisor', () => {
    const payload = gpsPayload('191118234516.470', 3, [
      [33.12677, -117.3273436, -22.959, 1.046, 1.0],
      [33.1267711, -117.327344, -22.95, 1.1, 1.2],
    ]);
    const [block] = readGps5Blocks(payload);
    expect(block.count).toBe(2);
    expect(block.fix).toBe(3);
    expect(block.dop).toBeCloseTo(1.54, 6);
    expect(Array.from(block.values.subarray(0, 5))).toEqual([33.12677, -117.3273436, -22.959, 1.046, 1]);
    expect(new Date(block.gpsuEpochMs).toISOString()).toBe('2019-11-18T23:45:16.470Z');
  });

  it('reads GPSU as UTC from the year 2000 and refuses malformed times', () => {
    expect(new Date(parseGpsu('260704090312.250')).toISOString()).toBe('2026-07-04T09:03:12.250Z');
    expect(parseGpsu('991301000000.000')).toBeNaN();
    expect(parseGpsu('garbage')).toBeNaN();
  });
});

describe('GPS track timing', () => {
  const fixes = (n: number): [number, number, number, number, number][] => Array.from({ length: n }, (_, i) => [40 + i * 1e-5, -8, 100, 10, 10]);

  it('spreads each payload evenly up to the next GPSU, and keeps the last interval for the last payload', () => {
    const payloads = [
      { bytes: gpsPayload('260704090312.000', 3, fixes(10)), timeS: 0, durationS: 1.001 },
      { bytes: gpsPayload('260704090313.000', 3, fixes(10)), timeS: 1.001, durationS: 1.001 },
      { bytes: gpsPayload('260704090314.000', 3, fixes(4)), timeS: 2.002, durationS: 1.001 },
    ];
    const { track } = gpsTrackFromPayloads(payloads);
    const t0 = Date.UTC(2026, 6, 4, 9, 3, 12);
    expect(track.count).toBe(24);
    expect(Array.from(track.epochMs.subarray(0, 3), (t) => t - t0)).toEqual([0, 100, 200]);
    expect(track.epochMs[10] - t0).toBe(1000);
    // The cut-short last payload keeps the 100 ms interval instead of stretching 4 fixes over a second.
    expect(track.epochMs[23] - t0).toBe(2300);
    expect(track.videoTimeS[23]).toBeCloseTo(2.002 + 3 * 0.1001, 9);
  });

  it('places a first payload whose GPSU disagrees with the second just before the second', () => {
    const payloads = [
      { bytes: gpsPayload('260704090310.000', 3, fixes(5)), timeS: 0, durationS: 1 },
      { bytes: gpsPayload('260704090312.500', 3, fixes(10)), timeS: 1, durationS: 1 },
      { bytes: gpsPayload('260704090313.500', 3, fixes(10)), timeS: 2, durationS: 1 },
    ];
    const { track } = gpsTrackFromPayloads(payloads);
    const second = Date.UTC(2026, 6, 4, 9, 3, 12, 500);
    expect(track.epochMs[5]).toBe(second);
    expect(second - track.epochMs[4]).toBe(100);
    expect(second - track.epochMs[0]).toBe(500);
  });

  it('takes each GPS9 fix at its own time, with its own fix type (HERO11 and later)', () => {
    const t0 = Date.UTC(2026, 6, 4, 9, 3, 12, 40);
    const payload = concat([
      // A GPS5 stream beside it (as a HERO11 writes both): GPS9 wins.
      gpsPayload('260704090300.000', 3, [[1, 1, 1, 1, 1]]),
      gps9Payload([
        [41.5608, -8.3975, 120.5, 22.5, 22.6, t0, 3],
        [41.56081, -8.39749, 120.6, 22.7, 22.8, t0 + 100, 3],
        [41.56082, -8.39748, 120.7, 22.9, 23, t0 + 200, 2],
      ]),
    ]);
    const { track } = gpsTrackFromPayloads([{ bytes: payload, timeS: 0, durationS: 1 }]);
    expect(track.count).toBe(3);
    expect(Array.from(track.epochMs)).toEqual([t0, t0 + 100, t0 + 200]);
    expect(Array.from(track.fix)).toEqual([3, 3, 2]);
    expect(track.latDeg[1]).toBeCloseTo(41.56081, 7);
    expect(track.speed2dMps[2]).toBeCloseTo(22.9, 3);
    expect(track.dop[0]).toBeCloseTo(1.54, 5);
  });

  it('refuses a GPS9 entry whose TYPE does not fit its structure', () => {
    const bad = gps9Payload([[41.5608, -8.3975, 120.5, 22.5, 22.6, Date.UTC(2026, 0, 1), 3]]);
    const at = Buffer.from(bad).indexOf('lllllllSS');
    bad.set(ascii('lllllllSl'), at);
    const { track, damagedPayloads } = gpsTrackFromPayloads([{ bytes: bad, timeS: 0, durationS: 1 }]);
    expect(damagedPayloads).toBe(1);
    expect(track.count).toBe(0);
  });

  it('skips a damaged payload and keeps the others', () => {
    const good = gpsPayload('260704090312.000', 3, fixes(10));
    const { track, damagedPayloads } = gpsTrackFromPayloads([
      { bytes: good, timeS: 0, durationS: 1 },
      { bytes: good.subarray(0, good.length - 12), timeS: 1, durationS: 1 },
    ]);
    expect(damagedPayloads).toBe(1);
    expect(track.count).toBe(10);
  });
});

describe('the GoPro MAX fixture (figures from tests/fixtures/real-logs/independent/gpmf_facts.py)', () => {
  it('finds the metadata track and its eleven one-second samples with mp4box', async () => {
    const bytes = mp4();
    expect(looksLikeMp4(bytes.subarray(0, 64))).toBe(true);
    const table = await readGpmfSampleTable(bytesSource(bytes));
    expect(table.samples).toHaveLength(11);
    expect(table.samples[0]).toEqual({ offset: 417048, size: 6188, timeS: 0, durationS: 1.001 });
    const { payloads, missing } = await readGpmfPayloads(bytesSource(bytes), table);
    expect(missing).toBe(0);
    expect(payloads).toHaveLength(11);
  });

  it('decodes 191 GPS5 fixes with the first GPSU, positions and speeds the independent reader found', async () => {
    const source = bytesSource(mp4());
    const { payloads } = await readGpmfPayloads(source, await readGpmfSampleTable(source));
    expect(new Date(readGps5Blocks(payloads[0].bytes)[0].gpsuEpochMs).toISOString()).toBe('2019-11-18T23:45:14.000Z');
    expect(readGps5Blocks(payloads[1].bytes)[0].gpsuEpochMs).toBe(Date.parse('2019-11-18T23:45:16.470Z'));
    const { track, damagedPayloads } = gpsTrackFromPayloads(payloads);
    expect(damagedPayloads).toBe(0);
    expect(track.count).toBe(191);
    expect(track.payloadsWithGps).toBe(11);
    const last = track.count - 1;
    expect([track.latDeg[0], track.lonDeg[0], track.altitudeM[0]]).toEqual([33.12677, -117.3273436, -22.959]);
    expect(track.speed2dMps[0]).toBeCloseTo(1.046, 6);
    expect(track.speed3dMps[0]).toBeCloseTo(1.0, 6);
    expect([track.latDeg[last], track.lonDeg[last], track.altitudeM[last]]).toEqual([33.1266674, -117.3272734, -23.637]);
    expect(track.speed2dMps[last]).toBeCloseTo(0.527, 6);
    expect(track.speed3dMps[last]).toBeCloseTo(0.67, 6);
    expect(Array.from(track.fix).every((f) => f === 3)).toBe(true);
    // 18 Hz: the second payload's 18 fixes fill the 990 ms to the third payload's GPSU.
    expect(track.epochMs[17]).toBe(Date.parse('2019-11-18T23:45:16.470Z'));
    expect(track.epochMs[18] - track.epochMs[17]).toBeCloseTo(990 / 18, 6);
    for (let i = 1; i < track.count; i++) expect(track.epochMs[i]).toBeGreaterThan(track.epochMs[i - 1]);
    expect(track.videoTimeS[last]).toBeLessThan(10.55);
  });

  it('says when an MP4 has no GoPro metadata track, and when it is no MP4 at all', async () => {
    const bytes = mp4().slice();
    // Rename the metadata track's sample entry: the same file, but its telemetry is no longer GoPro's.
    for (let at = Buffer.from(bytes).indexOf('gpmd'); at >= 0; at = Buffer.from(bytes).indexOf('gpmd')) bytes.set(ascii('xxxx'), at);
    await expect(readGpmfSampleTable(bytesSource(bytes))).rejects.toMatchObject({ code: 'no-gpmf-track' });
    await expect(readGpmfSampleTable(bytesSource(ascii('not a video at all, just some text')))).rejects.toBeInstanceOf(Mp4TelemetryError);
  });
});
