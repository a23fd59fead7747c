/**
 * The player's drawing of the frame shown: the frame's number and time, the overlay's gauges for the session time
 * the frame is labelled with (the player's and the export's one rule, lap-frames.ts), the cursor moved to its
 * distance into the lap, the lap shown told on a change, the compared video told where to follow, and 'play lap N'
 * ended on the lap's last frame.
 */
import { useCallback, useMemo, useRef, useState, type RefObject } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { AccelerationColumns } from '../../../domain/coaching/acceleration';
import type { LapTrace } from '../../../domain/lap-compare/lap-trace';
import type { FrameClock } from '../../../domain/video/frame-clock';
import { labelTimeAt } from '../../../domain/video/lap-frames';
import { lapOutline, type LapSpan } from '../../../domain/video/lap-times';
import type { Gauge } from '../../../domain/video/overlay-layout';
import { overlayValuesAt } from '../../../domain/video/overlay-values';
import { videoTimeAt, type VideoSync } from '../../../domain/video/video-clock';
import { drawOverlay, type OverlayScene } from '../../../media/overlay-draw';
import type { CursorStore, LoadedSession } from '../shared';
import type { FollowerHandle } from './follower-video';
import { storedGauges, storeGauges } from './gauge-picker';
import { sizedOverlay, useSessionDate } from './overlay-canvas';

/**
 * What the overlay shows besides the figures: the gauges the racer chose (kept for the next visit), their labels,
 * the session's name date and the track's outline, in the language shown.
 */
export function useOverlayScene(session: LoadedSession, spans: LapSpan[]) {
  const { t, i18n } = useTranslation('video');
  const [gauges, setGauges] = useState<Gauge[]>(storedGauges);
  const chooseGauges = useCallback((next: Gauge[]) => {
    setGauges(next);
    storeGauges(next);
  }, []);
  const sessionDate = useSessionDate(session.date);
  const labels = useMemo(() => ({ lap: t('gauge.lap'), last: t('gauge.last'), delta: t('gauge.delta'), kmh: t('gauge.kmh'), g: t('gauge.g') }), [t]);
  const track = useMemo(() => lapOutline(session.positions, spans), [spans, session.positions]);
  const scene = useMemo(() => ({ sessionDate, track, labels, gauges, locale: i18n.language }), [sessionDate, track, labels, gauges, i18n.language]);
  return { scene, chooseGauges };
}

export interface OverlayRenderInput {
  elements: { video: RefObject<HTMLVideoElement | null>; canvas: RefObject<HTMLCanvasElement | null>; frame: RefObject<HTMLSpanElement | null> };
  /** The last frame of the lap 'play lap N' plays, and the media time of the frame last presented while playing. */
  stopAt: RefObject<number | null>;
  presented: RefObject<number | null>;
  follower: RefObject<FollowerHandle | null>;
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
 * The render callback (a media time: the frame presented while playing, as currentTime runs ahead of the frame on
 * screen there; none: the one at the video's current time), and what it last set the cursor to and when (the
 * charts echo it back a frame or two later, snapped to their points).
 */
export function useOverlayRender(input: OverlayRenderInput) {
  const { elements, stopAt, presented, follower, clock, sync, session, spans, reference, acceleration, lapCount, scene, cursorStore, t } = input;
  const { sessionDate, track, labels, gauges, locale } = scene;
  const lastSet = useRef<number | null>(null);
  const lastSetAt = useRef(0);
  /** The lap of the frame last drawn: the screen hears of a change only (its charts' tooltip names that lap). */
  const lapShown = useRef<number | null>(null);
  const onLapShown = useRef(input.onLapShown);
  onLapShown.current = input.onLapShown;
  const render = useCallback(
    (mediaTime?: number) => {
      const video = elements.video.current;
      const canvas = elements.canvas.current;
      if (!video || !canvas) return;
      const videoS = mediaTime ?? video.currentTime;
      const frame = clock.frameAt(videoS);
      if (elements.frame.current) elements.frame.current.textContent = t('frame', { frame, time: videoS.toFixed(3) });
      canvas.dataset.frame = String(frame);
      canvas.dataset.gauges = gauges.join(',');
      const sized = sizedOverlay(canvas);
      if (!sized) return;
      const { ctx, width, height } = sized;
      if (!sync) {
        ctx.clearRect(0, 0, width, height);
        return;
      }
      const last = stopAt.current;
      // 'Play lap N' ends on the lap's last frame (the one before the next lap's first, lap-frames.ts), put on it by a
      // seek even when this callback is that frame's: currentTime may already lie in the next one, where the pause
      // would otherwise settle; put back on it if the callback came late (a busy page, a fast playback rate).
      if (last !== null && frame >= last) {
        stopAt.current = null;
        presented.current = null;
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
      follower.current?.follow(videoTimeAt(sync, sessionMs), !video.paused, video.playbackRate);
    },
    // The refs are stable; the rest is what a frame is drawn from.
    [clock, sync, session, spans, reference, acceleration, lapCount, track, sessionDate, labels, gauges, locale, cursorStore, t],
  );
  return { render, lastSet, lastSetAt };
}
