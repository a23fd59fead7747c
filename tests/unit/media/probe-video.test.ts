import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bytesSource } from '../../../src/domain/file-reading/byte-source';
import { openStoredVideo } from '../../../src/media/copy-to-storage';
import { probeMp4, probeVideoFile } from '../../../src/media/probe-video';

const FIXTURE = new URL('../../fixtures/real-logs/gopro-max-gpmf-18hz.mp4', import.meta.url);

describe('probing a video file', () => {
  it('reads the GoPro MAX fixture’s frame rate, size, creation time and telemetry track from its index', async () => {
    const probe = await probeMp4(bytesSource(new Uint8Array(readFileSync(FIXTURE))));
    expect(probe.container).toBe('mp4');
    expect(probe.hasGpmf).toBe(true);
    expect(probe.fps).toBeCloseTo(29.97, 1);
    expect(probe.variableFrameRate).toBe(false);
    expect(probe.durationS).toBeGreaterThan(10);
    expect(probe.durationS).toBeLessThan(12);
    expect(probe.width).toBeGreaterThan(0);
    expect(probe.codec).toMatch(/^(avc1|hvc1|hev1)/);
    expect(probe.createdMs).not.toBeNull();
  });

  it('probes a picked MP4 file by its index', async () => {
    const probe = await probeVideoFile(new File([readFileSync(FIXTURE)], 'GS010042.MP4'));
    expect(probe).toMatchObject({ container: 'mp4', hasGpmf: true });
  });

  it('opens no stored video where the browser has no private file system', async () => {
    expect(await openStoredVideo('missing.mp4')).toBeNull();
  });

  it('refuses bytes that are not a video', async () => {
    await expect(probeMp4(bytesSource(new TextEncoder().encode('lat;lon\n1;2\n')))).rejects.toMatchObject({ code: 'unsupported-file' });
  });
});
