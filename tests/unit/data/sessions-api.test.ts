import { describe, expect, it } from 'vitest';
import { decodeColumnarText } from '../../helpers/columnar-text';
import { COLUMNAR_SESSION_MEDIA_TYPE } from '../../../src/contracts/columnar-text';
import type { ColumnarText } from '../../../src/contracts/columnar-format';
import { createHttpClient } from '../../../src/data/api/http-client';
import { createSessionsApi } from '../../../src/data/api/sessions-api';
import { GZIP_THRESHOLD_BYTES } from '../../../src/contracts/session-upload';
import { json, scriptedFetch } from './fake-server';

const summary = (over: Record<string, unknown> = {}) => ({
  id: 5, name: 'S', filename: '20260412_1030_S', userId: 1, circuitId: null, vehicleCategoryId: null, date: '2026-04-12T10:30:00.000Z',
  favorite: false, weatherConditions: null, lapsBytes: 1, coordinatesBytes: 1, bestLapMs: null, lapCount: 0, circuit: null,
  vehicleCategory: null, user: { firstName: 'Ana' }, createdAt: '2026-04-12T10:30:00.000Z', updatedAt: '2026-04-12T10:30:00.000Z', ...over,
});

function positions(n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += `${Math.floor(i / 1500)};${i * 40};${(41.5847 - i * 1.3e-6).toFixed(7)};-8.4483475;${45 + (i % 7)}\r\n`;
  return s;
}

const write = (coordinates: string) => ({ name: 'S', filename: '20260412_1030_S', date: '2026-04-12T10:30:00', laps: '1;1;65000;20000;22000;23000\n', coordinates });

async function sentBody(rawBody: unknown): Promise<Record<string, unknown>> {
  const text = await new Response((rawBody as Blob).stream().pipeThrough(new DecompressionStream('gzip'))).text();
  return JSON.parse(text) as Record<string, unknown>;
}

describe('sessions API uploads', () => {
  for (const method of ['create', 'update'] as const) {
    it(`${method} sends a big session's positions column by column, gzipped, and the server's decoder gets the exact text back`, async () => {
      const { fetchFn, requests } = scriptedFetch(() => json(method === 'create' ? 201 : 200, summary()));
      const api = createSessionsApi(createHttpClient({ fetchFn }));
      const body = write(positions(20_000));
      await (method === 'create' ? api.create(body) : api.update(5, body));
      const req = requests[0];
      expect(req.method).toBe(method === 'create' ? 'POST' : 'PUT');
      expect(req.headers['content-type']).toBe(COLUMNAR_SESSION_MEDIA_TYPE);
      expect(req.headers['content-encoding']).toBe('gzip');
      const sent = await sentBody(req.rawBody);
      const { coordinates, ...rest } = sent;
      expect(rest).toEqual({ name: body.name, filename: body.filename, date: body.date, laps: body.laps });
      expect(decodeColumnarText(coordinates as ColumnarText, 40 * 1024 * 1024)).toBe(body.coordinates);
      // Smaller on the wire than the same body as gzipped JSON.
      const gzJson = await new Response(new Blob([JSON.stringify(body)]).stream().pipeThrough(new CompressionStream('gzip'))).blob();
      expect((req.rawBody as Blob).size).toBeLessThan(gzJson.size * 0.8);
    });
  }

  it('sends a small session as plain JSON, uncompressed', async () => {
    const { fetchFn, requests } = scriptedFetch(() => json(201, summary()));
    const api = createSessionsApi(createHttpClient({ fetchFn }));
    const body = write(positions(10));
    expect(body.coordinates.length).toBeLessThan(GZIP_THRESHOLD_BYTES);
    await api.create(body);
    expect(requests[0].headers['content-type']).toBe('application/json');
    expect(requests[0].headers['content-encoding']).toBeUndefined();
    expect(requests[0].body).toEqual(body);
  });
});
