import { describe, expect, it } from 'vitest';
import { createI18n, translateMessage } from '../../../../src/app/i18n/setup';
import { MissingKeyCollector } from '../../../../src/app/i18n/missing-keys';
import { failureText } from '../../../../src/features/device/failure-text';
import { deviceI18n } from '../../../../src/features/device/i18n';
import { mergeSessionRows } from '../../../../src/features/device/session-rows';

const A = '20260412_1030_Kartodromo de Braga';
const B = '20260413_0915_Circuito do Estoril';
const C = '20260101_0900_Jerez';

describe('device screen session list', () => {
  it('merges device, queue and local sessions into one list by filename, newest first', () => {
    const rows = mergeSessionRows(
      [{ filename: A, lapsBytes: 10, nmeaBytes: 90 }, { filename: B, lapsBytes: 5, nmeaBytes: 5 }],
      [{ filename: B, state: 'In Progress', progress: 40 }],
      [
        { filename: A, inCloud: true, syncState: 'Completed', lastError: null },
        { filename: C, inCloud: false, syncState: 'Failed', lastError: 'Failed to update session' },
      ],
    );
    expect(rows.map((r) => [r.filename, r.inAstro, r.inCloud, r.state, r.progress])).toEqual([
      [B, true, false, 'In Progress', 40],
      [A, true, true, 'Completed', null],
      [C, false, false, 'Failed', null],
    ]);
    expect(rows[1]).toMatchObject({ name: 'Kartodromo de Braga 12/04/2026 10H30', bytes: 100 });
    expect(rows[2].failure).toEqual({ message: 'Failed to update session' });
  });

  it('a session only on the device is Pending; one downloaded but not uploaded shows its sync state', () => {
    const rows = mergeSessionRows([{ filename: A, lapsBytes: 1, nmeaBytes: 1 }, { filename: B, lapsBytes: 1, nmeaBytes: 1 }], [], [
      { filename: B, inCloud: false, syncState: 'In Progress', lastError: null },
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
    expect(failureText(t, { message: 'Failed to update session' }, (m) => translateMessage(m, pt))).toBe('Falha ao atualizar a sessão');
    expect(failureText(t, null)).toBe('');
  });
});
