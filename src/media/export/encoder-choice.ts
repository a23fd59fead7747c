/**
 * Which encoder the export uses: H.264 (High profile, the level the frame size and rate need; Baseline as a second
 * try) into MP4 where the browser encodes it, else VP9 into WebM. Bitrates are those of a good-quality upload
 * (8 Mbit/s at 720p30, 12 at 1080p30, scaled with the frame rate).
 */
import { ExportError } from './export-error';

export interface EncoderChoice {
  container: 'mp4' | 'webm';
  config: VideoEncoderConfig;
}

/** The H.264 level (as its codec-string byte) for a frame size and rate: 4.0 up to 1080p30, 4.2 to 1080p60, 5.1 above. */
function avcLevel(width: number, height: number, fps: number): string {
  const macroblocksPerS = Math.ceil(width / 16) * Math.ceil(height / 16) * fps;
  if (macroblocksPerS <= 245_760 && width * height <= 2_097_152) return '28';
  if (macroblocksPerS <= 522_240 && width * height <= 2_228_224) return '2a';
  return '33';
}

function bitrateFor(width: number, height: number, fps: number): number {
  const base = width * height >= 1920 * 1080 * 0.9 ? 12_000_000 : 8_000_000;
  return Math.round(base * Math.min(2, Math.max(0.5, fps / 30)));
}

function candidateConfigs(width: number, height: number, fps: number): EncoderChoice[] {
  const common = { width, height, bitrate: bitrateFor(width, height, fps), framerate: fps, latencyMode: 'quality' as const };
  const level = avcLevel(width, height, fps);
  return [
    { container: 'mp4', config: { ...common, codec: `avc1.6400${level}`, avc: { format: 'avc' } } },
    { container: 'mp4', config: { ...common, codec: `avc1.4200${level}`, avc: { format: 'avc' } } },
    { container: 'webm', config: { ...common, codec: 'vp09.00.40.08' } },
  ];
}

/** The first candidate the browser encodes; `prefer: 'webm'` skips H.264 (tests of the fallback). */
export async function chooseEncoder(width: number, height: number, fps: number, prefer: 'mp4' | 'webm' = 'mp4'): Promise<EncoderChoice> {
  for (const choice of candidateConfigs(width, height, fps)) {
    if (prefer === 'webm' && choice.container === 'mp4') continue;
    try {
      if ((await VideoEncoder.isConfigSupported(choice.config)).supported) return choice;
    } catch {
      // A malformed or unknown config counts as unsupported.
    }
  }
  throw new ExportError('no-encoder', 'This browser can encode neither H.264 nor VP9 video.');
}
