/**
 * Whether this browser can show a video of a given codec (the MP4 sample entry's codec string, e.g.
 * 'avc1.64001f', 'hvc1.1.6.L93.90'). Newer phones record HEVC, which many browsers (Debian's Chromium among them)
 * cannot decode: such a video would be copied (gigabytes), then play black and refuse to export. It counts as
 * playable when either the <video> element or WebCodecs says it can decode it; unknown (no codec string, or a
 * browser that answers neither question) counts as playable, and the element's own error says otherwise later.
 */
export async function canPlayCodec(codec: string): Promise<boolean> {
  if (!codec) return true;
  let answered = false;
  if (typeof document !== 'undefined') {
    const element = document.createElement('video');
    if (typeof element.canPlayType === 'function') {
      answered = true;
      // 'maybe' or 'probably': the element will try; only '' is a refusal.
      if (element.canPlayType(`video/mp4; codecs="${codec}"`) !== '') return true;
    }
  }
  if (typeof VideoDecoder !== 'undefined') {
    answered = true;
    try {
      if ((await VideoDecoder.isConfigSupported({ codec })).supported) return true;
    } catch {
      // A codec string WebCodecs cannot parse: not decodable by it.
    }
  }
  return !answered;
}
