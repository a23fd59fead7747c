import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firmwareVersionSchema } from '../../src/contracts/firmware';
import { buildFirmwareImage, parseFirmwareImage, sampleFirmwarePayload } from '../../src/domain/firmware-image';
import { SEED_FIRMWARE_VERSION } from '../../server/routes/firmware';
import { createHarness, type Harness } from '../helpers/server-harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
}, 60_000);
afterAll(async () => {
  await h?.close();
});

function image(version: string, size = 2048): Buffer {
  const built = buildFirmwareImage({ version, payload: sampleFirmwarePayload(version, size) });
  if (!built.ok) throw new Error(built.code);
  return Buffer.from(built.bytes);
}

function multipart(file: Buffer | null, notes?: string) {
  const boundary = '----astro' + Math.random().toString(16).slice(2);
  const parts: Buffer[] = [];
  if (notes !== undefined) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="notes"\r\n\r\n${notes}\r\n`));
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="firmware_update.ino.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`));
    parts.push(file, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('firmware API', () => {
  it('a fresh install offers a seeded image that passes the device verification and matches its sha256', async () => {
    const v = await h.inject({ method: 'GET', url: '/api/firmware/version', headers: h.racer.headers });
    expect(v.statusCode).toBe(200);
    const info = firmwareVersionSchema.parse(v.json());
    expect(info.version).toBe(SEED_FIRMWARE_VERSION);
    const bin = await h.inject({ method: 'GET', url: '/api/firmware', headers: h.racer.headers });
    expect(bin.statusCode).toBe(200);
    expect(bin.headers['content-type']).toBe('application/octet-stream');
    expect(bin.headers['content-disposition']).toBe('attachment; filename="firmware_update.ino.bin"');
    const bytes = bin.rawPayload;
    expect(bytes.length).toBe(info.size);
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(info.sha256);
    const parsed = parseFirmwareImage(new Uint8Array(bytes));
    expect(parsed.ok && parsed.image.version).toBe(SEED_FIRMWARE_VERSION);
  });

  it('requires a signed-in user to read, and an admin to upload', async () => {
    expect((await h.inject({ method: 'GET', url: '/api/firmware/version' })).statusCode).toBe(401);
    expect((await h.inject({ method: 'GET', url: '/api/firmware' })).statusCode).toBe(401);
    const body = multipart(image('9.9.9'));
    expect((await h.inject({ method: 'POST', url: '/api/admin/firmware', ...body })).statusCode).toBe(401);
    const racer = await h.inject({ method: 'POST', url: '/api/admin/firmware', payload: body.payload, headers: { ...body.headers, ...h.racer.headers } });
    expect(racer.statusCode).toBe(403);
  });

  it('an admin uploads a newer image, which then becomes the one served', async () => {
    const file = image('1.6.2', 5000);
    const body = multipart(file, 'Faster GNSS lock.');
    const res = await h.inject({ method: 'POST', url: '/api/admin/firmware', payload: body.payload, headers: { ...body.headers, ...h.admin.headers } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ version: '1.6.2', size: file.length, notes: 'Faster GNSS lock.', sha256: createHash('sha256').update(file).digest('hex') });
    const v = await h.inject({ method: 'GET', url: '/api/firmware/version', headers: h.racer.headers });
    expect(v.json()).toMatchObject({ version: '1.6.2' });
    const bin = await h.inject({ method: 'GET', url: '/api/firmware', headers: h.racer.headers });
    expect(Buffer.compare(bin.rawPayload, file)).toBe(0);
    // An older upload does not replace the newest.
    const older = multipart(image('1.5.1'));
    expect((await h.inject({ method: 'POST', url: '/api/admin/firmware', payload: older.payload, headers: { ...older.headers, ...h.admin.headers } })).statusCode).toBe(201);
    expect((await h.inject({ method: 'GET', url: '/api/firmware/version', headers: h.racer.headers })).json()).toMatchObject({ version: '1.6.2' });
  });

  it('rejects a corrupt image, a missing file and a duplicate version', async () => {
    const corrupt = image('2.0.0');
    corrupt[40] ^= 0xff;
    const bad = multipart(corrupt);
    const r1 = await h.inject({ method: 'POST', url: '/api/admin/firmware', payload: bad.payload, headers: { ...bad.headers, ...h.admin.headers } });
    expect(r1.statusCode).toBe(400);
    expect(r1.json()).toMatchObject({ code: 'VALIDATION', message: 'The firmware image is invalid (bad-checksum).', messageId: 'firmwareInvalid', params: { reason: 'bad-checksum' } });
    const none = multipart(null, 'no file');
    expect((await h.inject({ method: 'POST', url: '/api/admin/firmware', payload: none.payload, headers: { ...none.headers, ...h.admin.headers } })).statusCode).toBe(400);
    const dup = multipart(image(SEED_FIRMWARE_VERSION));
    const r3 = await h.inject({ method: 'POST', url: '/api/admin/firmware', payload: dup.payload, headers: { ...dup.headers, ...h.admin.headers } });
    expect(r3.statusCode).toBe(409);
    const json = await h.inject({ method: 'POST', url: '/api/admin/firmware', payload: { file: 'x' }, headers: h.admin.headers });
    expect(json.statusCode).toBe(415);
  });
});

describe('firmware versions and withdrawal', () => {
  const upload = (version: string) => {
    const body = multipart(image(version));
    return h.inject({ method: 'POST', url: '/api/admin/firmware', payload: body.payload, headers: { ...h.admin.headers, ...body.headers } });
  };
  const offered = async () => (await h.inject({ method: 'GET', url: '/api/firmware/version', headers: h.racer.headers })).json().version as string;

  it('an image versioned 65535.65535.65535 (or any part above 999) is refused, so it cannot pin every device', async () => {
    const before = await offered();
    for (const version of ['65535.65535.65535', '1000.0.0', '1.1000.0', '1.0.1000']) {
      const res = await upload(version);
      expect(res.statusCode, version).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', message: 'The firmware version may not exceed 999.999.999.' });
    }
    expect(await offered()).toBe(before);
  });

  it('an admin withdraws the newest image: the one before is offered again, and a later version is offered after it', async () => {
    const before = await offered();
    expect((await upload('900.0.0')).statusCode).toBe(201);
    expect(await offered()).toBe('900.0.0');
    const anyone = await h.inject({ method: 'POST', url: '/api/admin/firmware/900.0.0/withdraw', headers: h.racer.headers });
    expect(anyone.statusCode).toBe(403);
    const withdrawn = await h.inject({ method: 'POST', url: '/api/admin/firmware/900.0.0/withdraw', headers: h.admin.headers });
    expect(withdrawn.statusCode).toBe(200);
    expect(await offered()).toBe(before);
    const bin = await h.inject({ method: 'GET', url: '/api/firmware', headers: h.racer.headers });
    expect(bin.headers['x-firmware-version']).toBe(before);
    expect((await upload('899.0.0')).statusCode).toBe(201);
    expect(await offered()).toBe('899.0.0');
    expect((await h.inject({ method: 'POST', url: '/api/admin/firmware/7.7.7/withdraw', headers: h.admin.headers })).statusCode).toBe(404);
  });

  it("README's firmware size limit is the code's", async () => {
    const { readFileSync } = await import('node:fs');
    const { FIRMWARE_MAX_BYTES } = await import('../../src/domain/firmware-image');
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const said = /Firmware images: one file of at most (\d+) MiB/.exec(readme);
    expect(said).not.toBeNull();
    expect(Number(said![1]) * 1024 * 1024).toBe(FIRMWARE_MAX_BYTES);
  });
});
