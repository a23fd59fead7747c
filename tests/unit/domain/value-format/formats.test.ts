import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatLapTime, parseLapTime, NO_TIME } from '../../../../src/domain/value-format/lap-time';
import { formatSpeedKmh } from '../../../../src/domain/value-format/speed';
import {
  displayNameFromFileName,
  fileNameFromDisplayName,
  parseSessionFileName,
  sessionIsoDate,
} from '../../../../src/domain/value-format/session-name';
import { formatCoordinates, tryParseCoordinates } from '../../../../src/domain/value-format/coordinates';
import { compareFirmwareVersions, isFirmwareUpdateAvailable, parseFirmwareVersion } from '../../../../src/domain/value-format/firmware-version';
import { DomainError } from '../../../../src/domain/errors';

describe('formatLapTime', () => {
  it('writes mm:ss.cc', () => {
    expect(formatLapTime(0)).toBe('00:00.00');
    expect(formatLapTime(61234)).toBe('01:01.23');
    expect(formatLapTime(59999)).toBe('00:59.99');
    expect(formatLapTime(3599990)).toBe('59:59.99');
  });
  it('truncates to the hundredth', () => {
    expect(formatLapTime(61239)).toBe('01:01.23');
  });
  it('writes thousandths when asked (sources timed to the millisecond: AiM 58.656), truncated like hundredths', () => {
    expect(formatLapTime(58_656, 3)).toBe('00:58.656');
    expect(formatLapTime(58_656)).toBe('00:58.65');
    expect(formatLapTime(3_723_456, 3)).toBe('1H02:03.456');
    expect(formatLapTime(-1_500, 3)).toBe('-00:01.500');
    expect(formatLapTime(NaN, 3)).toBe('--:--.---');
  });
  it('takes a computed time to the millisecond before truncating, so binary noise never drops a digit', () => {
    // 58.656 s as a sum of sector times in floating point, a hair under the millisecond.
    const sum = 19.219 * 1000 + 20.121 * 1000 + 19.316 * 1000 - 1e-9;
    expect(formatLapTime(sum, 3)).toBe('00:58.656');
    expect(formatLapTime(58_659.9999999)).toBe('00:58.66');
    expect(formatLapTime(58_659.4)).toBe('00:58.65');
  });
  it('prefixes hours with H from one hour up', () => {
    expect(formatLapTime(3600000)).toBe('1H00:00.00');
    expect(formatLapTime(3723450)).toBe('1H02:03.45');
    expect(formatLapTime(7 * 3600000 + 5)).toBe('7H00:00.00');
  });
  it('handles negative and non-finite times', () => {
    expect(formatLapTime(-1500)).toBe('-00:01.50');
    expect(formatLapTime(NaN)).toBe(NO_TIME);
    expect(formatLapTime(Infinity)).toBe(NO_TIME);
  });
  it('round-trips through parseLapTime to the hundredth', () => {
    fc.assert(
      fc.property(fc.integer({ min: -36_000_000, max: 36_000_000 }), (ms) => {
        const cs = Math.trunc(ms / 10) * 10;
        expect(parseLapTime(formatLapTime(ms))).toBe(cs === 0 ? 0 : cs);
      }),
    );
  });
  it('rejects text that is not a lap time', () => {
    for (const t of ['', '1:02.03', '01:60.00', 'H01:00.00', '01:00.0', 'abc']) {
      expect(() => parseLapTime(t)).toThrow(DomainError);
    }
  });
});

describe('formatSpeedKmh', () => {
  it('writes one decimal', () => {
    expect(formatSpeedKmh(123.456)).toBe('123.5');
    expect(formatSpeedKmh(0)).toBe('0.0');
    expect(formatSpeedKmh(99.94)).toBe('99.9');
  });
  it('uses the locale decimal separator when asked', () => {
    expect(formatSpeedKmh(1234.56, 'pt-PT')).toBe('1234,6');
    expect(formatSpeedKmh(1234.56, 'en-US')).toBe('1234.6');
  });
  it('shows a dash for a missing speed', () => {
    expect(formatSpeedKmh(NaN)).toBe('-');
  });
});

