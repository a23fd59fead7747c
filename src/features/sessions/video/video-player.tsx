/**
 * The video panel's player: the stored video with the overlay drawn over it, frame and second steps, 'play lap N',
 * start/finish marks for a sync by hand, the cursor both ways (the frame shown moves the map and chart cursor; a
 * cursor moved by the racer while paused seeks the video), the compared session's video following by distance,
 * and 'Export video'.
 */
import { Button, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useLiveQuery } from '../../../data/live-query';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { videoRepository, type VideoRow } from '../../../data/services';
import { fitSyncFromMarks, withMark } from '../../../domain/video/hand-marks';
import type { LeadVideo } from '../../../domain/video/follow-by-distance';
import { lapOutline, lapSpans, lapTimeAtDistance, lapTimeNearPoint, sessionTimeAtLapDistance } from '../../../domain/video/lap-times';
import type { Gauge } from '../../../domain/video/overlay-layout';
import { overlayValuesAt } from '../../../domain/video/overlay-values';
import { constantFrameClock, seekTimeForSessionOn, stepFramesOn, stepSecondsOn, type FrameClock } from '../../../domain/video/frame-clock';
import { labelTimeAt, lapFrames } from '../../../domain/video/lap-frames';
import { lapChoices } from '../../../domain/video/lap-choices';
import { lapChoiceLabel } from './lap-choice-label';
import { useLapTime } from '../../../app/preferences/lap-time-digits';
import { videoTimeAt, type VideoSync } from '../../../domain/video/video-clock';
import { frameClockOfFile } from '../../../media/frame-clock-of-file';
import { openStoredVideo } from '../../../media/copy-to-storage';
import type { LoadedSession } from '../shared';
import { sizedOverlay, useSessionDate } from './overlay-canvas';
import { drawOverlay } from '../../../media/overlay-draw';
import { FollowerVideo, type FollowerHandle } from './follower-video';
import { GaugePicker, storedGauges, storeGauges } from './gauge-picker';
import { problemOf, type Problem } from './video-problem';
import type { VideoPanelProps } from './video-panel';

/** A cursor change this soon after the video set the cursor is taken for the charts' echo of it. */
const ECHO_MS = 400;

/** 'Export video' and its worker load on the first click (their own chunk). */
const ExportVideo = lazy(() => import('./export-video'));

export interface PlayerProps extends Omit<VideoPanelProps, 'session'> {
  session: LoadedSession;
  row: VideoRow;
  onProblem: (p: Problem) => void;
}

