/**
 * The player's video element both ways: drawn on every frame it presents while playing and after each seek (and
 * again when what it draws changes while paused); seeked to a lap's start when one is picked in the table, to the
 * cursor's point of the lap when the racer moves the cursor while paused (not the charts' echo of the video's own
 * cursor), and to the place of a click on a chart or the map.
 */
import { useCallback, useEffect, type RefObject } from 'react';
import type { FrameClock } from '../../../domain/video/frame-clock';
import type { LapSpan } from '../../../domain/video/lap-times';
import type { VideoSync } from '../../../domain/video/video-clock';
import type { CursorStore, LoadedSession } from '../shared';
import type { VideoSeekRequest } from './seek-request';
import { cursorSeekTime, lapStartSeek, requestSeekTime } from './video-player-model';

/** A cursor change this soon after the video set the cursor is taken for the charts' echo of it. */
const ECHO_MS = 400;

interface VideoSeekingInput {
  elements: { video: RefObject<HTMLVideoElement | null>; canvas: RefObject<HTMLCanvasElement | null> };
  url: string | null;
  render: (mediaTime?: number) => void;
  /** The media time of the frame last presented while playing. */
  presented: RefObject<number | null>;
  /** What the render last set the cursor to, and when. */
  overlay: { lastSet: RefObject<number | null>; lastSetAt: RefObject<number> };
  clock: FrameClock;
  sync: VideoSync | null;
  session: LoadedSession;
  spans: LapSpan[];
  lapNumbers: number[];
  pickedLap: number | null;
  seekRequest: VideoSeekRequest | null;
  cursorStore: CursorStore;
}

export function useVideoSeeking(input: VideoSeekingInput) {
  const { elements, url, render, presented, overlay, clock, sync, session, spans, lapNumbers, pickedLap, seekRequest, cursorStore } = input;

  // Drawn again when what it draws changes while paused (gauges chosen, language, sync).
  useEffect(() => {
    if (url) render();
  }, [url, render]);

  // Every decoded frame while playing (requestVideoFrameCallback), and after each seek.
  useEffect(() => {
    const video = elements.video.current;
    if (!video || !url) return;
    let handle = 0;
    const onFrame = (_now: number, metadata: VideoFrameCallbackMetadata) => {
      presented.current = video.paused ? null : metadata.mediaTime;
      render(video.paused ? undefined : metadata.mediaTime);
      handle = video.requestVideoFrameCallback(onFrame);
    };
    handle = video.requestVideoFrameCallback(onFrame);
    const onSeeked = () => render();
    video.addEventListener('seeked', onSeeked);
    video.addEventListener('loadeddata', onSeeked);
    return () => {
      video.cancelVideoFrameCallback(handle);
      video.removeEventListener('seeked', onSeeked);
      video.removeEventListener('loadeddata', onSeeked);
    };
  }, [url, render, elements.video, presented]);

  const seek = useCallback(
    (videoS: number) => {
      const video = elements.video.current;
      if (video) video.currentTime = Math.max(0, videoS);
    },
    [elements.video],
  );

  /** Shows a lap's start; its span, or null when the lap is not there or there is no sync. */
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
  const { lastSet, lastSetAt } = overlay;
  useEffect(
    () =>
      cursorStore.subscribe(() => {
        const video = elements.video.current;
        const d = cursorStore.get();
        // Within a metre of what the video set is its own echo (the charts round it to their pixels).
        if (!video || !video.paused || !sync || d === null || (lastSet.current !== null && Math.abs(d - lastSet.current) < 1)) return;
        // The charts' echo of the video's own cursor (snapped to a chart point, metres away) is not the racer's.
        if (performance.now() - lastSetAt.current < ECHO_MS) return;
        const shown = Number(elements.canvas.current?.dataset.lap ?? NaN);
        const videoS = cursorSeekTime({ positions: session.positions, spans, clock, sync }, pickedLap ?? shown, d);
        if (videoS !== null) {
          lastSet.current = d;
          seek(videoS);
        }
      }),
    [cursorStore, sync, spans, pickedLap, session.positions, clock, seek, elements, lastSet, lastSetAt],
  );

  // A click on a chart (a distance) or on the map (a point): that place of the lap shown (or picked), playing or not.
  // Only a new request seeks (not a new sync or lap pick), hence its only dependency.
  useEffect(() => {
    if (!seekRequest || !sync) return;
    const shown = Number(elements.canvas.current?.dataset.lap || NaN);
    const videoS = requestSeekTime({ positions: session.positions, spans, clock, sync }, seekRequest, { picked: pickedLap, shown, first: lapNumbers[0] });
    if (videoS !== null) seek(videoS);
  }, [seekRequest]);

  return { seek, seekToLap };
}
