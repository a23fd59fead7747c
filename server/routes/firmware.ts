import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { FIRMWARE_FILENAME, type FirmwareVersion } from '../../src/contracts/firmware';
import { buildFirmwareImage, FIRMWARE_MAX_BYTES, parseFirmwareImage, sampleFirmwarePayload } from '../../src/domain/firmware-image';
import type { Db, Queryable } from '../db/db';
import { seedTranslation } from '../db/seed';
import { referenceTextKey } from '../../src/contracts/reference-text-keys';
import { ApiError, conflict, notFound } from '../errors';
import { authenticate, caller, requireAdmin } from '../auth/guard';
import { iso } from '../validate';

/**
 * Firmware:
 * - GET /api/firmware/version -> {version, size, sha256, notes, createdAt} of the newest image (auth)
 * - GET /api/firmware -> that image, application/octet-stream, attachment 'firmware_update.ino.bin' (auth)
 * - POST /api/admin/firmware -> multipart with a `file` part (the image) and an optional `notes` field (admin);
 *   the image must pass the same verification ASTRO applies (magic, length, CRC-32), its version is read from it
 *   and may not exceed MAX_VERSION_PART in any part (an image versioned 65535.65535.65535 would stay the newest
 *   for good, and no later release would ever be offered).
 * - POST /api/admin/firmware/:version/withdraw -> the image is no longer offered (admin); the newest image not
 *   withdrawn is served again, and a later upload of any higher version is offered as usual.
 * On first start with no image at all, one real image built by the domain builder is stored, so the simulated
 * ASTRO (which ships with an older version) can be updated on a fresh install.
 */

/**
 * The version seeded on a fresh install; the simulated ASTRO starts one minor version below.
 * @internal Exported for its tests.
 */
export const SEED_FIRMWARE_VERSION = '1.5.0';
const SEED_PAYLOAD_BYTES = 96 * 1024;
const SEED_NOTES = 'Lap timing refinements and faster session downloads.';
/** The seed notes in European Portuguese, written once as their pt-pt translation. */
const SEED_NOTES_PT = 'Melhorias na cronometragem das voltas e transferências de sessões mais rápidas.';
const NOTES_MAX = 2000;

interface FirmwareRow {
  version: string;
  size: number;
  sha256: string;
  notes: string;
  created_at: Date;
}

const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

const toVersion = (r: FirmwareRow): FirmwareVersion => ({ version: r.version, size: r.size, sha256: r.sha256, notes: r.notes, createdAt: iso(r.created_at) });

const NEWEST = 'where withdrawn_at is null order by major desc, minor desc, patch desc, id desc limit 1';

/** The highest number any part of a firmware version may have (real releases are far below). */
const MAX_VERSION_PART = 999;

async function insertImage(q: Queryable, image: Uint8Array, notes: string, userId: number | null): Promise<FirmwareRow> {
  const parsed = parseFirmwareImage(image);
  if (!parsed.ok) throw new ApiError(400, 'VALIDATION', { id: 'firmwareInvalid', params: { reason: parsed.code } });
  const [major, minor, patch] = parsed.image.version.split('.').map(Number);
  if (major > MAX_VERSION_PART || minor > MAX_VERSION_PART || patch > MAX_VERSION_PART) {
    throw new ApiError(400, 'VALIDATION', 'firmwareVersionTooHigh', { file: 'Version above 999.999.999' });
  }
  const rows = await q.query<FirmwareRow>(
    `insert into firmware (version, major, minor, patch, notes, size, sha256, image, uploaded_by)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     on conflict (version) do nothing
     returning version, size, sha256, notes, created_at`,
    [parsed.image.version, major, minor, patch, notes, image.length, sha256Hex(image), Buffer.from(image.buffer, image.byteOffset, image.byteLength), userId],
  );
  if (!rows.length) throw conflict({ id: 'firmwareExists', params: { version: parsed.image.version } });
  return rows[0];
}

