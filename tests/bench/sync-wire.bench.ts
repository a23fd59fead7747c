/**
 * Sync wire benchmark: bytes on the wire for a session upload vs the raw texts. Runs the app's own upload path
 * (createSessionsApi(...).create over createHttpClient - the sync engine's transport - which sends bodies above
 * GZIP_THRESHOLD_BYTES with the position text column by column, gzip-compressed with CompressionStream) against a
 * capturing fetch, for the worst case (7 h at 25 Hz, 630,000 position lines) and a typical 20 min kart session.
 * The captured body is decoded the way the server does it and must give back the exact texts, or the run fails.
 * Target: <= 7 MB on the wire for the 7 h session (reported against 7 MiB and 7,000,000 B).
 */
import { gzipSync } from 'node:zlib';
import { decodeColumnarText } from '../helpers/columnar-text';
import { COLUMNAR_SESSION_MEDIA_TYPE } from '../../src/contracts/columnar-text';
import type { ColumnarText } from '../../src/contracts/columnar-format';
import { createHttpClient } from '../../src/data/api/http-client';
import { createSessionsApi } from '../../src/data/api/sessions-api';
import { SESSION_BODY_LIMIT } from '../../server/limits';
import { loadSession } from './domain-data';

const MB = 1024 * 1024;

async function measure(name: string, fixes: number) {
  const s = loadSession(name, fixes);
  const coordinates = new TextDecoder().decode(s.nmea);
  const body = { name: `Bench ${name}`, filename: `20260412_1030_Bench ${name}`, date: '2026-04-12T10:30:00', laps: s.laps, coordinates };
  let wireBytes = 0;
  let encoding = 'identity';
  let contentType = '';
  let sent: BodyInit | null | undefined;
  const fetchFn = (async (_url: RequestInfo | URL, init?: RequestInit) => {
    sent = init?.body;
    wireBytes = sent instanceof Blob ? sent.size : typeof sent === 'string' ? Buffer.byteLength(sent) : 0;
    encoding = (init?.headers as Record<string, string>)['Content-Encoding'] ?? 'identity';
    contentType = (init?.headers as Record<string, string>)['Content-Type'] ?? '';
    const now = new Date().toISOString();
    const summary = {
      id: 1, name: body.name, filename: body.filename, userId: 1, circuitId: null, vehicleCategoryId: null, date: now, favorite: false,
      weatherConditions: null, lapsBytes: 0, coordinatesBytes: 0, bestLapMs: null, lapCount: 0, circuit: null, vehicleCategory: null,
      user: { firstName: 'B' }, createdAt: now, updatedAt: now,
    };
    return new Response(JSON.stringify(summary), { status: 201, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  const api = createSessionsApi(createHttpClient({ fetchFn }));
  const rawBytes = Buffer.byteLength(coordinates) + Buffer.byteLength(s.laps);
  const t0 = performance.now();
  await api.create(body);
  const uploadPrepMs = performance.now() - t0;
  // Honesty check: what was sent decodes (as the server does) to exactly the session's texts.
  let bytes = new Uint8Array(await new Response(sent as BodyInit).arrayBuffer());
  if (encoding === 'gzip') bytes = new Uint8Array(await new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'))).arrayBuffer());
  const got = JSON.parse(new TextDecoder().decode(bytes)) as { laps: string; coordinates: string | ColumnarText };
  const gotCoordinates = contentType === COLUMNAR_SESSION_MEDIA_TYPE ? decodeColumnarText(got.coordinates as ColumnarText, SESSION_BODY_LIMIT) : got.coordinates;
  if (gotCoordinates !== coordinates || got.laps !== s.laps) throw new Error(`${name}: the uploaded body does not decode to the session's texts`);
  const jsonBody = JSON.stringify(body);
  return {
    fixes,
    rawTextBytes: rawBytes,
    jsonBodyBytes: Buffer.byteLength(jsonBody),
    /** The same session as plain JSON, gzipped (zlib level 6, like CompressionStream): the format before columns. */
    gzipJsonBytes: gzipSync(jsonBody).length,
    wireBytes,
    contentType,
    contentEncoding: encoding,
    wireVsRaw: Number((wireBytes / rawBytes).toFixed(3)),
    wireMiB: Number((wireBytes / MB).toFixed(2)),
    wireMBDecimal: Number((wireBytes / 1e6).toFixed(2)),
    /** Column encoding + JSON serialisation + gzip of the body in this process (Node's CompressionStream). */
    prepareMs: Math.round(uploadPrepMs),
  };
}

export default async function syncWireBench(): Promise<Record<string, unknown>> {
  const sevenHours = await measure('7h', 7 * 3600 * 25);
  console.log(
    `# sync-wire: 7 h session ${(sevenHours.rawTextBytes / MB).toFixed(1)} MiB raw -> ${sevenHours.wireMiB} MiB = ${sevenHours.wireMBDecimal} MB on the wire (${sevenHours.contentType}, ${sevenHours.contentEncoding}; gzipped JSON would be ${(sevenHours.gzipJsonBytes / 1e6).toFixed(2)} MB)`,
  );
  const twentyMinutes = await measure('20min', 20 * 60 * 25);
  // The '7 MB' read both ways: 7 MiB and 7,000,000 bytes.
  return { sevenHours, twentyMinutes, target7hMetMiB: sevenHours.wireBytes <= 7 * MB, target7hMetDecimal: sevenHours.wireBytes <= 7e6 };
}
