/**
 * The lap viewer's model wired to React: the pure derivations of analysis-view-model.ts (and the shared and coach
 * views) memoised on what they read, the coach's figures asked for, the video's state, and the charts' cursor.
 * analysis-screen.tsx lays the results out.
 */
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber, intlLocale } from '../../../app/i18n/format';
import { currentLocale } from '../../../app/i18n/setup';
import { useLapTime } from '../../../app/preferences/lap-time-digits';
import { useLiveQuery } from '../../../data/live-query';
import { videoRepository } from '../../../data/services';
import { coachReport, cornerMarkers, cornerRows, lapCornersOf, optimalEntry, useCoaching } from '../coach';
import { circuitOutline, createCursorStore, deltaSeries, lapDisplayName, lapEntries, comparedLap, sectorBars, traceOf, type ChartSeries, type LapEntry, type LoadedSession, type SessionsPort } from '../shared';
import type { VideoSeekRequest } from '../video';
import { cursorLines, cursorReading, gCursorLines, lapDistanceNear } from './chart-cursor';
import type { ChartCursor } from './charts/chart-types';
import {
  gChartSeries,
  ggDiagramSeries,
  gLapsOf,
  lapLabeller,
  leftLapOf,
  mapAlignmentOf,
  mapTraces,
  pickedKeyOf,
  referenceOf,
  sessionsOf,
  speedChartSeries,
  type CoachingOf,
} from './analysis-view-model';

/** The laps on screen, the reference and the compared lap, their names, and the coach's figures of both sessions. */
export function useLapComparison(port: SessionsPort, left: LoadedSession | null, right: LoadedSession | null, pickedLap: string | null, referenceLap: string | null) {
  const { t } = useTranslation('sessions');
  const sessions = useMemo(() => sessionsOf(left, right), [left, right]);
  const both = sessions.length > 1;
  const entries = useMemo(() => lapEntries(sessions), [sessions]);
  const picked = pickedKeyOf(entries, pickedLap);
  const leftCoaching = useCoaching(port, left);
  const rightCoaching = useCoaching(port, right);
  const optimal = useMemo(() => (left ? optimalEntry(left, leftCoaching.data, t('coach.optimalLap')) : null), [left, leftCoaching.data, t]);
  /** Every lap a reference can be: the laps, and the left session's drivable optimal lap once the coach has it. */
  const referenceEntries = useMemo(() => (optimal ? [...entries, optimal] : entries), [entries, optimal]);
  const reference = useMemo(() => referenceOf(entries, optimal, referenceLap), [entries, optimal, referenceLap]);
  const compared = useMemo(() => comparedLap(entries, reference, picked), [entries, reference, picked]);
  const lapLabel = useMemo(() => lapLabeller({ optimal: t('coach.optimalLap'), lapName: (lap) => lapDisplayName(lap, t) }, both), [t, both]);
  const coachingOf = useCallback<CoachingOf>((e) => (e.session === left ? leftCoaching.data : rightCoaching.data), [left, leftCoaching.data, rightCoaching.data]);
  /** The one model of the corners (coach, Corners table, braking table, map labels, charts' focus). */
  const cornerModel = useMemo(() => lapCornersOf(reference, compared), [reference, compared]);
  const report = useMemo(() => coachReport(reference, compared, cornerModel), [reference, compared, cornerModel]);
  return { left, sessions, both, entries, picked, leftCoaching, optimal, referenceEntries, reference, compared, lapLabel, coachingOf, cornerModel, report };
}

export type LapComparison = ReturnType<typeof useLapComparison>;

