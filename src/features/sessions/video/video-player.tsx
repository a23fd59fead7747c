/**
 * The video panel's player: the stored video with the overlay drawn over it, frame and second steps, 'play lap N',
 * start/finish marks for a sync by hand, the cursor both ways (the frame shown moves the map and chart cursor; a
 * cursor moved by the racer while paused seeks the video), the compared session's video following by distance,
 * and 'Export video'. It wires the hooks beside it (the video opened, the drawing of each frame, the seeks from
 * outside) to its elements and lays them out with the controls of video-player-controls.tsx.
 */
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useLiveQuery } from '../../../data/live-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { videoRepository, type VideoRow } from '../../../data/services';
import type { LeadVideo } from '../../../domain/video/follow-by-distance';
import { lapSpans } from '../../../domain/video/lap-times';
import { lapChoices } from '../../../domain/video/lap-choices';
import { pausedSeekTime, playLapStop, stepSeekTime, syncWithMarkAt } from '../../../domain/video/player-seeks';
import type { VideoSync } from '../../../domain/video/video-clock';
import type { LoadedSession } from '../shared';
import { FollowerVideo } from './follower-video';
import { videoAspect } from './follower-model';
import { syncSentence } from './sync-sentence';
import { useFrameDrawing } from './use-frame-drawing';
import { useFrameRender } from './use-frame-render';
import { useOverlayScene } from './use-overlay-scene';
import { usePlayableVideo } from './use-playable-video';
import { usePlayerRefs } from './use-player-refs';
import { useVideoSeeks } from './use-video-seeks';
import { PlayerExport, PlayerLapControls, PlayerTransport } from './video-player-controls';
import { problemOf, type Problem } from './video-problem';
import type { VideoPanelProps } from './video-panel';

export interface PlayerProps extends Omit<VideoPanelProps, 'session'> {
  session: LoadedSession;
  row: VideoRow;
  onProblem: (p: Problem) => void;
}

export function Player({ row, session, cursorStore, pickedLap, reference, acceleration = null, seekRequest = null, compareSession = null, onLapShown, onProblem }: PlayerProps) {
  const { t, i18n } = useTranslation('video');
  const refs = usePlayerRefs();
  const [playing, setPlaying] = useState(false);
  const spans = useMemo(() => lapSpans(session.positions), [session.positions]);
  const lapNumbers = useMemo(() => spans.filter((s) => s.lap > 0).map((s) => s.lap), [spans]);
  const choices = useMemo(() => lapChoices(spans, session.analysis.laps, row.sync, row.durationS), [spans, session.analysis.laps, row.sync, row.durationS]);
  const [markLap, setMarkLap] = useState<number | null>(null);
  const lap = markLap ?? lapNumbers[0] ?? null;
  const sync: VideoSync | null = row.sync;
  const compareVideos = useLiveQuery(async () => (compareSession ? videoRepository.listForSession(compareSession.id) : []), [compareSession?.id]);
  const compareRow = compareVideos?.[0] ?? null;
  const lead = useMemo((): LeadVideo | null => (sync ? { positions: session.positions, spans, sync } : null), [session.positions, spans, sync]);
  const { gauges, chooseGauges, sessionDate, labels, track } = useOverlayScene(session, spans, t);
  const { url, clock } = usePlayableVideo(row, onProblem);
  const scene = { sessionDate, track, labels, gauges, locale: i18n.language };
  const { render, lastSet, lastSetAt } = useFrameRender({ refs, clock, sync, session, spans, reference, acceleration, lapCount: lapNumbers.length, scene, cursorStore, onLapShown, t });
  useFrameDrawing(refs, url, render);
  const { seek, seekToLap } = useVideoSeeks({ refs, clock, sync, session, spans, lapNumbers, pickedLap, seekRequest, cursorStore, lastSet, lastSetAt });

  const step = (by: { frames: number } | { seconds: number }) => {
    const video = refs.video.current;
    if (!video) return;
    video.pause();
    seek(stepSeekTime(clock, video.currentTime, by));
  };

  async function markHere() {
    const video = refs.video.current;
    if (!video || lap === null) return;
    try {
      const marked = syncWithMarkAt(row.marks, spans, clock, lap, video.currentTime);
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
    refs.stopAt.current = playLapStop(clock, sync, span);
    void refs.video.current?.play();
  }

  const syncText = syncSentence(row);
  return (
    <Stack gap="xs" data-lap-starts={JSON.stringify(spans.map((s) => [s.lap, s.startMs]))} data-fps={row.fps} data-frame-clock={clock.kind}>
      <SimpleGrid cols={{ base: 1, md: compareRow ? 2 : 1 }} spacing="xs">
        <div style={{ position: 'relative', width: '100%', maxWidth: 960, aspectRatio: videoAspect(row), background: '#000' }}>
          <video
            ref={refs.video}
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
              const video = refs.video.current;
              const shown = refs.presented.current;
              refs.presented.current = null;
              if (video) video.currentTime = pausedSeekTime(clock, shown, video.currentTime);
            }}
            style={{ position: 'absolute', inset: 0, width: '100%', height: '100%' }}
            data-testid="video-element"
          />
          <canvas ref={refs.canvas} style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', pointerEvents: 'none' }} data-testid="video-overlay" />
        </div>
        {compareSession && compareRow && <FollowerVideo session={compareSession} row={compareRow} lead={lead} handle={refs.follower} onReady={render} overlay={{ gauges, labels, locale: i18n.language }} />}
      </SimpleGrid>
      {compareSession && compareVideos && !compareRow && (
        <Text size="xs" c="dimmed" data-testid="video-compare-none">
          {t('compareNoVideo', { name: compareSession.name })}
        </Text>
      )}
      <PlayerTransport playing={playing} onStep={step} onPlayPause={() => (playing ? refs.video.current?.pause() : void refs.video.current?.play())} gauges={gauges} onGauges={chooseGauges} frameRef={refs.frame} />
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
      <PlayerExport synced={sync !== null} session={session} row={row} spans={spans} reference={reference} acceleration={acceleration} gauges={gauges} labels={labels} sessionDate={sessionDate} track={track} />
    </Stack>
  );
}
