// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../../../helpers/virtual-clock';
import { SimulatedAstro } from '../../../../src/device/simulated/simulated-astro';
import { SimulatedTransport } from '../../../../src/device/simulated/simulated-transport';
import { closeLink, currentDevice, openLink } from '../../../../src/features/device/device-session';
import { fakeSession, RecordingSink, until } from '../../device/helpers';
import { buildFirmwareImage, sampleFirmwarePayload } from '../../../../src/domain/firmware-image';
import { sha256Hex } from '../../../../src/device/flows/sha256';

describe('the app-wide ASTRO link', () => {
  it('shows the transfer percentage in the tab title wherever the user is, and clears it at the end', async () => {
    document.title = 'ASTRO Companion';
    const clock = new VirtualClock();
    const device = new SimulatedAstro({ clock, latencyMs: 2, chunkPayloadBytes: 100, sessions: [fakeSession('20260412_1030_Kartodromo de Braga', 200)] });
    const sink = new RecordingSink();
    const controller = await openLink('simulated', new SimulatedTransport(device), sink, clock);
    expect(currentDevice()?.controller).toBe(controller);
    await controller.connect();
    await until(() => controller.getSnapshot().sessions.length === 1);
    const titles: string[] = [];
    controller.subscribe(() => titles.push(document.title));
    controller.download(['20260412_1030_Kartodromo de Braga']);
    await until(() => sink.saved.length === 1 && !controller.transferring);
    await until(() => document.title === 'ASTRO Companion');
    const percents = titles.filter((t) => /^ASTRO Companion \d+%$/.test(t)).map((t) => Number(/(\d+)%/.exec(t)![1]));
    expect(percents.length).toBeGreaterThan(5);
    expect(Math.max(...percents)).toBeLessThanOrEqual(100);
    await closeLink();
    expect(currentDevice()).toBeNull();
    expect(device.linked).toBe(false);
  });

  it('shows the firmware update percentage in the tab title like a download, and clears it at the end', async () => {
    document.title = 'ASTRO Companion';
    const clock = new VirtualClock();
    const device = new SimulatedAstro({ clock, sessions: [] });
    const controller = await openLink('simulated', new SimulatedTransport(device), new RecordingSink(), clock);
    await controller.connect();
    await until(() => controller.getSnapshot().version !== null);
    const titles: string[] = [];
    controller.subscribe(() => titles.push(document.title));
    const built = buildFirmwareImage({ version: '1.5.0', payload: sampleFirmwarePayload('1.5.0', 6000) });
    if (!built.ok) throw new Error(built.code);
    const bin = built.bytes;
    const result = await controller.updateFirmware(bin, await sha256Hex(bin));
    expect(result).toEqual({ ok: true, version: '1.5.0' });
    const percents = titles.filter((t) => /^ASTRO Companion \d+%$/.test(t)).map((t) => Number(/(\d+)%/.exec(t)![1]));
    expect(percents.length).toBeGreaterThan(3);
    expect(Math.max(...percents)).toBeLessThanOrEqual(100);
    expect(document.title).toBe('ASTRO Companion');
    await closeLink();
  });
});
