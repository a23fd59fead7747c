/**
 * Two on-board videos side by side, the second following the first by distance along the lap rather than by
 * time, so both cars reach each corner together: the lead video's media time gives its session time, that the
 * lap it is in and the distance into that lap; the follower's chosen lap reaches the same distance at some
 * session time of its own, which its sync turns into a media time. A slower follower lap therefore plays its
 * video faster than real time; `followerRate` says how much (the playing follower's playback rate).
 */
import type { PositionColumns } from '../session-types';
import { fixIndexAt, lapDistanceAt, lapTimeAtDistance, type LapSpan } from './lap-times';
import { sessionTimeAt, videoTimeAt, type VideoSync } from './video-clock';

export interface LeadVideo {
  positions: PositionColumns;
  spans: readonly LapSpan[];
  sync: VideoSync;
}

export interface FollowerVideo {
  positions: PositionColumns;
  /** The follower's lap that every lap of the lead is set against. */
  span: LapSpan;
  sync: VideoSync;
}

export interface FollowPoint {
  /** The lead's lap at that media time. */
  leadLap: number;
  /** Metres into the lead's lap (and into the follower's). */
  distanceM: number;
  /** The follower's session time at that distance, ms. */
  followerSessionMs: number;
  /** The follower video's media time, s (may be outside that video). */
  followerVideoS: number;
}

/**
 * Where the follower is when the lead video shows `leadVideoS`; null when the lead is outside its session or on
 * its out lap (lap 0 has no start/finish line behind it to measure distance from).
 */
export function followAt(lead: LeadVideo, follower: FollowerVideo, leadVideoS: number): FollowPoint | null {
  const leadMs = sessionTimeAt(lead.sync, leadVideoS);
  const i = fixIndexAt(lead.positions, leadMs);
  if (i < 0 || leadMs > lead.positions.timeMs[lead.positions.count - 1]) return null;
  const leadLap = lead.positions.lap[i];
  if (leadLap <= 0) return null;
  const span = lead.spans.find((s) => s.lap === leadLap);
  const distanceM = span ? lapDistanceAt(lead.positions, span, leadMs) : null;
  if (distanceM === null) return null;
  const followerSessionMs = lapTimeAtDistance(follower.positions, follower.span, distanceM);
  return { leadLap, distanceM, followerSessionMs, followerVideoS: videoTimeAt(follower.sync, followerSessionMs) };
}

/** Lead media seconds over which the rate is measured (a few fixes: smooth, still local to the corner). */
const RATE_WINDOW_S = 0.25;

/**
 * Follower media seconds per lead media second around `leadVideoS` (1 when both laps are as fast there); null
 * where no rate can be told (out lap, a lap boundary inside the window).
 */
export function followerRate(lead: LeadVideo, follower: FollowerVideo, leadVideoS: number): number | null {
  const a = followAt(lead, follower, leadVideoS);
  const b = followAt(lead, follower, leadVideoS + RATE_WINDOW_S);
  if (!a || !b || a.leadLap !== b.leadLap) return null;
  const rate = (b.followerVideoS - a.followerVideoS) / RATE_WINDOW_S;
  return Number.isFinite(rate) && rate > 0 ? rate : null;
}
