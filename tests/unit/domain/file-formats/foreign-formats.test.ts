import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bytesSource, type ByteSource } from '../../../../src/domain/file-reading/byte-source';
import { recognizeForeignFormat } from '../../../../src/domain/file-formats/foreign-formats';
import { ImportError, isImportError } from '../../../../src/domain/file-formats/import-errors';
import { importFile, importFileSource } from '../../../../src/domain/file-formats/read-import-file';

const FIXTURES = new URL('../../../fixtures/real-logs/', import.meta.url);

/** Bytes that are not text: a logger's binary log as far as the first KiB tells. */
const binary = (n = 4096) => Uint8Array.from({ length: n }, (_, i) => (i * 37) & 0xff);

async function refusal(run: () => unknown): Promise<ImportError> {
  try {
    await run();
  } catch (error) {
    expect(isImportError(error), String(error)).toBe(true);
    return error as ImportError;
  }
  throw new Error('expected an ImportError');
}

describe('files of formats not read here are refused naming the format and the formats that are read', () => {
  it('names a logger log by its extension when its bytes are not text (.drk, .ld, .ibt, .run)', async () => {
    for (const [name, id, label] of [
      ['race.drk', 'aim-drk', 'AiM DRK log'],
      ['Stint 3.ld', 'motec-ld', 'MoTeC i2 log (.ld)'],
      ['spa.ibt', 'iracing-ibt', 'iRacing telemetry'],
      ['dl1.RUN', 'race-technology-run', 'Race Technology log'],
    ] as const) {
      const error = await refusal(() => importFileSource(name, bytesSource(binary())));
      expect(error.reason).toBe('unsupported-format');
      expect(error.detail).toEqual({ format: id, kind: 'log' });
      expect(error.message).toContain(label);
      // The formats that are read are listed, text and binary ones.
      for (const read of ['VBO', 'AiM Race Studio CSV', 'AiM XRK', 'AiM XRZ', 'Garmin FIT']) expect(error.message).toContain(read);
    }
  });

  it('names a 1 GB MoTeC log for what it is rather than as too large, reading only its first KiB', async () => {
    const reads: number[] = [];
    const huge: ByteSource = { size: 1024 ** 3, read: (offset, length) => (reads.push(length), Promise.resolve(binary(Math.min(length, 4096)).subarray(0, length))) };
    const error = await refusal(() => importFileSource('endurance.ld', huge));
    expect(error.reason).toBe('unsupported-format');
    expect(error.detail.format).toBe('motec-ld');
    expect(Math.max(...reads)).toBeLessThanOrEqual(1024);
  });

  it('names archives, documents and pictures by their signature whatever their name, a RaceChrono archive by its extension', async () => {
    const zip = Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 20, 0, 0, 0, 8, 0, ...binary(200)]);
    expect((await refusal(() => importFileSource('logs.vbo', bytesSource(zip)))).detail).toEqual({ format: 'zip', kind: 'archive' });
    expect((await refusal(() => importFileSource('session.rcz', bytesSource(zip)))).detail).toEqual({ format: 'racechrono-rcz', kind: 'log' });
    const gz = Uint8Array.from([0x1f, 0x8b, 8, 0, ...binary(100)]);
    expect((await refusal(() => importFile('session.csv.gz', gz))).detail).toEqual({ format: 'gzip', kind: 'archive' });
    const pdf = new TextEncoder().encode('%PDF-1.7\n%\u00e2\u00e3\n1 0 obj');
    expect((await refusal(() => importFile('results.pdf', pdf))).detail).toEqual({ format: 'pdf', kind: 'other' });
  });

  it('reads a text log misnamed with a foreign extension: the content decides, not the name', async () => {
    const vbo = new Uint8Array(readFileSync(new URL('rustavi-dragy-25hz-trimmed.vbo', FIXTURES)));
    const session = await importFileSource('rustavi.ld', bytesSource(vbo));
    expect(session.source).toBe('vbo');
    expect(recognizeForeignFormat('rustavi.ld', vbo.subarray(0, 1024), false)).toBeNull();
  });

  it('refuses other binary files as binary, giving their extension and the formats read', async () => {
    const error = await refusal(() => importFileSource('capture.xyz', bytesSource(binary())));
    expect(error.reason).toBe('binary');
    expect(error.detail).toEqual({ extension: 'xyz' });
    expect(error.message).toContain('AiM XRK');
    const text = await refusal(() => importFile('notes.txt', 'just some notes\nabout the weekend\n'));
    expect(text.reason).toBe('unknown-format');
    expect(text.message).toContain('GoPro video (GPS telemetry)');
  });
});
