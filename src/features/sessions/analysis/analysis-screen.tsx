/**
 * /sessions/analysis, the lap viewer: lap tables of the active sessions side by side (left and
 * right colour schemes), the reference lap, ECharts charts (speed vs distance with every lap of both sessions,
 * delta time to the reference, sector bars), a map of the laps, a corner table and consistency figures.
 * Picking a lap in a table or a chart highlights it everywhere (the pick is in the URL: ?lap=L-3). The left
 * session's on-board video (video/video-panel.tsx) plays beside them once added.
 */
import { ActionIcon, Alert, Badge, Button, Grid, Group, Select, Stack, Title, useComputedColorScheme } from '@mantine/core';
import { useLiveQuery } from '../../../data/live-query';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber, intlLocale } from '../../../app/i18n/format';
import { currentLocale } from '../../../app/i18n/setup';
import { useLapTime } from '../../../app/preferences/lap-time-digits';
import { LazyTrackMap } from '../../../ui/map/lazy-track-map';
import type { TrackMapProps } from '../../../ui/map/types';
import { cursorLines, cursorReading, gCursorLines, lapDistanceNear } from './chart-cursor';
import type { ChartCursor } from './charts/chart-types';
import { createCursorStore, useCursorDistance, type CursorStore } from '../shared';
import { activeSessions, useActiveSessions, type ActiveSessionsStore } from '../shared';
import { comparedLap, type LapEntry, deltaSeries, lapEntries, resolveReference, sectorBars, speedSeries, traceOf } from '../shared';
import { LazySessionCharts } from './charts/lazy-charts';
import { LapTable, PerformanceLegend } from './lap-table';
import { CornerTable } from './corner-table';
import { circuitOutline, hasNoLaps, isFullyUpdated, lapDisplayName, lapTraces } from '../shared';
import { NoActiveSession, NoLapsFound, NotFullyUpdated, SessionsLoadError, SessionsLoading } from '../shared';
import { useSessionsPort, type LoadedSession } from '../shared';
import { useLoadedSessions } from '../shared';
import { useOpenRequest } from './use-open-request';
import { useCompareRequest, useSharedLap } from './use-shared-lap';
import { useTeamSession } from './use-team-session';
import { TeamSessionBanner, TeamSessionUnavailableMessage } from './team-session-banner';
import { SharedLapsDialog } from './shared-laps-dialog';
import { sharedReference, useSharedReference, type SharedReferenceStore } from '../shared';
import { lapKeyOf } from '../search';
import { notifyError } from '../../../ui/toast';
import { useCoaching } from '../coach';
import { GgDiagram } from '../coach';
import { alignedMapTraces, alignedMarkers, coachReport, cornerMarkers, cornerRows, lapCornersOf, ggSeries, gTraceSeries, isOptimal, lapG, optimalEntry, OPTIMAL_COLOR, type MapAlignment } from '../coach';
import { sideOf } from '../shared';
import type { ChartSeries } from '../shared';
import type { MapTrace } from '../../../ui/map/types';
import { videoRepository } from '../../../data/services';
import type { VideoSeekRequest } from '../video';

/** The coach's panel, in its own chunk: the lap tables and charts show first. */
const CoachPanel = lazy(() => import('../coach/coach-panel'));
/** The on-board video player, in its own chunk: loaded only once the session has a video or the racer adds one. */
const VideoPanel = lazy(() => import('../video/video-panel'));

export interface AnalysisScreenProps {
  pickedLap: string | null;
  referenceLap: string | null;
  onPickLap: (key: string | null) => void;
  onReferenceLap: (key: string | null) => void;
  /** A session asked for by '?open=' (local id), and how to drop that request from the URL once applied. */
  openSessionId?: number | null;
  onOpened?: () => void;
  store?: ActiveSessionsStore;
  /** Charts and map are canvas/WebGL: component tests turn them off. */
  withGraphics?: boolean;
  /** Opens the map's gate editor (offered in the left lap table when the circuit has no sectors). */
  onDrawSectors?: () => void;
  /** 'Compare with my best' from a leaderboard row: another racer's lap '<session>-<lap>' on a circuit. */
  compareRequest?: { compare: string | null; circuitId: number | null };
  onCompareApplied?: () => void;
  sharedStore?: SharedReferenceStore;
  /** A team-mate's session (server id, '?team='): shown read-only in place of the active sessions. */
  teamSessionId?: number | null;
}

