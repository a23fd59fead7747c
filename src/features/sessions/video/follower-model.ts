/**
 * The compared video's following as pure functions (follower-video.tsx wires them to its element): the lap it
 * follows on, where the lead's frame puts it (or that it has nothing there), the playback rate that keeps a
 * playing follower on its target, and its box's aspect.
 */
import { followAt, type FollowerVideo, type FollowPoint, type LeadVideo } from '../../../domain/video/follow-by-distance';
import type { VideoRow } from '../../../data/services';
import type { LapSpan } from '../../../domain/video/lap-times';

/** Further apart than this while playing, the follower is seeked instead of sped up or slowed down. */
export const MAX_PLAYING_DRIFT_S = 0.3;
/** How hard the playback rate pulls a playing follower back onto its target (per second of drift). */
const DRIFT_GAIN = 2;

/** The lap the follower is on: the one chosen, else the session's best, else its first. */
export function followerLapOf(chosen: number | null, bestLapNumber: number | null | undefined, spans: readonly LapSpan[]): number | null {
  return chosen ?? bestLapNumber ?? spans[0]?.lap ?? null;
}

/**
 * Where the lead's media time `leadVideoS` puts the follower (the same distance into its lap), or null where it has
 * nothing to show: the lead off a lap, or the place before the follower's video starts or after it ends.
 */
export function followTarget(lead: LeadVideo, follower: FollowerVideo, leadVideoS: number, durationS: number): (FollowPoint & { targetS: number }) | null {
  const point = followAt(lead, follower, leadVideoS);
  const target = point?.followerVideoS ?? null;
  if (point === null || target === null || target < 0 || (Number.isFinite(durationS) && target > durationS)) return null;
  return { ...point, targetS: target };
}

/**
 * The playback rate of a playing follower: the rate that keeps its lap's distance with the lead's (`followerRate`
 * times the lead's own rate), pulled toward the target by the drift, within 0.25x to 4x.
 */
export function followPlayRate(followerRate: number | null, leadRate: number, driftS: number): number {
  return Math.min(4, Math.max(0.25, (followerRate ?? 1) * leadRate + driftS * DRIFT_GAIN));
}

/** The video's box's aspect ratio (CSS): the video's own, 16 / 9 when unknown. */
export function videoAspect(row: Pick<VideoRow, 'width' | 'height'>): string {
  return row.width && row.height ? `${row.width} / ${row.height}` : '16 / 9';
}