/** The charts' series and labels, the map's lines and markers, and the corner table's rows. */
export function useAnalysisFigures(view: LapComparison, withGraphics: boolean, alignLines: boolean) {
  const { t, i18n } = useTranslation('sessions');
  const formatLapTime = useLapTime();
  const { left, sessions, both, entries, picked, optimal, reference, compared, lapLabel, coachingOf, cornerModel, report } = view;
  const speed = useMemo(() => (withGraphics ? speedChartSeries(entries, picked, both, reference, t('coach.optimalShort')) : []), [entries, picked, both, withGraphics, reference, t]);
  /** The compared lap and its reference (when they differ): their g along distance and their g-g diagram. */
  const gLaps = useMemo(() => gLapsOf(compared, reference), [compared, reference]);
  const gTrace = useMemo(
    () => (withGraphics ? gChartSeries(gLaps, coachingOf, lapLabel, { longitudinal: t('coach.longitudinal'), lateral: t('coach.lateral') }) : []),
    [gLaps, coachingOf, withGraphics, t, lapLabel],
  );
  const gg = useMemo(() => (withGraphics ? ggDiagramSeries(gLaps, coachingOf, lapLabel) : []), [gLaps, coachingOf, withGraphics, lapLabel]);
  const aligned = useMemo(() => mapAlignmentOf(alignLines, report, compared), [alignLines, report, compared]);
  const coachLabels = useMemo(() => ({ gTrace: t('coach.gTrace'), gAxis: t('coach.gAxis') }), [t]);
  const delta = useMemo(() => (withGraphics ? deltaSeries(entries, reference, picked, both) : []), [entries, reference, picked, both, withGraphics]);
  const bars = useMemo(() => sectorBars(entries, both), [entries, both]);
  const userLocale = currentLocale(i18n);
  const corners = useMemo(() => cornerRows(cornerModel, (value, digits) => formatNumber(value, userLocale, digits)), [cornerModel, userLocale]);
  const cornerLabels = useMemo(() => cornerMarkers(cornerModel, reference), [cornerModel, reference]);
  const traces = useMemo(
    () => mapTraces(sessions, { picked, both, optimal, reference, optimalName: t('coach.optimalShort'), aligned }),
    [sessions, picked, both, optimal, reference, t, aligned],
  );
  const labels = useMemo(
    () => ({
      speed: t('analysis.speedChart'),
      delta: t('analysis.deltaChart'),
      sectors: t('analysis.sectorChart'),
      distance: t('analysis.distance'),
      speedAxis: t('analysis.speedAxis'),
      deltaAxis: t('analysis.deltaAxis'),
      sector: (n: number) => t('analysis.sector', { n }),
      sectorTime: (seconds: number) => formatLapTime(seconds * 1000),
    }),
    [t, formatLapTime],
  );
  const outline = useMemo(() => (left ? circuitOutline(left) : null), [left]);
  return { speed, gTrace, gg, aligned, coachLabels, delta, bars, corners, cornerLabels, traces, outline, labels, userLocale, numberLocale: intlLocale(userLocale) };
}

export type AnalysisFigures = ReturnType<typeof useAnalysisFigures>;

/** The left session's video: shown once it has one or the racer adds one; the lap of the frame it shows; the reference's line. */
export function useVideoState(left: LoadedSession | null, entries: readonly LapEntry[], reference: LapEntry | null, withGraphics: boolean) {
  const leftId = left?.id ?? null;
  const videoCount = useLiveQuery(() => (leftId === null ? 0 : videoRepository.countForSession(leftId)), [leftId]) ?? 0;
  const [videoWanted, setVideoWanted] = useState(false);
  const showVideo = withGraphics && (videoCount > 0 || videoWanted);
  /** The lap of the frame the video shows (the left session's), while a video is there: the tooltip names it. */
  const [videoLap, setVideoLap] = useState<number | null>(null);
  const videoEntry = useMemo(() => (showVideo ? leftLapOf(entries, left, videoLap) : null), [showVideo, videoLap, entries, left]);
  /** The reference lap's line, for the video's overlay. */
  const referenceTrace = useMemo(() => (showVideo && reference ? traceOf(reference) : null), [showVideo, reference]);
  return { showVideo, addVideo: () => setVideoWanted(true), videoEntry, onLapShown: setVideoLap, referenceTrace };
}