const NO_COMPARE = { compare: null, circuitId: null };
const NO_SELECTION = { left: null, right: null };

const NO_HIDDEN: ReadonlySet<string> = new Set();
const noop = () => undefined;

/**
 * The track map with the charts' cursor on it: only this re-renders as the cursor moves. With aligned lines, the
 * compared session's cursor moves with its line.
 */
function CursorTrackMap({ store, reference, compared, aligned, ...props }: TrackMapProps & { store: CursorStore; reference: LapEntry | null; compared: LapEntry | null; aligned: MapAlignment | null }) {
  const distanceM = useCursorDistance(store);
  const cursorMarkers = useMemo(
    () => (distanceM === null ? [] : alignedMarkers((cursorReading(reference, compared, distanceM)?.laps ?? []).map((l) => ({ id: l.key, lat: l.lat, lon: l.lon, color: l.color })), aligned)),
    [distanceM, reference, compared, aligned],
  );
  return <LazyTrackMap {...props} cursorMarkers={cursorMarkers} />;
}

export function AnalysisScreen({
  pickedLap,
  referenceLap: chosenReference,
  onPickLap,
  onReferenceLap,
  openSessionId = null,
  onOpened = noop,
  store = activeSessions,
  withGraphics = true,
  onDrawSectors,
  compareRequest = NO_COMPARE,
  onCompareApplied = noop,
  sharedStore = sharedReference,
  teamSessionId = null,
}: AnalysisScreenProps) {
  const { t, i18n } = useTranslation('sessions');
  const formatLapTime = useLapTime();
  const port = useSessionsPort();
  const opening = useOpenRequest(port, store, openSessionId, onOpened);
  const comparing = useCompareRequest(port, store, sharedStore, compareRequest, onCompareApplied, () => notifyError(t('shared.noOwnSession'), { translated: true }));
  const selection = useActiveSessions(store);
  // A team-mate's session is read-only: no video, no gate edits, no other racer's lap beside it.
  const readOnly = teamSessionId !== null;
  const team = useTeamSession(port, teamSessionId);
  const own = useLoadedSessions(port, readOnly ? NO_SELECTION : selection);
  const loaded = readOnly ? team : own;
  const dark = useComputedColorScheme('light') === 'dark';
  /** Another racer's lap, on the right when no second session of the racer's is active. */
  const sharedRef = useSharedReference(sharedStore);
  const sharedLap = useSharedLap(port, readOnly ? null : sharedRef, loaded.left, selection.right !== null);
  const right = loaded.right ?? sharedLap.session;
  const sharedBy = right?.sharedBy ?? null;
  // Another racer's lap is the reference by default (what it is there for); the racer may pick another.
  const referenceLap = chosenReference ?? (sharedBy ? lapKeyOf('R', sharedBy.lapNumber) : null);
  const [choosingShared, setChoosingShared] = useState(false);
  const rows = port.useLibraryRows();
  const leftCategoryId = rows?.find((r) => r.id === loaded.left?.id)?.vehicleCategoryId ?? null;
  const sessions = useMemo(() => [loaded.left, right].filter((s): s is LoadedSession => s !== null), [loaded.left, right]);
  const both = sessions.length > 1;
  const entries = useMemo(() => lapEntries(sessions), [sessions]);
  const picked = pickedLap && entries.some((e) => e.key === pickedLap) ? pickedLap : null;
  const leftCoaching = useCoaching(port, loaded.left);
  const rightCoaching = useCoaching(port, right);
  const optimal = useMemo(() => (loaded.left ? optimalEntry(loaded.left, leftCoaching.data, t('coach.optimalLap')) : null), [loaded.left, leftCoaching.data, t]);
  /** Every lap a reference can be: the laps, and the left session's drivable optimal lap once the coach has it. */
  const referenceEntries = useMemo(() => (optimal ? [...entries, optimal] : entries), [entries, optimal]);
  // The optimal lap is a reference only when the racer picks it: by default the reference stays the fastest lap driven.
  const reference = useMemo(
    () => (optimal && referenceLap === optimal.key ? optimal : resolveReference(entries, referenceLap)),
    [entries, optimal, referenceLap],
  );
  const compared = useMemo(() => comparedLap(entries, reference, picked), [entries, reference, picked]);
  /** The lap the coach panel's 'Best lap' is: the left session's (the panel's figures are that session's). */
  const bestLeft = entries.find((e) => e.session === loaded.left && e.lap.lapNumber === loaded.left?.analysis.bestLapNumber) ?? null;
  /** 'Lap 4', or 'Lap 4 (L)' when two sessions are compared (L/R: the session's side). */
  const lapLabel = (e: { key: string; lap: { lapName: string; lapNumber: number }; session?: LoadedSession }) =>
    isOptimal(e as LapEntry)
      ? t('coach.optimalLap')
      : e.session?.sharedBy
        ? e.session.sharedBy.ownerName
        : `${lapDisplayName(e.lap, t)}${both ? ` (${e.key.split('-')[0]})` : ''}`;
  const speed = useMemo(() => {
    if (!withGraphics) return [];
    const series = speedSeries(entries, picked, both);
    if (reference && isOptimal(reference)) {
      const trace = traceOf(reference);
      const points: [number, number][] = [];
      for (let i = 0; i < trace.count; i += 2) points.push([Math.round(trace.distanceM[i] * 10) / 10, Math.round(trace.speedKmh[i] * 10) / 10]);
      series.push({ key: reference.key, name: t('coach.optimalShort'), color: OPTIMAL_COLOR, points, highlighted: false, dashed: true });
    }
    return series;
  }, [entries, picked, both, withGraphics, reference, t]);
  const coachingOf = useCallback((e: LapEntry) => (e.session === loaded.left ? leftCoaching.data : rightCoaching.data), [loaded.left, leftCoaching.data, rightCoaching.data]);
  const sharedOwner = sharedBy?.ownerName ?? '';
  /** The compared lap and its reference (when they differ): their g along distance and their g-g diagram. */
  const gLaps = useMemo(() => (compared && reference && compared.key !== reference.key ? [compared, reference] : reference ? [reference] : []), [compared, reference]);
  const gTrace = useMemo((): ChartSeries[] => {
    if (!withGraphics) return [];
    return gLaps.flatMap((e, i) => {
      const g = lapG(e, coachingOf(e));
      return g ? gTraceSeries(e, g, { longitudinal: `${lapLabel(e)} · ${t('coach.longitudinal')}`, lateral: `${lapLabel(e)} · ${t('coach.lateral')}` }, i === 0) : [];
    });
    // lapLabel depends on `both` and `t` only.
  }, [gLaps, coachingOf, withGraphics, t, both]);
  const gg = useMemo(() => {
    if (!withGraphics) return [];
    return gLaps.flatMap((e) => {
      const g = lapG(e, coachingOf(e));
      return g ? [ggSeries(e, g, lapLabel(e))] : [];
    });
    // lapLabel depends on `both` and `t` only.
  }, [gLaps, coachingOf, withGraphics, t, both]);
  /** The one model of the corners (coach, Corners table, braking table, map labels, charts' focus). */
  const cornerModel = useMemo(() => lapCornersOf(reference, compared), [reference, compared]);
  const report = useMemo(() => coachReport(reference, compared, cornerModel), [reference, compared, cornerModel]);
  /** Two sessions' lines are moved onto each other (the compared lap's session onto the reference's) unless turned off. */
  const [alignLines, setAlignLines] = useState(true);
  const aligned = useMemo((): MapAlignment | null => (alignLines && report?.alignment && compared ? { side: sideOf(compared.session), alignment: report.alignment } : null), [alignLines, report, compared]);
  /** A place the coach points at (a finding, a turn): the charts' cursor goes there, and the map's with it. */
  const [focus, setFocus] = useState<{ distanceM: number; seq: number } | null>(null);
  const coachLabels = useMemo(
    () => ({
      gTrace: t('coach.gTrace'),
      gAxis: t('coach.gAxis'),
    }),
    [t],
  );
  const delta = useMemo(() => (withGraphics ? deltaSeries(entries, reference, picked, both) : []), [entries, reference, picked, both, withGraphics]);
  const bars = useMemo(() => sectorBars(entries, both), [entries, both]);
  const userLocale = currentLocale(i18n);
  const corners = useMemo(() => cornerRows(cornerModel, (value, digits) => formatNumber(value, userLocale, digits)), [cornerModel, userLocale]);
  const cornerLabels = useMemo(() => cornerMarkers(cornerModel, reference), [cornerModel, reference]);
  const traces = useMemo(() => {
    const laps: MapTrace[] = sessions.flatMap((s) => lapTraces(s, { sectorVision: false, hidden: NO_HIDDEN, picked, labelPrefix: both }));
    if (optimal) {
      const trace = traceOf(optimal);
      const chosen = reference?.key === optimal.key;
      laps.push({ id: optimal.key, lat: trace.lat, lon: trace.lon, color: OPTIMAL_COLOR, label: t('coach.optimalShort'), highlighted: chosen, dimmed: !chosen && picked !== null, dashed: !chosen });
    }
    return alignedMapTraces(laps, aligned);
  }, [sessions, picked, both, optimal, reference, t, aligned]);
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

  const cursorStore = useMemo(() => createCursorStore(), []);
  /** The coach or a table pointing at a place (a corner): the charts' cursor and the map's go there. */
  const focusOn = useCallback(
    (distanceM: number) => {
      cursorStore.set(distanceM);
      setFocus((f) => ({ distanceM, seq: (f?.seq ?? 0) + 1 }));
    },
    [cursorStore],
  );
  const outline = useMemo(() => (loaded.left ? circuitOutline(loaded.left) : null), [loaded.left]);
  const numberLocale = intlLocale(currentLocale(i18n));
  const leftId = loaded.left?.id ?? null;
  const videoCount = useLiveQuery(() => (leftId === null ? 0 : videoRepository.countForSession(leftId)), [leftId]) ?? 0;
  const [videoWanted, setVideoWanted] = useState(false);
  const showVideo = withGraphics && !readOnly && (videoCount > 0 || videoWanted);
  /** The lap of the frame the video shows (the left session's), while a video is there: the tooltip names it. */
  const [videoLap, setVideoLap] = useState<number | null>(null);
  const videoEntry = useMemo(
    () => (showVideo && videoLap !== null ? (entries.find((e) => e.session === loaded.left && e.lap.lapNumber === videoLap) ?? null) : null),
    [showVideo, videoLap, entries, loaded.left],
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
    // lapLabel depends on `both` and `t` only.
    [reference, compared, byKey, numberLocale, t, both, videoEntry],
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
  /** A click on a chart or the map while a video is there: the video shows that place of its lap. */
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
  const pickedLeftLap = compared && compared.session === loaded.left && picked === compared.key ? compared.lap.lapNumber : null;
  const referenceTrace = useMemo(() => (showVideo && reference ? traceOf(reference) : null), [showVideo, reference]);

  if (opening || comparing) return <SessionsLoading />;
  if (team.unavailable) return <TeamSessionUnavailableMessage reason={team.unavailable} />;
  if (!readOnly && !selection.left) return <NoActiveSession plural={false} />;
  if (loaded.error) return <SessionsLoadError message={loaded.error} />;
  if (loaded.loading || !loaded.left) return <SessionsLoading />;

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>{t('analysis.title')}</Title>
        <Group gap="sm" align="flex-end">
          <PerformanceLegend />
          {withGraphics && !readOnly && !showVideo && (
            <Button size="xs" variant="default" onClick={() => setVideoWanted(true)} data-testid="video-add">
              {t('video:add')}
            </Button>
          )}
          {!readOnly && loaded.left.circuitId !== null && selection.right === null && (
            <Button size="xs" variant="default" onClick={() => setChoosingShared(true)} data-testid="shared-laps-open">
              {t('shared.open')}
            </Button>
          )}
          <Select
            size="xs"
            label={t('analysis.reference')}
            data={referenceEntries.map((e) => ({
              value: e.key,
              label: `${isOptimal(e) ? t('coach.optimalShort') : e.session.sharedBy ? e.session.sharedBy.ownerName : both ? e.key : e.lap.lapNumber} · ${formatLapTime(e.lap.timeMs)}`,
            }))}
            value={reference?.key ?? null}
            onChange={(value) => onReferenceLap(value)}
            allowDeselect={false}
            w={180}
            data-testid="reference-lap"
          />
        </Group>
      </Group>
      {loaded.left.teamOwner && <TeamSessionBanner owner={loaded.left.teamOwner} name={loaded.left.name} />}
      {sharedBy && (
        <Group gap="xs" data-testid="shared-reference">
          <Badge variant="light" color="teal" size="lg" tt="none">
            {t('shared.reference', { name: sharedBy.ownerName, time: formatLapTime(sharedBy.lapTimeMs), date: sharedBy.date })}
          </Badge>
          <ActionIcon variant="subtle" color="gray" aria-label={t('shared.remove', { name: sharedOwner })} onClick={() => { sharedStore.set(null); onReferenceLap(null); }} data-testid="shared-reference-remove">
            ×
          </ActionIcon>
        </Group>
      )}
      {sharedLap.error && (
        <Alert color="red" variant="light" withCloseButton closeButtonLabel={t('app:toast.close')} onClose={() => sharedStore.set(null)} data-testid="shared-reference-error">
          {t('shared.loadFailed', { message: sharedLap.error })}
        </Alert>
      )}
      {loaded.left.circuitId !== null && (
        <SharedLapsDialog
          opened={choosingShared}
          port={port}
          circuitId={loaded.left.circuitId}
          circuitName={loaded.left.circuit?.name ?? ''}
          vehicleCategoryId={leftCategoryId}
          onClose={() => setChoosingShared(false)}
          onPick={(lap) => {
            setChoosingShared(false);
            onReferenceLap(null);
            sharedStore.set({ sessionId: lap.sessionId, lapNumber: lap.lapNumber, circuitId: loaded.left!.circuitId! });
          }}
        />
      )}
      {sessions.map((s) => (hasNoLaps(s) ? !readOnly && <NoLapsFound key={s.id} name={s.name} circuit={s.circuit !== null} /> : !isFullyUpdated(s) && <NotFullyUpdated key={s.id} name={s.name} />))}
      {/* Side by side only from xl (88em): below it two columns are narrower than a lap table (560 px) and scroll. */}
      <Grid gap="sm">
        {sessions.map((s) => (
          <Grid.Col key={s.id} span={{ base: 12, xl: both ? 6 : 12 }}>
            {/* The gate editor re-times the left session: the offer to draw sectors is its table's. */}
            <LapTable session={s} picked={picked} reference={reference?.key ?? null} onPick={onPickLap} onDrawSectors={s === loaded.left && !readOnly ? onDrawSectors : undefined} />
          </Grid.Col>
        ))}
      </Grid>
      {showVideo && (
        <Suspense fallback={<SessionsLoading />}>
          <VideoPanel session={loaded.left} cursorStore={cursorStore} pickedLap={pickedLeftLap} reference={referenceTrace} acceleration={leftCoaching.data?.acceleration ?? null} seekRequest={videoSeek} compareSession={loaded.right} onLapShown={setVideoLap} />
        </Suspense>
      )}
      {withGraphics && (
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <Stack gap="sm">
              <LazySessionCharts
                speed={speed}
                delta={delta}
                sectors={bars}
                labels={labels}
                dark={dark}
                numberLocale={numberLocale}
                onPickLap={(key) => onPickLap(key === picked || isOptimal(entries.find((e) => e.key === key) ?? null) ? null : key)}
                cursor={cursor}
                gTrace={gTrace}
                coachLabels={coachLabels}
                focus={focus}
              />
              {gg.length > 0 && (
                <GgDiagram
                  series={gg}
                  title={t('coach.gg')}
                  xName={t('coach.lateralAxis')}
                  yName={t('coach.longitudinalAxis')}
                  legendName={(lap) => t('coach.envelope', { lap })}
                  dark={dark}
                  locale={numberLocale}
                />
              )}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <CursorTrackMap
              store={cursorStore}
              reference={reference}
              compared={compared}
              aligned={aligned}
              aria-label={t('map.mapLabel')}
              traces={traces}
              gates={loaded.left.circuit?.gates ?? []}
              gateWidthM={loaded.left.circuit?.widthM ?? 15}
              showLabels={false}
              markers={cornerLabels}
              fitKey={sessions.map((s) => s.id).join('|')}
              outline={outline}
              height={420}
              onPointClick={onMapClick}
            />
          </Grid.Col>
        </Grid>
      )}
      <Suspense fallback={null}>
        <CoachPanel
          coaching={leftCoaching}
          report={report}
          reference={reference}
          compared={compared}
          lapLabel={lapLabel}
          bestLapMs={loaded.left.analysis.bestLapMs}
          bestLapName={bestLeft ? lapLabel(bestLeft) : null}
          sumOfBestSectorsMs={loaded.left.analysis.optimalLapMs}
          referenceIsOptimal={isOptimal(reference)}
          onUseOptimal={() => optimal && onReferenceLap(optimal.key)}
          linesAligned={alignLines}
          onAlignLines={setAlignLines}
          onFocus={focusOn}
        />
      </Suspense>
      <CornerTable
        title={compared && reference ? t('analysis.cornersOf', { lap: lapLabel(compared), reference: lapLabel(reference) }) : t('analysis.corners')}
        corners={corners}
        locale={userLocale}
        onFocus={focusOn}
      />
    </Stack>
  );
}
