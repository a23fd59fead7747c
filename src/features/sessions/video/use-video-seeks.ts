/**
 * What seeks the player's video from outside it: a lap picked in the table (its start), the cursor moved by the
 * racer on a chart or the map while paused (that point of the lap on screen; not the charts' echo of the cursor the
 * video set), and a click on a chart or the map (that place of the lap shown or picked, playing or not).
 */
import { useCallback, useEffect, type RefObject } from 'react';
import type { FrameClock } from '../../../domain/video/frame-clock';
import type { LapSpan } from '../../../domain/video/lap-times';
import { cursorSeekTime, lapStartSeek, placeSeekTime } from '../../../domain/video/player-seeks';
import type { VideoSync } from '../../../domain/video/video-clock';
import type { CursorStore, LoadedSession } from '../shared';
import type { VideoSeekRequest } from './seek-request';
import type { PlayerRefs } from './use-player-refs';

/** A cursor change this soon after the video set the cursor is taken for the charts' echo of it. */
const ECHO_MS = 400;

export interface VideoSeeksInput {
  refs: PlayerRefs;
  clock: FrameClock;
  sync: VideoSync | null;
  session: LoadedSession;
  spans: LapSpan[];
  /** The racing laps' numbers: a click with no lap shown or picked shows the first. */
  lapNumbers: number[];
  pickedLap: number | null;
  seekRequest: VideoSeekRequest | null;
  cursorStore: CursorStore;
  /** What the drawing last set the cursor to, and when (useFrameRender). */
  lastSet: RefObject<number | null>;
  lastSetAt: RefObject<number>;
}

/** Seeks the video to a media time (`seek`), or to a lap's start (`seekToLap`, its span; null without it or a sync). */
export function useVideoSeeks({ refs, clock, sync, session, spans, lapNumbers, pickedLap, seekRequest, cursorStore, lastSet, lastSetAt }: VideoSeeksInput) {
  const seek = useCallback((videoS: number) => {
    const video = refs.video.current;
    if (video) video.currentTime = Math.max(0, videoS);
    // The refs object lives as long as the player.
  }, []);

  const seekToLap = useCallback(
    (lapNumber: number) => {
      const found = lapStartSeek(spans, clock, sync, lapNumber);
      if (found && found.at !== null) seek(found.at);
      return found?.span ?? null;
    },
    [spans, sync, clock, seek],
  );

  // A lap picked in the table: show its start.
  useEffect(() => {
    if (pickedLap !== null) seekToLap(pickedLap);
  }, [pickedLap, seekToLap]);

  // The cursor moved by the racer (chart or map) while paused: show that point of the lap on screen.
  useEffect(
    () =>
      cursorStore.subscribe(() => {
        const video = refs.video.current;
        const d = cursorStore.get();
        // Within a metre of what the video set is its own echo (the charts round it to their pixels).
        if (!video || !video.paused || !sync || d === null || (lastSet.current !== null && Math.abs(d - lastSet.current) < 1)) return;
        // The charts' echo of the video's own cursor (snapped to a chart point, metres away) is not the racer's.
        if (performance.now() - lastSetAt.current < ECHO_MS) return;
        const shown = Number(refs.canvas.current?.dataset.lap ?? NaN);
        const videoS = cursorSeekTime({ positions: session.positions, spans, clock, sync }, pickedLap ?? shown, d);
        if (videoS !== null) {
          lastSet.current = d;
          seek(videoS);
        }
      }),
    // The refs (the player's, and the drawing's lastSet and lastSetAt) live as long as the player.
    [cursorStore, sync, spans, pickedLap, session.positions, clock, seek],
  );

  // A click on a chart (a distance) or on the map (a point): that place of the lap shown (or picked), playing or not.
  // Only a new request seeks (not a new sync or lap pick), hence its only dependency.
  useEffect(() => {
    if (!seekRequest || !sync) return;
    const shown = Number(refs.canvas.current?.dataset.lap || NaN);
    const videoS = placeSeekTime({ positions: session.positions, spans, clock, sync }, seekRequest, { picked: pickedLap, shown, first: lapNumbers[0] });
    if (videoS !== null) seek(videoS);
  }, [seekRequest]);

  return { seek, seekToLap };
}