/**
 * The charts' linked cursor (its tooltips, the coach's focus, a click on the map) and the video's seek requests: a
 * click on a chart or the map while a video is there shows that place of its lap.
 */
export function useAnalysisCursor(view: LapComparison, gTrace: readonly ChartSeries[], numberLocale: string, showVideo: boolean, videoEntry: LapEntry | null) {
  const { t } = useTranslation('sessions');
  const { reference, compared, referenceEntries, lapLabel } = view;
  const cursorStore = useMemo(() => createCursorStore(), []);
  /** A place the coach points at (a finding, a turn): the charts' cursor goes there, and the map's with it. */
  const [focus, setFocus] = useState<{ distanceM: number; seq: number } | null>(null);
  const focusOn = useCallback(
    (distanceM: number) => {
      cursorStore.set(distanceM);
      setFocus((f) => ({ distanceM, seq: (f?.seq ?? 0) + 1 }));
    },
    [cursorStore],
  );
  const byKey = useMemo(() => new Map(referenceEntries.map((e) => [e.key, e])), [referenceEntries]);
  const tooltipAt = useCallback(
    (distanceM: number, underPointer?: string | null) => {
      // The lap the video plays and the lap whose line is under the pointer are named too, not only the compared laps.
      const reading = cursorReading(reference, compared, distanceM, underPointer ? (byKey.get(underPointer) ?? null) : null, videoEntry);
      if (!reading) return null;
      return cursorLines(reading, {
        locale: numberLocale,
        lapName: (key) => {
          const e = byKey.get(key);
          return e ? lapLabel(e) : key;
        },
        distance: (distance) => t('analysis.cursorDistance', { distance }),
        speed: (lap, speed) => t('analysis.cursorSpeed', { lap, speed }),
        reference: (lap) => t('analysis.cursorReference', { lap }),
        playing: (lap) => t('analysis.cursorPlaying', { lap }),
        delta: (delta) => t('analysis.cursorDelta', { delta }),
      });
    },
    [reference, compared, byKey, numberLocale, t, lapLabel, videoEntry],
  );
  /** The g chart's tooltip: its lines' g at the distance (not the laps' speed). */
  const gTooltipAt = useCallback(
    (distanceM: number) =>
      gCursorLines(gTrace, distanceM, {
        locale: numberLocale,
        distance: (distance) => t('analysis.cursorDistance', { distance }),
        g: (line, g) => t('analysis.cursorG', { line, g }),
      }),
    [gTrace, numberLocale, t],
  );
  const [videoSeek, setVideoSeek] = useState<VideoSeekRequest | null>(null);
  const seekVideoTo = useCallback((place: { distanceM: number } | { lat: number; lon: number }) => setVideoSeek((s) => ({ ...place, seq: (s?.seq ?? 0) + 1 })), []);
  // The charts follow the cursor moved elsewhere: a click on the map, the playing video.
  const cursor = useMemo<ChartCursor>(
    () => ({ tooltipAt, gTooltipAt, onMove: cursorStore.set, follow: cursorStore, onSeek: showVideo ? (distanceM) => seekVideoTo({ distanceM }) : undefined }),
    [tooltipAt, gTooltipAt, cursorStore, showVideo, seekVideoTo],
  );
  /** A click on the map: the charts' cursor goes to that place of the reference lap (video or not), and the video there. */
  const onMapClick = useCallback(
    (lat: number, lon: number) => {
      const distanceM = reference ? lapDistanceNear(traceOf(reference), lat, lon) : null;
      if (distanceM !== null) cursorStore.set(distanceM);
      if (showVideo) seekVideoTo({ lat, lon });
    },
    [reference, cursorStore, showVideo, seekVideoTo],
  );
  return { cursorStore, focus, focusOn, cursor, onMapClick, videoSeek };
}
