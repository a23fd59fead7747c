/**
 * Firmware update (docs/device-protocol.md): the image's sha256 must match the server's before anything is
 * sent; START_FIRMWARE_UPDATE?p=<length>, 100 ms, then raw chunks of <= 509 bytes 25 ms apart with progress.
 * After the last byte the device verifies and reboots (a disconnect) or answers ERROR?p=FIRMWARE_INVALID.
 * The caller's `reconnect` then re-opens the link and returns the version the device reports, which must be
 * the image's. A disconnect while sending ends it: 'Firmware update stopped, ASTRO disconnected.'.
 */
import { parseFirmwareImage } from '../../domain/firmware-image';
import { commands } from '../protocol/commands';
import { FIRMWARE_CHUNK_PAUSE_MS, FIRMWARE_START_PAUSE_MS, MAX_PACKET_BYTES } from '../protocol/limits';
import { waitForReply, type FlowContext } from './flow-context';
import { sha256Hex } from './sha256';

export type FirmwarePhase = 'checking' | 'sending' | 'rebooting' | 'reconnecting';

export type FirmwareResult =
  | { ok: true; version: string }
  | {
      ok: false;
      code: 'checksum' | 'invalid-image' | 'not-connected' | 'disconnected' | 'write-failed' | 'rejected' | 'no-reboot' | 'reconnect-failed' | 'version-mismatch';
      detail: string;
    };

/** How long the device may take to verify the image and drop the link. */
const REBOOT_WAIT_MS = 15000;

export interface FirmwareHooks {
  onPhase(phase: FirmwarePhase): void;
  onProgress(percent: number): void;
  /** Re-opens the link after the reboot; resolves to the reported version, or null. */
  reconnect(): Promise<string | null>;
}

export async function runFirmwareUpdate(
  ctx: FlowContext,
  image: Uint8Array,
  expectedSha256: string,
  hooks: FirmwareHooks,
): Promise<FirmwareResult> {
  hooks.onPhase('checking');
  const actual = await sha256Hex(image);
  if (actual !== expectedSha256.toLowerCase()) return { ok: false, code: 'checksum', detail: `sha256 ${actual}` };
  const parsed = parseFirmwareImage(image);
  if (!parsed.ok) return { ok: false, code: 'invalid-image', detail: parsed.code };
  if (!ctx.connected()) return { ok: false, code: 'not-connected', detail: 'ASTRO is not connected' };

  let rejected: string | null = null;
  const off = ctx.link.onReply((reply) => {
    if (reply.type === 'error') rejected = reply.code;
  });
  try {
    hooks.onPhase('sending');
    hooks.onProgress(0);
    if (!(await ctx.link.send(commands.startFirmwareUpdate(image.length)))) {
      return ctx.connected() ? { ok: false, code: 'write-failed', detail: 'START_FIRMWARE_UPDATE' } : { ok: false, code: 'disconnected', detail: 'before start' };
    }
    await ctx.clock.sleep(FIRMWARE_START_PAUSE_MS);
    let sent = 0;
    // Watch for the reboot before the last chunk goes out: the device may drop the link at once.
    let rebooted = false;
    void ctx.nextDisconnect().then(() => {
      rebooted = true;
    });
    while (sent < image.length) {
      if (rejected) return { ok: false, code: 'rejected', detail: rejected };
      if (!ctx.connected()) return { ok: false, code: 'disconnected', detail: `after ${sent} bytes` };
      const chunk = image.subarray(sent, sent + MAX_PACKET_BYTES);
      if (!(await ctx.link.sendRaw(chunk))) {
        return ctx.connected() || sent + chunk.length < image.length
          ? { ok: false, code: ctx.connected() ? 'write-failed' : 'disconnected', detail: `after ${sent} bytes` }
          : { ok: false, code: 'no-reboot', detail: 'last chunk not acknowledged' };
      }
      sent += chunk.length;
      hooks.onProgress(Math.min(100, (100 * sent) / image.length));
      if (sent < image.length) await ctx.clock.sleep(FIRMWARE_CHUNK_PAUSE_MS);
    }
    hooks.onPhase('rebooting');
    if (!rebooted && ctx.connected()) {
      const outcome = await waitForReply(ctx, (r) => (r.type === 'error' ? r.code : undefined), REBOOT_WAIT_MS);
      if (outcome.type === 'reply') return { ok: false, code: 'rejected', detail: outcome.value };
      if (outcome.type === 'timeout') return { ok: false, code: 'no-reboot', detail: 'ASTRO did not restart' };
    }
    if (rejected) return { ok: false, code: 'rejected', detail: rejected };
    hooks.onPhase('reconnecting');
    const version = await hooks.reconnect();
    if (version === null) return { ok: false, code: 'reconnect-failed', detail: 'ASTRO did not come back' };
    if (version !== parsed.image.version) return { ok: false, code: 'version-mismatch', detail: `${version} != ${parsed.image.version}` };
    return { ok: true, version };
  } finally {
    off();
  }
}