/** Stores the seed image when the table is empty (idempotent; concurrent starts meet the unique version). */
async function ensureSeedFirmware(q: Queryable): Promise<void> {
  const any = await q.query('select 1 from firmware limit 1');
  if (any.length) return;
  const built = buildFirmwareImage({ version: SEED_FIRMWARE_VERSION, payload: sampleFirmwarePayload(SEED_FIRMWARE_VERSION, SEED_PAYLOAD_BYTES) });
  if (!built.ok) throw new Error(`seed firmware: ${built.code}`);
  await insertImage(q, built.bytes, SEED_NOTES, null).catch((err: unknown) => {
    if (err instanceof ApiError && err.code === 'CONFLICT') return;
    throw err;
  });
}

/**
 * The seed image's notes get their pt-pt translation once (logged like the other seed rows, so an admin's edit or
 * deletion of it stays), and only while the notes are still the seeded ones.
 */
async function seedNotesTranslation(db: Db): Promise<void> {
  await db.tx(async (q) => {
    const logged = await q.query("insert into reference_seed_log (kind, key) values ('translation', $1) on conflict do nothing returning key", [
      `pt-pt/firmware/${SEED_FIRMWARE_VERSION}/notes`,
    ]);
    if (!logged.length) return;
    const [seeded] = await q.query('select 1 from firmware where version = $1 and notes = $2', [SEED_FIRMWARE_VERSION, SEED_NOTES]);
    if (seeded) await seedTranslation(q, 'pt-pt', referenceTextKey('firmware', SEED_FIRMWARE_VERSION, 'notes'), SEED_NOTES_PT);
  });
}

function asBytes(value: unknown): Buffer {
  if (Buffer.isBuffer(value)) return value;
  if (value instanceof Uint8Array) return Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  throw new Error('unexpected bytea value');
}

export default async function firmwareRoutes(app: FastifyInstance): Promise<void> {
  await ensureSeedFirmware(app.db);
  await seedNotesTranslation(app.db);

  app.get('/firmware/version', { onRequest: authenticate }, async () => {
    const rows = await app.db.query<FirmwareRow>(`select version, size, sha256, notes, created_at from firmware ${NEWEST}`);
    if (!rows.length) throw notFound('noFirmware');
    return toVersion(rows[0]);
  });

  app.get('/firmware', { onRequest: authenticate }, async (_request, reply) => {
    const rows = await app.db.query<{ version: string; sha256: string; image: unknown }>(`select version, sha256, image from firmware ${NEWEST}`);
    if (!rows.length) throw notFound('noFirmware');
    const image = asBytes(rows[0].image);
    return reply
      .header('content-type', 'application/octet-stream')
      .header('content-disposition', `attachment; filename="${FIRMWARE_FILENAME}"`)
      .header('x-firmware-version', rows[0].version)
      .header('x-firmware-sha256', rows[0].sha256)
      .header('etag', `"${rows[0].sha256}"`)
      .header('cache-control', 'no-cache')
      .send(image);
  });

  app.post('/admin/firmware', { onRequest: requireAdmin }, async (request, reply) => {
    if (!request.isMultipart()) throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'firmwareNotMultipart');
    let image: Buffer | null = null;
    let notes = '';
    for await (const part of request.parts({ limits: { fileSize: FIRMWARE_MAX_BYTES, files: 1 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          await part.toBuffer();
          continue;
        }
        image = await part.toBuffer();
        if (part.file.truncated) throw new ApiError(413, 'PAYLOAD_TOO_LARGE', 'firmwareTooLarge');
      } else if (part.fieldname === 'notes') {
        notes = String(part.value ?? '').slice(0, NOTES_MAX);
      }
    }
    if (!image || image.length === 0) throw new ApiError(400, 'VALIDATION', 'firmwareMissing', { file: 'Required' });
    const row = await insertImage(app.db, new Uint8Array(image.buffer, image.byteOffset, image.byteLength), notes, caller(request).id);
    return reply.status(201).send(toVersion(row));
  });

  app.post('/admin/firmware/:version/withdraw', { onRequest: requireAdmin }, async (request) => {
    const { version } = request.params as { version: string };
    const rows = await app.db.query<FirmwareRow>(
      `update firmware set withdrawn_at = coalesce(withdrawn_at, now()) where version = $1
       returning version, size, sha256, notes, created_at`,
      [version],
    );
    if (!rows.length) throw notFound('firmwareNotFound');
    return toVersion(rows[0]);
  });
}
