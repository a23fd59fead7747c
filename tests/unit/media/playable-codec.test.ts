// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { canPlayCodec } from '../../../src/media/playable-codec';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A browser whose <video> answers `element` and whose WebCodecs answers `webCodecs` (undefined: no WebCodecs). */
function browser(element: '' | 'maybe' | 'probably', webCodecs?: boolean) {
  vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockReturnValue(element);
  vi.stubGlobal('VideoDecoder', webCodecs === undefined ? undefined : { isConfigSupported: async () => ({ supported: webCodecs }) });
}

describe('whether this browser can show a video codec', () => {
  it('refuses a codec that neither the video element nor WebCodecs can decode (HEVC in Debian Chromium)', async () => {
    browser('', false);
    expect(await canPlayCodec('hvc1.1.6.L93.90')).toBe(false);
  });

  it('accepts a codec either of them can decode', async () => {
    browser('maybe', false);
    expect(await canPlayCodec('avc1.64001f')).toBe(true);
    browser('', true);
    expect(await canPlayCodec('hvc1.1.6.L93.90')).toBe(true);
  });

  it('refuses when WebCodecs cannot even parse the codec string and the element says no', async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockReturnValue('');
    vi.stubGlobal('VideoDecoder', { isConfigSupported: async () => Promise.reject(new TypeError('bad codec')) });
    expect(await canPlayCodec('zzzz')).toBe(false);
  });

  it('does not refuse what it cannot judge: no codec string', async () => {
    browser('', false);
    expect(await canPlayCodec('')).toBe(true);
  });
});
