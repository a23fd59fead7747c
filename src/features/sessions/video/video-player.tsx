/**
 * The video panel's player: the stored video with the overlay drawn over it, frame and second steps, 'play lap N',
 * start/finish marks for a sync by hand, the cursor both ways (the frame shown moves the map and chart cursor; a
 * cursor moved by the racer while paused seeks the video), the compared session's video following by distance,
 * and 'Export video'.
 */
import { Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useLiveQuery } from '../../../data/live-query';
import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { videoRepository, type VideoRow } from '../../../data/services';
import type { LeadVideo } from '../../../domain/video/follow-by-distance';
import { lapSpans } from '../../../domain/video/lap-times';
import { stepFramesOn, stepSecondsOn } from '../../../domain/video/frame-clock';
import { lapChoices } from '../../../domain/video/lap-choices';
import type { VideoSync } from '../../../domain/video/video-clock';
import type { LoadedSession } from '../shared';
import { FollowerVideo, type FollowerHandle } from './follower-video';
import { useOverlayRender, useOverlayScene } from './use-overlay-render';
import { usePlayableVideo } from './use-stored-video';
import { PlayerLapControls, PlayerTransport } from './video-player-controls';
import { markedSync, pausedSeekTime, playerAspect, playLapStop, syncSentence } from './video-player-model';
import { useVideoSeeking } from './use-video-seeking';
import { problemOf, type Problem } from './video-problem';
import type { VideoPanelProps } from './video-panel';

/** 'Export video' and its worker load on the first click (their own chunk). */
const ExportVideo = lazy(() => import('./export-video'));

export interface PlayerProps extends Omit<VideoPanelProps, 'session'> {
  session: LoadedSession;
  row: VideoRow;
  onProblem: (p: Problem) => void;
}

export function Player({ row, session, cursorStore, pickedLap, reference, acceleration = null, seekRequest = null, compareSession = null, onLapShown, onProblem }: PlayerProps) {
  const { t, i18n } = useTranslation('video');
  const videoRef = useRef<HTMLVideoElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const frameRef = useRef<HTMLSpanElement>(null);
  const { url, clock } = usePlayableVideo(row, onProblem);
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
  const { scene, chooseGauges } = useOverlayScene(session, spans);
  const { gauges, labels, sessionDate, track } = scene;
  const elements = useMemo(() => ({ video: videoRef, canvas: canvasRef, frame: frameRef }), []);
  const overlay = useOverlayRender({ elements, stopAt, presented, follower, clock, sync, session, spans, reference, acceleration, lapCount: lapNumbers.length, scene, cursorStore, onLapShown, t });
  const { render } = overlay;
  const { seek, seekToLap } = useVideoSeeking({ elements, url, render, presented, overlay, clock, sync, session, spans, lapNumbers, pickedLap, seekRequest, cursorStore });

  const step = (by: { frames: number } | { seconds: number }) => {
    const video = videoRef.current;
    if (!video) return;
    video.pause();
    seek('frames' in by ? stepFramesOn(clock, video.currentTime, by.frames) : stepSecondsOn(clock, video.currentTime, by.seconds));
  };

  async function markHere() {
    const video = videoRef.current;
    if (!video || lap === null) return;
    try {
      const marked = markedSync(row, spans, clock, lap, video.currentTime);
      onProblem(null);
      await videoRepository.saveSync(row.id, marked.sync, marked.marks);
    } catch (e) {
      onProblem(problemOf(e));
    }
  }

  function playLap() {
    if (lap === null) return;
    const span = seekToLap(lap);
    if (!span) return;
    stopAt.current = playLapStop(clock, sync, span);
    void videoRef.current?.play();
  }

  const [exportWanted, setExportWanted] = useState(false);
  const [exportOpen, setExportOpen] = useState(false);
  const syncText = syncSentence(row);
  return (
    <Stack gap="xs" data-lap-starts={JSON.stringify(spans.map((s) => [s.lap, s.startMs]))} data-fps={row.fps} data-frame-clock={clock.kind}>
      <SimpleGrid cols={{ base: 1, md: compareRow ? 2 : 1 }} spacing="xs">
        <div style={{ position: 'relative', width: '100%', maxWidth: 960, aspectRatio: playerAspect(row), background: '#000' }}>
          <video
            ref={videoRef}
            src={url ?? undefined}
            preload="auto"
            playsInline
            muted
            onPlay={() => setPlaying(true)}
            onPause={() => {
              setPlaying(false);
              // Paused, the video is always put on one frame by a seek (video-player-model.ts pausedSeekTime), which
              // makes the picture that frame; its 'seeked' draws the label and the cursor there (and tells the
              // compared video, which stops on it).
              const video = videoRef.current;
              const shown = presented.current;
              presented.current = null;
              if (video) video.currentTime = pausedSeekTime(clock, shown, video.currentTime);
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
      <PlayerTransport playing={playing} onStep={step} onPlayPause={() => (playing ? videoRef.current?.pause() : void videoRef.current?.play())} gauges={gauges} onGauges={chooseGauges} frameRef={frameRef} />
      <PlayerLapControls
        label={compareSession ? t('lapOf', { name: session.name }) : t('lap')}
        choices={choices}
        lap={lap}
        onLap={setMarkLap}
        synced={sync !== null}
        hasMarks={row.marks.length > 0}
        onPlayLap={playLap}
        onMark={() => void markHere()}
        onClearMarks={() => void videoRepository.saveSync(row.id, null, [])}
      />
      <Text size="sm" c="dimmed" data-testid="video-sync">
        {t(syncText.key, syncText.values)}
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
