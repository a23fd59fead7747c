import { describe, expect, it } from 'vitest';
import { sessionIdentityFromFileName } from '../../../src/data/repositories/session-identity';

const NOW = '2026-05-01T12:00:00.000Z';

describe('session identity from the file name', () => {
  it("names a device file, dates it in its circuit's zone and links the circuit", async () => {
    const asked: string[] = [];
    const identity = await sessionIdentityFromFileName(
      '20260412_1030_Kartodromo de Braga',
      async (name) => {
        asked.push(name);
        return { id: 3, timeZone: 'Europe/Lisbon' };
      },
      NOW,
    );
    expect(asked).toEqual(['Kartodromo de Braga']);
    expect(identity).toEqual({ name: 'Kartodromo de Braga 12/04/2026 10H30', date: '2026-04-12T09:30:00.000Z', dateAccuracyMs: 60_000, timeZone: 'Europe/Lisbon', circuitId: 3 });
  });

  it('keeps an unknown circuit as no circuit and reads the time on this device', async () => {
    const identity = await sessionIdentityFromFileName('20260412_1030_Nowhere', async () => null, NOW);
    expect(identity).toEqual({ name: 'Nowhere 12/04/2026 10H30', date: new Date(2026, 3, 12, 10, 30).toISOString(), dateAccuracyMs: 60_000, timeZone: null, circuitId: null });
  });

  it('keeps any other file name as the name, dated now, without looking up a circuit', async () => {
    let looked = false;
    const identity = await sessionIdentityFromFileName('my track day', async () => ((looked = true), null), NOW);
    expect(identity).toEqual({ name: 'my track day', date: NOW, dateAccuracyMs: 60_000, timeZone: null, circuitId: null });
    expect(looked).toBe(false);
  });
});
