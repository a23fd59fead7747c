import { describe, expect, it } from 'vitest';
import { decodeColumnarText } from '../../helpers/columnar-text';
import { expose } from 'comlink';
import { createAnalysisClient } from '../../../src/analysis/analysis-client';
import type { WorkerLike } from '../../../src/analysis/worker-bridge';
import { encodeSessionUpload } from '../../../workers/analysis-api';
import { workerApi } from '../../../workers/analysis-worker-api';
import { COLUMNAR_SESSION_MEDIA_TYPE } from '../../../src/contracts/columnar-text';
import type { ColumnarText } from '../../../src/contracts/columnar-format';
import type { SessionUpload } from '../../../src/contracts/session-upload';
import { createHttpClient } from '../../../src/data/api/http-client';
import { createSessionsApi } from '../../../src/data/api/sessions-api';
import { toStoredBytes } from '../../../src/data/repositories/bytes';
import { sessionsSyncTransport, type SessionUploadEncoder } from '../../../src/data/sync/sync-transport';
import { serializeLaps, serializePositions } from '../../../src/domain/serialize-session';
import { syntheticSession } from '../../helpers/synthetic-session';
import { json, scriptedFetch } from '../data/fake-server';

/**
 * The page's sync engine reads and encodes a session upload in the analysis worker (no main-thread task of
 * several hundred ms for a 7 h session); the service worker and tests do it inline. Both must put the same bytes
 * on the wire.
 */

const session = syntheticSession({ fixes: 25 * 600, seed: 11 });
const coordinates = serializePositions(session.positions);
const laps = serializeLaps(session.laps);

/** The upload as the outbox store hands it over: the row's fields and its stored Blobs. */
const upload = (texts: { coordinates: SessionUpload['coordinates']; laps: SessionUpload['laps'] } = { coordinates: toStoredBytes(new TextEncoder().encode(coordinates)), laps: toStoredBytes(new TextEncoder().encode(laps)) }): SessionUpload => ({
  name: 'Worker upload',
  filename: '20260412_1030_Worker upload',
  circuitId: 3,
  vehicleCategoryId: null,
  date: '2026-04-12T10:30:00',
  ...texts,
  favorite: true,
  weatherConditions: null,
});

const summary = {
  id: 5, name: 'Worker upload', filename: '20260412_1030_Worker upload', userId: 1, circuitId: 3, vehicleCategoryId: null, date: '2026-04-12T10:30:00.000Z',
  favorite: true, weatherConditions: null, lapsBytes: 1, coordinatesBytes: 1, bestLapMs: null, lapCount: 0, circuit: null,
  vehicleCategory: null, user: { firstName: 'Ana' }, createdAt: '2026-04-12T10:30:00.000Z', updatedAt: '2026-04-12T10:30:00.000Z',
};

/** A "worker" made of a MessageChannel exposing what analysis.worker.ts exposes for uploads. */
function fakeWorker(): WorkerLike {
  const { port1, port2 } = new MessageChannel();
  expose(workerApi, port1 as never);
  return Object.assign(port2 as never as WorkerLike, {
    terminate: () => {
      port1.close();
      port2.close();
    },
  });
}

/** Sends `u` through the sync transport over the real HTTP client; the request as it went out. */
async function send(u: SessionUpload, encodeUpload?: SessionUploadEncoder) {
  const { fetchFn, requests } = scriptedFetch(() => json(201, summary));
  const transport = sessionsSyncTransport(createSessionsApi(createHttpClient({ fetchFn })), { encodeUpload });
  await transport.create(u);
  expect(requests).toHaveLength(1);
  const req = requests[0];
  const wire = new Uint8Array(await new Response(req.rawBody as BodyInit).arrayBuffer());
  const gunzipped =
    req.headers['content-encoding'] === 'gzip'
      ? new Uint8Array(await new Response(new Blob([wire]).stream().pipeThrough(new DecompressionStream('gzip'))).arrayBuffer())
      : wire;
  return { req, wire, gunzipped };
}

/** The session the server gets out of a columnar body. */
function decoded(bytes: Uint8Array) {
  const body = JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>;
  return { ...body, coordinates: decodeColumnarText(body.coordinates as ColumnarText, 64 * 1024 * 1024) };
}

describe('session upload encoded in the analysis worker', () => {
  it('puts exactly the bytes of the inline path on the wire, which decode to the stored session', async () => {
    const client = createAnalysisClient({ createWorker: fakeWorker });
    let calls = 0;
    const viaWorker = await send(upload(), (u, signal) => {
      calls++;
      return client.encodeSessionUpload(u, { signal });
    });
    const inline = await send(upload());
    client.dispose();
    expect(calls).toBe(1);

    expect(viaWorker.req.headers['content-type']).toBe(COLUMNAR_SESSION_MEDIA_TYPE);
    expect(viaWorker.req.headers['content-encoding']).toBe('gzip');
    expect(viaWorker.req.headers).toEqual(inline.req.headers);
    expect(viaWorker.gunzipped).toEqual(inline.gunzipped);
    expect(viaWorker.wire).toEqual(inline.wire);

    const session = decoded(viaWorker.gunzipped);
    expect(session).toEqual(decoded(inline.gunzipped));
    expect(session).toEqual({ ...upload(), coordinates, laps });
  });

  it('reads ArrayBuffers of older rows too, transferring them into the worker', async () => {
    const client = createAnalysisClient({ createWorker: fakeWorker });
    const nmea = new TextEncoder().encode(coordinates).buffer as ArrayBuffer;
    const encoded = await client.encodeSessionUpload(upload({ coordinates: nmea, laps: new TextEncoder().encode(laps).buffer as ArrayBuffer }));
    client.dispose();
    expect(nmea.byteLength).toBe(0); // transferred
    expect(encoded.contentType).toBe(COLUMNAR_SESSION_MEDIA_TYPE);
    expect(encoded.gzip).toBe(true);
    expect(decoded(encoded.bytes)).toEqual({ ...upload(), coordinates, laps });
  });

  it('sends a small session pre-serialised as the same plain, uncompressed JSON as the inline path', async () => {
    const small = upload({ coordinates: toStoredBytes(new TextEncoder().encode('1;0;41.1;-8.1;50.5\n')), laps: '1;0;0;0;0\n' });
    const viaWorker = await send(small, (u) => encodeSessionUpload(u));
    const { fetchFn, requests } = scriptedFetch(() => json(201, summary));
    await sessionsSyncTransport(createSessionsApi(createHttpClient({ fetchFn })), {}).create(small);
    expect(viaWorker.req.headers['content-type']).toBe('application/json');
    expect(viaWorker.req.headers['content-encoding']).toBeUndefined();
    expect(new TextDecoder().decode(viaWorker.wire)).toBe(requests[0].rawBody);
  });

  it('uploads inline when the worker fails, and stops when the upload was cancelled', async () => {
    const failing: SessionUploadEncoder = () => Promise.reject(new Error('worker could not start'));
    const fallback = await send(upload(), failing);
    const inline = await send(upload());
    expect(fallback.wire).toEqual(inline.wire);

    const { fetchFn, requests } = scriptedFetch(() => json(201, summary));
    const transport = sessionsSyncTransport(createSessionsApi(createHttpClient({ fetchFn })), { encodeUpload: failing });
    const controller = new AbortController();
    controller.abort();
    await expect(transport.create(upload(), controller.signal)).rejects.toThrow('worker could not start');
    expect(requests).toHaveLength(0);
  });
});
