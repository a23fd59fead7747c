import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bytesSource } from '../../../../src/domain/file-reading/byte-source';
import { detectBinaryFormat, looksLikeFit } from '../../../../src/domain/file-formats/import-binary';
import { isImportError, type ImportErrorReason } from '../../../../src/domain/file-formats/import-errors';
import { importFit } from '../../../../src/domain/file-formats/import-fit';
import { importGoProMp4 } from '../../../../src/domain/file-formats/import-gopro-mp4';
import { importFileSource } from '../../../../src/domain/file-formats/read-import-file';

const FIXTURES = new URL('../../../fixtures/real-logs/', import.meta.url);
const bytesOf = (name: string) => new Uint8Array(readFileSync(new URL(name, FIXTURES)));
const FIT = 'stavanger-fenix2-run-1hz.fit';
const MP4 = 'gopro-max-gpmf-18hz.mp4';

async function expectReason(run: () => unknown, reason: ImportErrorReason): Promise<void> {
  let caught: unknown;
  try {
    await run();
  } catch (error) {
    caught = error;
  }
  expect(isImportError(caught), String(caught)).toBe(true);
  expect((caught as { reason: string }).reason).toBe(reason);
}

/** Every occurrence of `from` in the bytes replaced by `to` (same length), on a copy. */
function replaced(bytes: Uint8Array, from: string, to: number[]): Uint8Array {
  const out = bytes.slice();
  const needle = Buffer.from(from, 'latin1');
  for (let at = Buffer.from(out).indexOf(needle); at >= 0; at = Buffer.from(out).indexOf(needle, at + 1)) out.set(to, at);
  return out;
}

// Independent figures: tests/fixtures/real-logs/independent/fit_facts.py (Python standard library only).
describe('Garmin FIT (Fenix 2 run, Stavanger)', () => {
  it('reads every record message with its position, time and speed', () => {
    const session = importFit(bytesOf(FIT));
    const p = session.positions;
    expect(session.source).toBe('fit');
    expect(p.count).toBe(2809);
    expect(session.startedAt).toBe('2015-08-15T14:45:08.000Z');
    expect(p.lat[0]).toBeCloseTo(58.9591828, 7);
    expect(p.lon[0]).toBeCloseTo(5.728839, 7);
    expect(p.speedKmh[0]).toBeCloseTo(5.89 * 3.6, 4);
    const last = p.count - 1;
    expect(p.timeMs[last]).toBe(Date.parse('2015-08-15T15:32:21Z') - Date.parse('2015-08-15T14:45:08Z'));
    expect(p.lat[last]).toBeCloseTo(58.9588145, 7);
    expect(p.lon[last]).toBeCloseTo(5.7298341, 7);
    expect(p.speedKmh[last]).toBeCloseTo(2.59 * 3.6, 4);
    // The watch's own distance (9,007.07 m) mixes GPS with its accelerometer; the fixes alone come within 2 %.
    expect(Math.abs(p.distanceM[last] - 9007.07) / 9007.07).toBeLessThan(0.02);
    expect(session.issues).toEqual([]);
  });

  it("keeps the watch's four lap messages as the logger's own laps", () => {
    const laps = importFit(bytesOf(FIT)).loggerLaps;
    expect(laps?.map((l) => l.durationMs)).toEqual([270_000, 836_000, 758_000, 965_000]);
    expect(laps?.map((l) => l.distanceM)).toEqual([848.94, 2987.88, 2978.79, 2192.61]);
    expect(laps?.[1].startEpochMs).toBe(Date.parse('2015-08-15T14:49:40Z'));
  });

  it('refuses a FIT file cut short, and one whose checksum fails, as damaged', async () => {
    const bytes = bytesOf(FIT);
    await expectReason(() => importFit(bytes.subarray(0, 60_000)), 'damaged');
    const flipped = bytes.slice();
    flipped[5000] ^= 0xff;
    await expectReason(() => importFit(flipped), 'damaged');
    await expectReason(() => importFileSource('run.fit', bytesSource(bytes.subarray(0, 60_000))), 'damaged');
  });

  it('is recognised by its header whatever its name', () => {
    const head = bytesOf(FIT).subarray(0, 64);
    expect(looksLikeFit(head)).toBe(true);
    expect(detectBinaryFormat(head)).toBe('fit');
    expect(looksLikeFit(new TextEncoder().encode('[header]\nnot a fit file at all'))).toBe(false);
  });
});

// Independent figures: tests/fixtures/real-logs/independent/gpmf_facts.py (Python standard library only).
describe('GoPro MP4 with GPMF telemetry (MAX, 18 Hz)', () => {
  it('imports the 191 GPS5 fixes with their 2D speed and GPS time', async () => {
    const session = await importGoProMp4(bytesSource(bytesOf(MP4)));
    const p = session.positions;
    expect(session.source).toBe('gopro-mp4');
    expect(p.count).toBe(191);
    // The first payload's stale GPSU (23:45:14.000) is not trusted: its fixes end where the second payload begins.
    expect(Date.parse(session.startedAt)).toBeCloseTo(Date.parse('2019-11-18T23:45:16.470Z') - (17 * 990) / 18, 0);
    expect([p.lat[0], p.lon[0]]).toEqual([33.12677, -117.3273436]);
    expect(p.speedKmh[0]).toBeCloseTo(1.046 * 3.6, 4);
    expect([p.lat[190], p.lon[190]]).toEqual([33.1266674, -117.3272734]);
    expect(p.speedKmh[190]).toBeCloseTo(0.527 * 3.6, 4);
    expect(session.issues).toEqual([]);
  });

  it('is recognised by content through the generic entry, whatever its name', async () => {
    const session = await importFileSource('clip.bin', bytesSource(bytesOf(MP4)));
    expect(session.source).toBe('gopro-mp4');
  });

  it('says an MP4 without GoPro telemetry has none', async () => {
    await expectReason(() => importGoProMp4(bytesSource(replaced(bytesOf(MP4), 'gpmd', [0x78, 0x78, 0x78, 0x78]))), 'no-telemetry');
  });

  it('says a video whose GPS never had a lock has no fix to import', async () => {
    // GPSF (the fix type) set to 0 in every payload: the same fixes, taken without a lock.
    const bytes = bytesOf(MP4).slice();
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
    for (let at = buffer.indexOf('GPSF'); at >= 0; at = buffer.indexOf('GPSF', at + 1)) buffer.writeUInt32BE(0, at + 8);
    await expectReason(() => importGoProMp4(bytesSource(bytes)), 'no-gps-lock');
  });

  it('says a video cut before its index is damaged', async () => {
    // The MAX writes its index (moov) at the end: without the last 100 kB there is no index to read.
    const bytes = bytesOf(MP4);
    await expectReason(() => importGoProMp4(bytesSource(bytes.subarray(0, bytes.length - 100_000))), 'damaged');
  });
});