describe('session names', () => {
  it('turns a file name into the display name and back', () => {
    expect(displayNameFromFileName('20260412_1030_Kartodromo de Braga')).toBe('Kartodromo de Braga 12/04/2026 10H30');
    expect(fileNameFromDisplayName('Kartodromo de Braga 12/04/2026 10H30')).toBe('20260412_1030_Kartodromo de Braga');
  });
  it('gives the local ISO date', () => {
    expect(sessionIsoDate(parseSessionFileName('20260412_1030_Kartodromo de Braga'))).toBe('2026-04-12T10:30:00');
  });
  it('keeps underscores and digits inside the circuit name', () => {
    expect(parseSessionFileName('20261231_2359_Track_2 Night').circuitName).toBe('Track_2 Night');
  });
  it('rejects impossible dates and malformed names', () => {
    for (const n of ['20260230_1030_X', '20261301_1030_X', '20260412_2460_X', '2026041_1030_X', '20260412_1030_', 'nothing']) {
      expect(() => parseSessionFileName(n)).toThrow(DomainError);
    }
  });
  it('round-trips any valid parts', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date(Date.UTC(2000, 0, 1)), max: new Date(Date.UTC(2099, 11, 31)), noInvalidDate: true }),
        fc.string({ minLength: 1, maxLength: 30 }).filter((s) => s.trim() !== '' && !s.includes('\n')),
        (d, name) => {
          const file = `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}${String(d.getUTCDate()).padStart(2, '0')}_${String(d.getUTCHours()).padStart(2, '0')}${String(d.getUTCMinutes()).padStart(2, '0')}_${name}`;
          expect(fileNameFromDisplayName(displayNameFromFileName(file))).toBe(file);
        },
      ),
    );
  });
});

describe('circuit coordinates', () => {
  it('parses lat;lon pairs into points', () => {
    expect(tryParseCoordinates('41.5847;-8.4445;41.585;-8.445')).toEqual({ ok: true, points: [
      { lat: 41.5847, lon: -8.4445 },
      { lat: 41.585, lon: -8.445 },
    ] });
  });
  it('tolerates whitespace and a trailing separator, and reads empty text as no points', () => {
    expect(tryParseCoordinates(' 1.5 ; -2\n;3;4; ')).toEqual({ ok: true, points: [
      { lat: 1.5, lon: -2 },
      { lat: 3, lon: 4 },
    ] });
    expect(tryParseCoordinates('')).toEqual({ ok: true, points: [] });
  });
  it('rejects odd counts, non-numbers and out-of-range values', () => {
    for (const t of ['1;2;3', '1;x', '91;0', '0;181', '1;;2;3']) {
      const r = tryParseCoordinates(t);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error).toBeInstanceOf(DomainError);
    }
  });
  it('round-trips points through text', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ lat: fc.integer({ min: -900_000_000, max: 900_000_000 }).map((k) => k / 1e7), lon: fc.integer({ min: -1_800_000_000, max: 1_800_000_000 }).map((k) => k / 1e7) })),
        (points) => {
          const norm = points.map((p) => ({ lat: p.lat === 0 ? 0 : p.lat, lon: p.lon === 0 ? 0 : p.lon }));
          expect(tryParseCoordinates(formatCoordinates(norm))).toEqual({ ok: true, points: norm });
        },
      ),
    );
  });
});

describe('firmware versions', () => {
  it('compares on the first three numbers', () => {
    expect(compareFirmwareVersions('1.5.2', '1.5.10')).toBe(-1);
    expect(compareFirmwareVersions('2.0.0', '1.99.99')).toBe(1);
    expect(compareFirmwareVersions('1.5.2', 'v1.5.2-rc1')).toBe(0);
    expect(compareFirmwareVersions('1.5.2.9', '1.5.2.1')).toBe(0);
    expect(compareFirmwareVersions('1.5', '1.5.0')).toBe(0);
    expect(compareFirmwareVersions('2-beta', '2.0.0')).toBe(0);
  });
  it('offers an update only for a newer version', () => {
    expect(isFirmwareUpdateAvailable('1.5.2', '1.5.3')).toBe(true);
    expect(isFirmwareUpdateAvailable('1.5.3', '1.5.3')).toBe(false);
    expect(isFirmwareUpdateAvailable('1.6.0', '1.5.3')).toBe(false);
  });
  it('rejects text that is not a version', () => {
    expect(parseFirmwareVersion('10.2.3')).toEqual([10, 2, 3]);
    for (const t of ['', 'abc', '1.x', '.1.2', '1.2.x']) expect(() => parseFirmwareVersion(t)).toThrow(DomainError);
  });
});
