/**
 * The compared session's on-board video beside the first, following it by distance along the lap
 * (domain/video/follow-by-distance.ts): the first video drives, and on each of its frames this one is put where its
 * chosen lap is as far into the lap. Paused, it is seeked to that exact frame; playing, it plays at the rate that
 * keeps it there (its lap slower there: faster than real time), and is seeked only when it falls a few frames
 * behind. No React render per frame: the lead calls `follow` through a handle. The lead's gauges are drawn over it
 * too, with its own session's figures (its lap timer, speed, sectors), so the two laps can be read side by side.
 */
import { Group, Select, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { VideoRow } from '../../../data/services';
import { followerRate, type FollowerVideo as FollowerClock, type LeadVideo } from '../../../domain/video/follow-by-distance';
import { lapOutline, lapSpans } from '../../../domain/video/lap-times';
import type { Gauge } from '../../../domain/video/overlay-layout';
import { overlayValuesAt } from '../../../domain/video/overlay-values';
import { lapTraceByNumber, type LapTrace } from '../../../domain/lap-compare/lap-trace';
import { frameAt, seekTimeOfFrame } from '../../../domain/video/video-clock';
import { constantFrameClock } from '../../../domain/video/frame-clock';
import { labelTimeAt } from '../../../domain/video/lap-frames';
import { lapChoices } from '../../../domain/video/lap-choices';
import { lapChoiceLabel } from './lap-choice-label';
import { useLapTime } from '../../../app/preferences/lap-time-digits';
import { drawOverlay, type OverlayScene } from '../../../media/overlay-draw';
import type { LoadedSession } from '../shared';
import { followerLapOf, followPlayRate, followTarget, MAX_PLAYING_DRIFT_S, videoAspect } from './follower-model';
import { sizedOverlay, useSessionDate } from './overlay-canvas';
import { useStoredVideo } from './use-stored-video';

export interface FollowerHandle {
  /** The lead video shows `leadVideoS`; `playing` and its playback rate say how to keep up. */
  follow(leadVideoS: number, playing: boolean, leadRate: number): void;
}

interface FollowerVideoProps {
  session: LoadedSession;
  row: VideoRow;
  lead: LeadVideo | null;
  handle: RefObject<FollowerHandle | null>;
  /** Asks the lead to call `follow` again now (a new lap chosen, the video loaded). */
  onReady: () => void;
  /** The gauges the racer chose for the lead, drawn over this video too with its own session's figures. */
  overlay: { gauges: readonly Gauge[]; labels: OverlayScene['labels']; locale: string };
}

/** The lead's laps as the follower's reference: its delta is to the lap the lead is on, at the same distance. */
function useLeadTraces(lead: LeadVideo | null): (lap: number) => LapTrace | null {
  const leadTraces = useMemo(() => new Map<number, LapTrace>(), [lead?.positions]);
  return useCallback(
    (lap: number) => {
      let trace = leadTraces.get(lap);
      if (!trace && lead) {
        trace = lapTraceByNumber(lead.positions, lap);
        leadTraces.set(lap, trace);
      }
      return trace ?? null;
    },
    [lead, leadTraces],
  );
}

export function FollowerVideo({ session, row, lead, handle, onReady, overlay }: FollowerVideoProps) {
  const { t } = useTranslation('video');
  const formatLapTime = useLapTime();
  const videoRef = useRef<HTMLVideoElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const { url } = useStoredVideo(row.opfsName);
  const allSpans = useMemo(() => lapSpans(session.positions), [session.positions]);
  const spans = useMemo(() => allSpans.filter((s) => s.lap > 0), [allSpans]);
  const [lapNumber, setLapNumber] = useState<number | null>(null);
  const lap = followerLapOf(lapNumber, session.analysis.bestLapNumber, spans);
  const span = spans.find((s) => s.lap === lap) ?? null;
  const track = useMemo(() => lapOutline(session.positions, allSpans), [session.positions, allSpans]);
  const choices = useMemo(() => lapChoices(allSpans, session.analysis.laps, row.sync, row.durationS), [allSpans, session.analysis.laps, row.sync, row.durationS]);
  const sessionDate = useSessionDate(session.date);

  const leadTrace = useLeadTraces(lead);

  // The frame shown is labelled by the player's rule (lap-frames.ts).
  const frameClock = useMemo(() => constantFrameClock(row.fps, row.durationS), [row.fps, row.durationS]);

  /** This video's own figures at a media time (its lap timer, speed, delta to the lead's lap...), or nothing where it has none. */
  const drawAt = useCallback(
    (videoS: number | null, leadLap: number | null) => {
      const canvas = canvasRef.current;
      const sized = canvas ? sizedOverlay(canvas) : null;
      if (!canvas || !sized) return;
      const { ctx, width, height } = sized;
      if (videoS === null || !row.sync) {
        ctx.clearRect(0, 0, width, height);
        canvas.dataset.lap = '';
        canvas.dataset.deltaMs = '';
        return;
      }
      const values = overlayValuesAt(session.positions, allSpans, session.analysis.laps, labelTimeAt(frameClock, row.sync, allSpans, videoS), leadLap === null ? null : leadTrace(leadLap));
      canvas.dataset.lap = values.lap === null ? '' : String(values.lap);
      canvas.dataset.deltaMs = values.deltaMs === null ? '' : values.deltaMs.toFixed(0);
      drawOverlay(ctx, width, height, { values, lapCount: spans.length, sessionName: session.name, sessionDate, track, labels: overlay.labels, gauges: overlay.gauges, locale: overlay.locale });
    },
    [row.sync, frameClock, session, allSpans, spans.length, sessionDate, track, overlay.labels, overlay.gauges, overlay.locale, leadTrace],
  );

  const clock = useMemo((): FollowerClock | null => (row.sync && span ? { positions: session.positions, span, sync: row.sync } : null), [row.sync, span, session.positions]);

  const follow = useCallback(
    (leadVideoS: number, playing: boolean, leadRate: number) => {
      const video = videoRef.current;
      if (!video || !lead || !clock) return;
      const point = followTarget(lead, clock, leadVideoS, video.duration);
      if (point === null) {
        if (!video.paused) video.pause();
        video.dataset.frame = '';
        drawAt(null, null);
        return;
      }
      const target = point.targetS;
      const frame = frameAt(target, row.fps);
      drawAt(target, point.leadLap);
      video.dataset.frame = String(frame);
      video.dataset.distance = point.distanceM.toFixed(1);
      video.dataset.lap = String(point.leadLap);
      if (!playing) {
        // Just stopped playing: its time and the frame on screen can be a frame apart, so it is always seeked.
        const wasPlaying = !video.paused;
        if (wasPlaying) video.pause();
        if (video.playbackRate !== 1) video.playbackRate = 1;
        if (wasPlaying || frameAt(video.currentTime, row.fps) !== frame || video.seeking) video.currentTime = seekTimeOfFrame(frame, row.fps);
        return;
      }
      const drift = target - video.currentTime;
      if (Math.abs(drift) > MAX_PLAYING_DRIFT_S) video.currentTime = target;
      const rate = followPlayRate(followerRate(lead, clock, leadVideoS), leadRate, drift);
      if (Math.abs(video.playbackRate - rate) > 0.02) video.playbackRate = rate;
      if (video.paused) void video.play().catch(() => undefined);
    },
    [lead, clock, row.fps, drawAt],
  );

  useEffect(() => {
    handle.current = { follow };
    onReady();
    return () => {
      handle.current = null;
    };
  }, [handle, follow, onReady]);

  return (
    <Stack gap={4} data-testid="video-follower">
      <Group gap="xs" align="flex-end" wrap="wrap">
        <Select
          size="xs"
          w={260}
          label={t('lapOf', { name: session.name })}
          data={choices.filter((c) => c.lap > 0).map((c) => ({ value: String(c.lap), label: lapChoiceLabel(c, t, formatLapTime) }))}
          comboboxProps={{ width: 'target' }}
          value={lap === null ? null : String(lap)}
          onChange={(v) => setLapNumber(v === null ? null : Number(v))}
          allowDeselect={false}
          data-testid="video-follower-lap"
        />
        <Text size="xs" c="dimmed" maw={420}>
          {row.sync ? t('followHelp', { name: session.name }) : t('followNotSynced', { name: session.name })}
        </Text>
      </Group>
      <div style={{ position: 'relative', width: '100%', aspectRatio: videoAspect(row), background: '#000' }}>
        <video
          ref={videoRef}
          src={url ?? undefined}
          preload="auto"
          playsInline
          muted
          // Not the event: the lead's render reads a number argument as the presented frame's media time.
          onLoadedData={() => onReady()}
          style={{ position: 'absolute', inset: 0, width: '100%', height: '100%' }}
          data-testid="video-follower-element"
        />
        <canvas ref={canvasRef} style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', pointerEvents: 'none' }} data-testid="video-follower-overlay" />
      </div>
    </Stack>
  );
}
