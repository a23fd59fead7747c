/**
 * The player's drawing of the frame shown: its number and time, the overlay's gauges for the session time it is
 * labelled with (the player's and the export's one rule, lap-frames.ts), the cursor moved to its distance into the
 * lap, the screen told of a new lap shown, the compared video told where to go, and 'play lap N' ended on the lap's
 * last frame. No React render per frame: it writes to the elements and the cursor store.
 */
import { useCallback, useRef } from 'react';
import type { TFunction } from 'i18next';
import type { AccelerationColumns } from '../../../domain/coaching/acceleration';
import type { LapTrace } from '../../../domain/lap-compare/lap-trace';
import type { FrameClock } from '../../../domain/video/frame-clock';
import { labelTimeAt } from '../../../domain/video/lap-frames';
import type { LapSpan } from '../../../domain/video/lap-times';
import { overlayValuesAt } from '../../../domain/video/overlay-values';
import { videoTimeAt, type VideoSync } from '../../../domain/video/video-clock';
import { drawOverlay, type OverlayScene } from '../../../media/overlay-draw';
import type { CursorStore, LoadedSession } from '../shared';
import { sizedOverlay } from './overlay-canvas';
import type { PlayerRefs } from './use-player-refs';

export interface FrameRenderInput {
  refs: PlayerRefs;
  clock: FrameClock;
  sync: VideoSync | null;
  session: LoadedSession;
  spans: LapSpan[];
  reference: LapTrace | null;
  acceleration: AccelerationColumns | null;
  lapCount: number;
  scene: Pick<OverlayScene, 'sessionDate' | 'track' | 'labels' | 'gauges' | 'locale'>;
  cursorStore: CursorStore;
  onLapShown: ((lap: number | null) => void) | undefined;
  t: TFunction<'video'>;
}

/**
 * The drawing callback (a media time: the frame presented at it while playing, as currentTime runs ahead of the
 * frame on screen there; none: the one at the video's current time), and what it last set the cursor to and when.
 */
export function useFrameRender({ refs, clock, sync, session, spans, reference, acceleration, lapCount, scene, cursorStore, onLapShown: onLapShownProp, t }: FrameRenderInput) {
  const { sessionDate, track, labels, gauges, locale } = scene;
  const lastSet = useRef<number | null>(null);
  /** When the video last set the cursor: the charts echo it back a frame or two later, snapped to their points. */
  const lastSetAt = useRef(0);
  /** The lap of the frame last drawn: the screen hears of a change only (its charts' tooltip names that lap). */
  const lapShown = useRef<number | null>(null);
  const onLapShown = useRef(onLapShownProp);
  onLapShown.current = onLapShownProp;
  const render = useCallback(
    (mediaTime?: number) => {
      const video = refs.video.current;
      const canvas = refs.canvas.current;
      if (!video || !canvas) return;
      const videoS = mediaTime ?? video.currentTime;
      const frame = clock.frameAt(videoS);
      if (refs.frame.current) refs.frame.current.textContent = t('frame', { frame, time: videoS.toFixed(3) });
      canvas.dataset.frame = String(frame);
      canvas.dataset.gauges = gauges.join(',');
      const sized = sizedOverlay(canvas);
      if (!sized) return;
      const { ctx, width, height } = sized;
      if (!sync) {
        ctx.clearRect(0, 0, width, height);
        return;
      }
      const last = refs.stopAt.current;
      // 'Play lap N' ends on the lap's last frame (the one before the next lap's first, lap-frames.ts), put on it by
      // a seek even when this callback is that frame's: currentTime may already lie in the next one, where the pause
      // would otherwise settle; put back on it if the callback came late (a busy page, a fast playback rate).
      if (last !== null && frame >= last) {
        refs.stopAt.current = null;
        refs.presented.current = null;
        video.pause();
        video.currentTime = clock.seekTimeOf(last);
        if (frame !== last) return;
      }
      // The player's and the export's one rule: a lap's first frame reads 'LAP N 00:00.00' (lap-frames.ts).
      const sessionMs = labelTimeAt(clock, sync, spans, videoS);
      const values = overlayValuesAt(session.positions, spans, session.analysis.laps, sessionMs, reference, acceleration);
      canvas.dataset.lap = values.lap === null ? '' : String(values.lap);
      if (values.lap !== lapShown.current) {
        lapShown.current = values.lap;
        onLapShown.current?.(values.lap);
      }
      canvas.dataset.lapMs = values.lapElapsedMs === null ? '' : values.lapElapsedMs.toFixed(0);
      drawOverlay(ctx, width, height, { values, lapCount, sessionName: session.name, sessionDate, track, labels, gauges, locale });
      canvas.dataset.distance = values.lapDistanceM === null ? '' : values.lapDistanceM.toFixed(1);
      lastSet.current = values.lapDistanceM;
      lastSetAt.current = performance.now();
      cursorStore.set(values.lapDistanceM);
      // The follower goes where the frame shown is labelled (its overlay's distance), not where currentTime is inside it.
      refs.follower.current?.follow(videoTimeAt(sync, sessionMs), !video.paused, video.playbackRate);
    },
    // Not `t`: it changes with the language, as `labels` do. The refs object lives as long as the player.
    [clock, sync, session, spans, reference, acceleration, lapCount, track, sessionDate, labels, gauges, locale, cursorStore],
  );
  return { render, lastSet, lastSetAt };
}
