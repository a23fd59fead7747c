import { describe, expect, it } from 'vitest';
import { createI18n, translateMessage } from '../../../../src/app/i18n/setup';
import { MissingKeyCollector } from '../../../../src/app/i18n/missing-keys';
import { failureText } from '../../../../src/features/device/failure-text';
import { deviceI18n } from '../../../../src/features/device/i18n';
import { mergeSessionRows, newOnDevice, onlyCopies } from '../../../../src/features/device/session-rows';

const A = '20260412_1030_Kartodromo de Braga';
const B = '20260413_0915_Circuito do Estoril';
const C = '20260101_0900_Jerez';

describe('device screen session list', () => {
  it('merges device, queue and local sessions into one list by filename, newest first', () => {
    const rows = mergeSessionRows(
      [{ filename: A, lapsBytes: 10, nmeaBytes: 90 }, { filename: B, lapsBytes: 5, nmeaBytes: 5 }],
      [{ filename: B, state: 'In Progress', progress: 40 }],
      [
        { localId: 1, filename: A, inCloud: true, syncState: 'Completed', lastError: null, bestLapMs: null, lapCount: null, durationMs: null },
        { localId: 3, filename: C, inCloud: false, syncState: 'Failed', lastError: { text: 'Failed to update session', id: 'sessionUpdateFailed' }, bestLapMs: null, lapCount: null, durationMs: null },
      ],
    );
    expect(rows.map((r) => [r.filename, r.inAstro, r.inCloud, r.state, r.progress])).toEqual([
      [B, true, false, 'In Progress', 40],
      [A, true, true, 'Completed', null],
      [C, false, false, 'Failed', null],
    ]);
    expect(rows[1]).toMatchObject({ name: 'Kartodromo de Braga 12/04/2026 10H30', bytes: 100 });
    expect(rows[2].failure).toEqual({ message: { text: 'Failed to update session', id: 'sessionUpdateFailed' } });
  });

  it("shows the listing's size before a download and the session's best lap, laps and duration once the app has it", () => {
    const rows = mergeSessionRows([{ filename: A, lapsBytes: 10, nmeaBytes: 90 }, { filename: B, lapsBytes: 5, nmeaBytes: 5 }], [], [
      { localId: 1, filename: A, inCloud: false, syncState: 'Pending', lastError: null, bestLapMs: 61_230, lapCount: 7, durationMs: 432_000 },
    ]);
    expect(rows.find((r) => r.filename === A)).toMatchObject({ bytes: 100, bestLapMs: 61_230, lapCount: 7, durationMs: 432_000 });
    expect(rows.find((r) => r.filename === B)).toMatchObject({ bytes: 10, bestLapMs: null, lapCount: null, durationMs: null });
  });

  it('a session only on the device is Pending; one downloaded but not uploaded shows its sync state', () => {
    const rows = mergeSessionRows([{ filename: A, lapsBytes: 1, nmeaBytes: 1 }, { filename: B, lapsBytes: 1, nmeaBytes: 1 }], [], [
      { localId: 2, filename: B, inCloud: false, syncState: 'In Progress', lastError: null, bestLapMs: null, lapCount: null, durationMs: null },
    ]);
    expect(rows.find((r) => r.filename === A)?.state).toBe('Pending');
    expect(rows.find((r) => r.filename === B)).toMatchObject({ state: 'Uploading', onThisDevice: true, inCloud: false });
  });

  it('a failed transfer shows Failed with its reason even if an older copy exists', () => {
    const rows = mergeSessionRows([{ filename: A, lapsBytes: 1, nmeaBytes: 1 }], [{ filename: A, state: 'Failed', progress: 0, failure: { code: 'gap', detail: 'chunk 4, expected 3' } }], []);
    expect(rows[0]).toMatchObject({ state: 'Failed', failure: { code: 'gap', detail: 'chunk 4, expected 3' } });
  });

  it('keeps an unparseable file name as its own display name', () => {
    expect(mergeSessionRows([{ filename: 'odd-name', lapsBytes: 1, nmeaBytes: 1 }], [], [])[0].name).toBe('odd-name');
  });
});

describe('the failure shown for a session', () => {
  const storage = { getItem: () => null, setItem: () => undefined, removeItem: () => undefined, clear: () => undefined, key: () => null, length: 0 } as Storage;
  it('is the reason in the user language, never the transfer detail', () => {
    const pt = createI18n({ locale: 'pt-pt', withReact: false, collector: new MissingKeyCollector(storage) });
    pt.addResourceBundle('pt-pt', 'device', deviceI18n['pt-pt']);
    const t = pt.getFixedT('pt-pt', 'device');
    expect(failureText(t, { code: 'gap', detail: 'chunk 4, expected 3' })).toBe('falta um bloco');
    expect(failureText(t, { code: 'storage-full', detail: 'QuotaExceededError' })).toMatch(/^este dispositivo ficou sem espaço/);
    expect(failureText(t, { code: 'device-error', detail: 'SESSION_NOT_FOUND' })).not.toBe('SESSION_NOT_FOUND');
    expect(failureText(t, { message: { text: 'Failed to update session', id: 'sessionUpdateFailed' } }, (m) => translateMessage(m, pt))).toBe('Falha ao atualizar a sessão');
    expect(failureText(t, { message: { text: 'HTTP 502 from a proxy' } }, (m) => translateMessage(m, pt))).toBe('HTTP 502 from a proxy');
    expect(failureText(t, null)).toBe('');
  });
});

describe('what the device list offers', () => {
  const A = '20260412_1030_Kartodromo de Braga';
  const B = '20260413_0915_Circuito do Estoril';
  const C = '20260414_1600_Kartodromo Internacional do Algarve';
  const device = [A, B, C].map((filename) => ({ filename, lapsBytes: 10, nmeaBytes: 90 }));

  it("reads a stopped download as 'Stopped' while its state stays Failed, and a real failure as Failed", () => {
    const rows = mergeSessionRows(
      device,
      [
        { filename: A, state: 'Failed', progress: 30, failure: { code: 'stopped', detail: 'Transfer stopped' } },
        { filename: B, state: 'Failed', progress: 30, failure: { code: 'gap', detail: 'chunk 4, expected 3' } },
      ],
      [],
    );
    expect(rows.find((r) => r.filename === A)).toMatchObject({ state: 'Failed', shownState: 'Stopped' });
    expect(rows.find((r) => r.filename === B)).toMatchObject({ state: 'Failed', shownState: 'Failed' });
  });

  it("'Download all new' takes only what this app has no copy of and nothing already running", () => {
    const rows = mergeSessionRows(device, [{ filename: B, state: 'In Progress', progress: 20 }], [
      { localId: 4, filename: C, inCloud: false, syncState: 'Pending', lastError: null, bestLapMs: null, lapCount: null, durationMs: null },
    ]);
    expect(newOnDevice(rows)).toEqual([A]);
    expect(rows.find((r) => r.filename === C)?.localId).toBe(4);
  });

  it('names the sessions whose only copy is on ASTRO among those to delete', () => {
    const rows = mergeSessionRows(device, [], [
      { localId: 1, filename: A, inCloud: false, syncState: 'Pending', lastError: null, bestLapMs: null, lapCount: null, durationMs: null },
      { localId: 2, filename: B, inCloud: true, syncState: 'Completed', lastError: null, bestLapMs: null, lapCount: null, durationMs: null },
    ]);
    expect(onlyCopies(rows, [A, B, C]).map((r) => r.filename)).toEqual([C]);
    expect(onlyCopies(rows, [A, B])).toEqual([]);
  });
});
