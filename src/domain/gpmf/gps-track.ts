/**
 * A GoPro's GPS trace from its GPMF payloads, as typed columns with one time per fix. A payload carries one GPSU
 * (UTC, about once a second) for a run of GPS5 fixes (18 Hz on a MAX, 10 Hz on a HERO): fix i of n in payload k
 * is placed at GPSU_k + i x (GPSU_k+1 - GPSU_k) / n, i.e. spread evenly up to the next payload's GPSU. A span
 * that is not about one payload long (missing, backwards, a pause or a clock jump) is replaced by the previous
 * fix interval (the last payload is often cut short by the end of the recording, so its fixes keep the previous
 * interval rather than being spread over its whole MP4 sample). The first payload's GPSU is checked against the
 * second: cameras write a stale, whole-second GPSU there while the receiver settles (the GoPro MAX fixture's
 * first GPSU is 2.47 s before its second, for a one-second payload), so when the two disagree the first payload
 * ends one fix interval before the second begins. Each fix also gets its media time (the same spreading over the
 * payload's MP4 sample), which is what video sync needs.
 */
import { GPS5_FIELDS, readGps5Blocks, type Gps5Block } from './gps5';
import type { GpmfPayload } from './mp4-gpmf-track';

export interface GpmfGpsTrack {
  count: number;
  /** UTC of each fix, epoch ms; NaN where no payload up to it carried a GPSU. */
  epochMs: Float64Array;
  /** Media time of each fix in the video, seconds. */
  videoTimeS: Float64Array;
  latDeg: Float64Array;
  lonDeg: Float64Array;
  altitudeM: Float64Array;
  speed2dMps: Float32Array;
  speed3dMps: Float32Array;
  /** GPSF of the fix's payload: 0 none, 2 2D, 3 3D (0 also where the stream gave none). */
  fix: Uint8Array;
  /** GPSP / 100 of the fix's payload; NaN where absent. */
  dop: Float32Array;
  /** Payloads that held GPS5 fixes. */
  payloadsWithGps: number;
}

interface PlacedBlock {
  block: Gps5Block;
  payload: GpmfPayload;
}

/**
 * The GPS track of the payloads (in media-time order). A payload whose KLV structure is damaged is skipped and
 * counted in `damagedPayloads`; the others still make the track.
 */
export function gpsTrackFromPayloads(payloads: readonly GpmfPayload[]): { track: GpmfGpsTrack; damagedPayloads: number } {
  const placed: PlacedBlock[] = [];
  let damagedPayloads = 0;
  for (const payload of payloads) {
    let blocks: Gps5Block[];
    try {
      blocks = readGps5Blocks(payload.bytes);
    } catch {
      damagedPayloads++;
      continue;
    }
    // One GPS receiver per camera: a second GPS stream in the same payload would repeat the same times.
    const block = blocks.find((b) => b.perFix && b.count > 0) ?? blocks.find((b) => b.count > 0);
    if (block) placed.push({ block, payload });
  }
  let count = 0;
  for (const p of placed) count += p.block.count;
  const track: GpmfGpsTrack = {
    count,
    epochMs: new Float64Array(count),
    videoTimeS: new Float64Array(count),
    latDeg: new Float64Array(count),
    lonDeg: new Float64Array(count),
    altitudeM: new Float64Array(count),
    speed2dMps: new Float32Array(count),
    speed3dMps: new Float32Array(count),
    fix: new Uint8Array(count),
    dop: new Float32Array(count),
    payloadsWithGps: placed.length,
  };
  let at = 0;
  let previousStepMs = NaN;
  let previousMediaStepS = NaN;
  let previousEndMs = NaN;
  for (let k = 0; k < placed.length; k++) {
    const { block, payload } = placed[k];
    const n = block.count;
    const ownSpanMs = payload.durationS * 1000;
    let startMs = block.gpsuEpochMs;
    if (!Number.isFinite(startMs)) startMs = previousEndMs;
    const nextMs = k + 1 < placed.length ? placed[k + 1].block.gpsuEpochMs : NaN;
    const gap = nextMs - startMs;
    const plausible = gap > 0.5 * ownSpanMs && gap < 1.5 * ownSpanMs;
    // The fix interval: this payload's span over its fixes; else (the last payload, which the recording may
    // have cut short, or a gap that is not one payload long) the previous payload's interval.
    let stepMs = plausible ? gap / n : Number.isFinite(previousStepMs) ? previousStepMs : ownSpanMs / n;
    if (!(stepMs > 0)) stepMs = ownSpanMs / n;
    const mediaStepS = plausible || !Number.isFinite(previousMediaStepS) ? payload.durationS / n : previousMediaStepS;
    if (k === 0 && !plausible && Number.isFinite(nextMs)) {
      const nextN = placed[1].block.count;
      const nextGap = k + 2 < placed.length ? placed[2].block.gpsuEpochMs - nextMs : NaN;
      const nextStep = nextGap > 0.5 * ownSpanMs && nextGap < 1.5 * ownSpanMs ? nextGap / nextN : ownSpanMs / nextN;
      stepMs = nextStep;
      startMs = nextMs - n * stepMs;
    }
    const perFix = block.perFix;
    for (let i = 0; i < n; i++) {
      const v = i * GPS5_FIELDS;
      track.epochMs[at] = perFix ? perFix.epochMs[i] : startMs + i * stepMs;
      track.videoTimeS[at] = payload.timeS + i * mediaStepS;
      track.latDeg[at] = block.values[v];
      track.lonDeg[at] = block.values[v + 1];
      track.altitudeM[at] = block.values[v + 2];
      track.speed2dMps[at] = block.values[v + 3];
      track.speed3dMps[at] = block.values[v + 4];
      track.fix[at] = perFix ? perFix.fix[i] : Number.isFinite(block.fix) ? block.fix : 0;
      track.dop[at] = perFix ? perFix.dop[i] : block.dop;
      at++;
    }
    previousStepMs = stepMs;
    previousMediaStepS = mediaStepS;
    previousEndMs = startMs + n * stepMs;
  }
  return { track, damagedPayloads };
}
