import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOOK_TIMEOUT_MS, createHarness, type Harness } from '../helpers/server-harness';
import { lapsText, nmeaText, sessionPayload } from '../helpers/session-fixtures';
import { sliceLapsLine, slicePositions } from '../../server/sharing/lap-slice';

/** One lap out of a session's texts, and the lap-slice route under any parameters an attacker may send. */
describe('slicing one lap', () => {
  it("keeps only the lap's lines, with times from its first fix", () => {
    const text = '1;0;41.1;-8.1;50.0\n1;40;41.2;-8.2;51.0\n2;80;41.3;-8.3;52.0\n2;120;41.4;-8.4;53.0\n12;160;41.5;-8.5;54.0\n';
    expect(slicePositions(text, 2)).toBe('2;0;41.3;-8.3;52.0\n2;40;41.4;-8.4;53.0\n');
    expect(slicePositions(text, 1)).toBe('1;0;41.1;-8.1;50.0\n1;40;41.2;-8.2;51.0\n');
    expect(slicePositions(text, 12)).toBe('12;0;41.5;-8.5;54.0\n');
    expect(slicePositions(text, 3)).toBe('');
  });

  it('takes lines without a time as they are, CRLF line ends, a last line without one, and a lap in two runs', () => {
    expect(slicePositions('1;41.1;-8.1;50\r\n2;41.2;-8.2;51\r\n', 2)).toBe('2;41.2;-8.2;51\n');
    expect(slicePositions('2;100;41.1;-8.1;50\n3;140;41.2;-8.2;51\n2;180;41.3;-8.3;52', 2)).toBe('2;0;41.1;-8.1;50\n2;80;41.3;-8.3;52\n');
  });

  it("agrees with a line-by-line reference on generated sessions", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 12 }), { minLength: 0, maxLength: 60 }), fc.integer({ min: 1, max: 12 }), (laps, n) => {
        const text = laps.map((l, i) => `${l};${1000 + i * 40};41.${i};-8.${i};60.0`).join('\n') + (laps.length ? '\n' : '');
        const mine = text.split('\n').filter((l) => l.startsWith(`${n};`));
        const t0 = mine.length ? Number(mine[0].split(';')[1]) : 0;
        const want = mine.map((l) => { const f = l.split(';'); f[1] = String(Number(f[1]) - t0); return f.join(';'); });
        expect(slicePositions(text, n)).toBe(want.length ? want.join('\n') + '\n' : '');
      }),
    );
  });

  it("finds the lap's laps line by its lap number", () => {
    const laps = lapsText([61_000, 60_500, 62_000]);
    expect(sliceLapsLine(laps, 2)).toBe(laps.split('\n')[1]);
    expect(sliceLapsLine(laps, 9)).toBe('');
  });
});

describe('the lap-slice route under any parameters', () => {
  let h: Harness;
  let privateId = 0;
  let publicId = 0;
  beforeAll(async () => {
    h = await createHarness();
    const post = async (name: string) => {
      const res = await h.inject({ method: 'POST', url: '/api/sessions', headers: h.racer.headers, payload: sessionPayload({ name, circuitId: 1, laps: lapsText([61_000, 60_000, 62_000]), coordinates: nmeaText(3200) }) });
      return (res.json() as { id: number }).id;
    };
    privateId = await post('Private outing');
    publicId = await post('Public outing');
    await h.inject({ method: 'PATCH', url: `/api/sessions/${publicId}`, headers: h.racer.headers, payload: { visibility: 'public' } });
  }, HOOK_TIMEOUT_MS);
  afterAll(async () => {
    await h?.close();
  }, HOOK_TIMEOUT_MS);

  it("never serves another racer's private session, nor more than one lap of a public one, whatever the ids, lap numbers and ranges", async () => {
    const segment = fc.oneof(
      fc.integer({ min: -5, max: 5 }).map(String),
      fc.constantFrom(String(privateId), String(publicId), '0', '00', '1e3', '2147483648', '99999999999', '1.5', '-1', '1;2', '%2e%2e', '..', '*', '1,2', '0x10', ' 1'),
      fc.integer({ min: 1, max: 2_147_483_647 }).map(String),
      fc.string({ maxLength: 12 }).map(encodeURIComponent),
    );
    const query = fc.constantFrom('', '?from=0&to=99999', '?lap=1', '?all=1', '?laps=1-3');
    await fc.assert(
      fc.asyncProperty(segment, segment, query, async (id, lap, q) => {
        const res = await h.inject({ method: 'GET', url: `/api/shared-laps/${id}/${lap}${q}`, headers: h.other.headers });
        expect([200, 400, 404]).toContain(res.statusCode);
        expect(res.body).not.toContain('Private outing');
        expect(res.body).not.toContain('Public outing');
        if (res.statusCode === 200) {
          expect(id).toBe(String(publicId));
          const body = res.json() as { coordinates: string; lapNumber: number };
          const laps = new Set(body.coordinates.trim().split('\n').map((l) => l.split(';')[0]));
          expect([...laps]).toEqual([String(body.lapNumber)]);
        } else {
          expect(res.body).not.toMatch(/\d;\d+;41\.5/);
        }
      }),
      { numRuns: 300 },
    );
  });
});