export function Player({ row, session, cursorStore, pickedLap, reference, acceleration = null, seekRequest = null, compareSession = null, onLapShown: onLapShownProp, onProblem }: PlayerProps) {
  const { t, i18n } = useTranslation('video');
  const formatLapTime = useLapTime();
  const videoRef = useRef<HTMLVideoElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const frameRef = useRef<HTMLSpanElement>(null);
  const [url, setUrl] = useState<string | null>(null);
  // Frames every 1/fps until the file's own frame times are read (a variable frame rate's, where they differ).
  const [clock, setClock] = useState<FrameClock>(() => constantFrameClock(row.fps, row.durationS));
  const [playing, setPlaying] = useState(false);
  const spans = useMemo(() => lapSpans(session.positions), [session.positions]);
  const lapNumbers = useMemo(() => spans.filter((s) => s.lap > 0).map((s) => s.lap), [spans]);
  const choices = useMemo(() => lapChoices(spans, session.analysis.laps, row.sync, row.durationS), [spans, session.analysis.laps, row.sync, row.durationS]);
  const [markLap, setMarkLap] = useState<number | null>(null);
  const lap = markLap ?? lapNumbers[0] ?? null;
  const sync: VideoSync | null = row.sync;
  /** The last frame of the lap 'play lap N' plays. */
  const stopAt = useRef<number | null>(null);
  /** The media time of the frame last presented while playing (requestVideoFrameCallback's own, not currentTime). */
  const presented = useRef<number | null>(null);
  const follower = useRef<FollowerHandle | null>(null);
  const compareVideos = useLiveQuery(async () => (compareSession ? videoRepository.listForSession(compareSession.id) : []), [compareSession?.id]);
  const compareRow = compareVideos?.[0] ?? null;
  const lead = useMemo((): LeadVideo | null => (sync ? { positions: session.positions, spans, sync } : null), [session.positions, spans, sync]);
  const [gauges, setGauges] = useState<Gauge[]>(storedGauges);
  const chooseGauges = useCallback((next: Gauge[]) => {
    setGauges(next);
    storeGauges(next);
  }, []);
  const sessionDate = useSessionDate(session.date);
  const labels = useMemo(() => ({ lap: t('gauge.lap'), last: t('gauge.last'), delta: t('gauge.delta'), kmh: t('gauge.kmh'), g: t('gauge.g') }), [t]);
  const lastSet = useRef<number | null>(null);
  /** When the video last set the cursor: the charts echo it back a frame or two later, snapped to their points. */
  const lastSetAt = useRef(0);
  const track = useMemo(() => lapOutline(session.positions, spans), [spans, session.positions]);

  useEffect(() => {
    let live = true;
    let made: string | null = null;
    void openStoredVideo(row.opfsName).then((file) => {
      if (!live) return;
      if (!file) {
        onProblem({ key: 'errors.missing' });
        return;
      }
      made = URL.createObjectURL(file);
      setUrl(made);
      void frameClockOfFile(file, row.fps, row.durationS).then((c) => {
        if (live) setClock(c);
      });
    });
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [row.opfsName, row.fps, row.durationS, onProblem]);

  /**
   * Draws the overlay and moves the cursor for the frame shown: the frame presented at `mediaTime` while playing
   * (currentTime runs ahead of the frame on screen there), else the one at the video's current time.
   */
  /** The lap of the frame last drawn: the screen hears of a change only (its charts' tooltip names that lap). */
  const lapShown = useRef<number | null>(null);
  const onLapShown = useRef(onLapShownProp);
  onLapShown.current = onLapShownProp;
  const render = useCallback((mediaTime?: number) => {
    const video = videoRef.current;
    const canvas = canvasRef.current;
    if (!video || !canvas) return;
    const videoS = mediaTime ?? video.currentTime;
    const frame = clock.frameAt(videoS);
    if (frameRef.current) frameRef.current.textContent = t('frame', { frame, time: videoS.toFixed(3) });
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
    drawOverlay(ctx, width, height, {
      values,
      lapCount: lapNumbers.length,
      sessionName: session.name,
      sessionDate,
      track,
      labels,
      gauges,
      locale: i18n.language,
    });
    canvas.dataset.distance = values.lapDistanceM === null ? '' : values.lapDistanceM.toFixed(1);
    lastSet.current = values.lapDistanceM;
    lastSetAt.current = performance.now();
    cursorStore.set(values.lapDistanceM);
    // The follower goes where the frame shown is labelled (its overlay's distance), not where currentTime is inside it.
    follower.current?.follow(videoTimeAt(sync, sessionMs), !video.paused, video.playbackRate);
  }, [clock, sync, session, spans, reference, acceleration, lapNumbers.length, track, sessionDate, labels, gauges, i18n.language, cursorStore]);

  // Drawn again when what it draws changes while paused (gauges chosen, language, sync).
  useEffect(() => {
    if (url) render();
  }, [url, render]);

  // Every decoded frame while playing (requestVideoFrameCallback), and after each seek.
  useEffect(() => {
    const video = videoRef.current;
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
  }, [url, render]);

  const seek = useCallback((videoS: number) => {
    const video = videoRef.current;
    if (video) video.currentTime = Math.max(0, videoS);
  }, []);

  const seekToLap = useCallback(
    (lapNumber: number) => {
      const span = spans.find((s) => s.lap === lapNumber);
      if (!span || !sync) return null;
      const at = seekTimeForSessionOn(clock, sync, span.startMs);
      if (at !== null) seek(at);
      return span;
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
        const video = videoRef.current;
        const d = cursorStore.get();
        // Within a metre of what the video set is its own echo (the charts round it to their pixels).
        if (!video || !video.paused || !sync || d === null || (lastSet.current !== null && Math.abs(d - lastSet.current) < 1)) return;
        // The charts' echo of the video's own cursor (snapped to a chart point, metres away) is not the racer's.
        if (performance.now() - lastSetAt.current < ECHO_MS) return;
        const shown = Number(canvasRef.current?.dataset.lap ?? NaN);
        const span = spans.find((s) => s.lap === (pickedLap ?? shown));
        const at = span ? sessionTimeAtLapDistance(session.positions, span, d) : null;
        const videoS = at === null ? null : seekTimeForSessionOn(clock, sync, at);
        if (videoS !== null) {
          lastSet.current = d;
          seek(videoS);
        }
      }),
    [cursorStore, sync, spans, pickedLap, session.positions, clock, seek],
  );

  // A click on a chart (a distance) or on the map (a point): that place of the lap shown (or picked), playing or not.
  // Only a new request seeks (not a new sync or lap pick), hence its only dependency.
  useEffect(() => {
    if (!seekRequest || !sync) return;
    const shown = Number(canvasRef.current?.dataset.lap || NaN);
    const span = spans.find((s) => s.lap === (pickedLap ?? (shown > 0 ? shown : lapNumbers[0])));
    if (!span) return;
    const at = 'distanceM' in seekRequest ? lapTimeAtDistance(session.positions, span, seekRequest.distanceM) : lapTimeNearPoint(session.positions, span, seekRequest.lat, seekRequest.lon);
    const videoS = at === null ? null : seekTimeForSessionOn(clock, sync, at);
    if (videoS !== null) seek(videoS);
  }, [seekRequest]);

  const step = (by: { frames: number } | { seconds: number }) => {
    const video = videoRef.current;
    if (!video) return;
    video.pause();
    seek('frames' in by ? stepFramesOn(clock, video.currentTime, by.frames) : stepSecondsOn(clock, video.currentTime, by.seconds));
  };

  async function markHere() {
    const video = videoRef.current;
    if (!video || lap === null) return;
    const videoS = clock.seekTimeOf(clock.frameAt(video.currentTime));
    const marks = withMark(row.marks, { lap, videoS });
    try {
      const fitted = fitSyncFromMarks(marks.map((m) => ({ videoS: m.videoS, sessionMs: spans.find((s) => s.lap === m.lap)?.startMs ?? NaN })));
      onProblem(null);
      await videoRepository.saveSync(row.id, { ...fitted, method: 'marks' }, marks);
    } catch (e) {
      onProblem(problemOf(e));
    }
  }

  function playLap() {
    if (lap === null) return;
    const span = seekToLap(lap);
    if (!span) return;
    stopAt.current = sync ? (lapFrames(clock, sync, span)?.last ?? null) : null;
    void videoRef.current?.play();
  }

  const [exportWanted, setExportWanted] = useState(false);
  const [exportOpen, setExportOpen] = useState(false);
  const syncText = !sync ? t('sync.none') : row.sync?.method === 'marks' ? t('sync.marks', { count: row.marks.length }) : t(`sync.${row.sync?.method ?? 'none'}`);
  return (
    <Stack gap="xs" data-lap-starts={JSON.stringify(spans.map((s) => [s.lap, s.startMs]))} data-fps={row.fps} data-frame-clock={clock.kind}>
      <SimpleGrid cols={{ base: 1, md: compareRow ? 2 : 1 }} spacing="xs">
        <div style={{ position: 'relative', width: '100%', maxWidth: 960, aspectRatio: row.width && row.height ? `${row.width} / ${row.height}` : '16 / 9', background: '#000' }}>
          <video
            ref={videoRef}
            src={url ?? undefined}
            preload="auto"
            playsInline
            muted
            onPlay={() => setPlaying(true)}
            onPause={() => {
              setPlaying(false);
              // Paused, neither currentTime nor the last frame callback need name the picture on screen: on a busy
              // machine the compositor may already show the next frame (the label was one frame behind the
              // picture). The video is always put on one frame by a seek, the one last presented (else
              // currentTime's), which makes the picture that frame; its 'seeked' draws the label and the cursor
              // there (and tells the compared video, which stops on it).
              const video = videoRef.current;
              const shown = presented.current;
              presented.current = null;
              if (video) video.currentTime = clock.seekTimeOf(clock.frameAt(shown ?? video.currentTime));
            }}
            style={{ position: 'absolute', inset: 0, width: '100%', height: '100%' }}
            data-testid="video-element"
          />
          <canvas ref={canvasRef} style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', pointerEvents: 'none' }} data-testid="video-overlay" />
        </div>
        {compareSession && compareRow && <FollowerVideo session={compareSession} row={compareRow} lead={lead} handle={follower} onReady={render} overlay={{ gauges, labels, locale: i18n.language }} />}
      </SimpleGrid>
      {compareSession && compareVideos && !compareRow && (
        <Text size="xs" c="dimmed" data-testid="video-compare-none">
          {t('compareNoVideo', { name: compareSession.name })}
        </Text>
      )}
      <Group gap={4} wrap="wrap">
        <Button size="xs" variant="default" onClick={() => step({ seconds: -1 })} data-testid="video-back-1s">
          {t('back1s')}
        </Button>
        <Button size="xs" variant="default" onClick={() => step({ frames: -1 })} data-testid="video-back-1f">
          {t('back1f')}
        </Button>
        <Button size="xs" onClick={() => (playing ? videoRef.current?.pause() : void videoRef.current?.play())} data-testid="video-play">
          {playing ? t('pause') : t('play')}
        </Button>
        <Button size="xs" variant="default" onClick={() => step({ frames: 1 })} data-testid="video-fwd-1f">
          {t('fwd1f')}
        </Button>
        <Button size="xs" variant="default" onClick={() => step({ seconds: 1 })} data-testid="video-fwd-1s">
          {t('fwd1s')}
        </Button>
        <GaugePicker gauges={gauges} onChange={chooseGauges} />
        <Text size="sm" ff="monospace" ml="sm">
          <span ref={frameRef} data-testid="video-frame" />
        </Text>
      </Group>
      <Group gap="xs" align="flex-end" wrap="wrap">
        <Select
          size="xs"
          w={260}
          label={compareSession ? t('lapOf', { name: session.name }) : t('lap')}
          data={choices.map((c) => ({ value: String(c.lap), label: lapChoiceLabel(c, t, formatLapTime) }))}
          value={lap === null ? null : String(lap)}
          onChange={(v) => setMarkLap(v === null ? null : Number(v))}
          allowDeselect={false}
          comboboxProps={{ width: 'target' }}
          data-testid="video-lap"
        />
        <Button size="xs" onClick={playLap} disabled={!sync || lap === null} data-testid="video-play-lap">
          {t('playLap')} {lap ?? ''}
        </Button>
        <Button size="xs" variant="light" onClick={() => void markHere()} disabled={lap === null || lap === 0} title={t('markHelp')} data-testid="video-mark">
          {t('mark')}
        </Button>
        {row.marks.length > 0 && (
          <Button size="xs" variant="subtle" onClick={() => void videoRepository.saveSync(row.id, null, [])} data-testid="video-clear-marks">
            {t('clearMarks')}
          </Button>
        )}
      </Group>
      <Text size="sm" c="dimmed" data-testid="video-sync">
        {syncText}
      </Text>
      <Group gap="xs">
        <Button
          size="xs"
          variant="light"
          disabled={!sync}
          onClick={() => {
            setExportWanted(true);
            setExportOpen(true);
          }}
          data-testid="video-export"
        >
          {t('videoExport:open')}
        </Button>
      </Group>
      {exportWanted && (
        <Suspense fallback={null}>
          <ExportVideo session={session} row={row} spans={spans} reference={reference} acceleration={acceleration} gauges={gauges} labels={labels} sessionDate={sessionDate} track={track} opened={exportOpen} onClose={() => setExportOpen(false)} />
        </Suspense>
      )}
    </Stack>
  );
}
