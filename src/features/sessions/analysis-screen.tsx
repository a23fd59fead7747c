/**
 * /sessions/analysis, the lap viewer: lap tables of the active sessions side by side (left and
 * right colour schemes), the reference lap, ECharts charts (speed vs distance with every lap of both sessions,
 * delta time to the reference, sector bars), a map of the laps, a corner table and consistency figures.
 * Picking a lap in a table or a chart highlights it everywhere (the pick is in the URL: ?lap=L-3). The left
 * session's on-board video (video/video-panel.tsx) plays beside them once added.
 */
import { Button, Grid, Group, Paper, Select, Stack, Table, Text, Title, useComputedColorScheme } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber, intlLocale } from '../../app/i18n/format';
import { currentLocale } from '../../app/i18n/setup';
import { formatLapTime } from '../../domain/format/lap-time';
import { formatSpeedKmh } from '../../domain/format/speed';
import { LazyTrackMap } from '../../ui/map/lazy-track-map';
import type { TrackMapProps } from '../../ui/map/types';
import { cursorLines, cursorReading } from './chart-cursor';
import type { ChartCursor } from './charts/chart-types';
import { createCursorStore, useCursorDistance, type CursorStore } from './cursor-store';
import { activeSessions, useActiveSessions, type ActiveSessionsStore } from './active-sessions-store';
import { comparedLap, cornerRows, type LapEntry, deltaSeries, lapEntries, resolveReference, sectorBars, speedSeries, traceOf } from './analysis-view';
import { LazySessionCharts } from './charts/lazy-charts';
import { LapTable, PerformanceLegend } from './lap-table';
import { circuitOutline, isFullyUpdated, lapDisplayName, lapTraces } from './lap-views';
import { NoActiveSession, NotFullyUpdated, SessionsLoadError, SessionsLoading } from './session-messages';
import { useSessionsPort, type LoadedSession } from './sessions-port';
import { useLoadedSessions } from './use-loaded-sessions';
import { useOpenRequest } from './use-open-request';
import { useCoaching } from './use-coaching';
import { GgDiagram } from './gg-diagram';
import { alignedMapTraces, alignedMarkers, coachReport, ggSeries, gTraceSeries, isOptimal, lapG, optimalEntry, OPTIMAL_COLOR, type MapAlignment } from './coach-view';
import { sideOf } from './lap-views';
import type { ChartSeries } from './analysis-view';
import type { MapTrace } from '../../ui/map/types';
import { videoRepository } from '../../data/services';
import type { VideoSeekRequest } from './video/seek-request';

/** The coach's panel, in its own chunk: the lap tables and charts show first. */
const CoachPanel = lazy(() => import('./coach-panel'));
/** The on-board video player, in its own chunk: loaded only once the session has a video or the racer adds one. */
const VideoPanel = lazy(() => import('./video/video-panel'));

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
}

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

export function AnalysisScreen({ pickedLap, referenceLap, onPickLap, onReferenceLap, openSessionId = null, onOpened = noop, store = activeSessions, withGraphics = true }: AnalysisScreenProps) {
  const { t, i18n } = useTranslation('sessions');
  const port = useSessionsPort();
  const opening = useOpenRequest(port, store, openSessionId, onOpened);
  const selection = useActiveSessions(store);
  const loaded = useLoadedSessions(port, selection);
  const dark = useComputedColorScheme('light') === 'dark';
  const sessions = useMemo(() => [loaded.left, loaded.right].filter((s): s is LoadedSession => s !== null), [loaded.left, loaded.right]);
  const both = sessions.length > 1;
  const entries = useMemo(() => lapEntries(sessions), [sessions]);
  const picked = pickedLap && entries.some((e) => e.key === pickedLap) ? pickedLap : null;
  const leftCoaching = useCoaching(port, loaded.left);
  const rightCoaching = useCoaching(port, loaded.right);
  const optimal = useMemo(() => (loaded.left ? optimalEntry(loaded.left, leftCoaching.data, t('coach.optimalLap')) : null), [loaded.left, leftCoaching.data, t]);
  /** Every lap a reference can be: the laps, and the left session's drivable optimal lap once the coach has it. */
  const referenceEntries = useMemo(() => (optimal ? [...entries, optimal] : entries), [entries, optimal]);
  // The optimal lap is a reference only when the racer picks it: by default the reference stays the fastest lap driven.
  const reference = useMemo(
    () => (optimal && referenceLap === optimal.key ? optimal : resolveReference(entries, referenceLap)),
    [entries, optimal, referenceLap],
  );
  const compared = useMemo(() => comparedLap(entries, reference, picked), [entries, reference, picked]);
  /** 'Lap 4', or 'Lap 4 (L)' when two sessions are compared (L/R: the session's side). */
  const lapLabel = (e: { key: string; lap: { lapName: string; lapNumber: number } }) =>
    isOptimal(e as LapEntry) ? t('coach.optimalLap') : `${lapDisplayName(e.lap, t)}${both ? ` (${e.key.split('-')[0]})` : ''}`;
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
  const report = useMemo(() => coachReport(reference, compared), [reference, compared]);
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
  const corners = useMemo(() => cornerRows(reference, compared), [reference, compared]);
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
    }),
    [t],
  );

  const cursorStore = useMemo(() => createCursorStore(), []);
  const outline = useMemo(() => (loaded.left ? circuitOutline(loaded.left) : null), [loaded.left]);
  const numberLocale = intlLocale(currentLocale(i18n));
  const tooltipAt = useCallback(
    (distanceM: number) => {
      const reading = cursorReading(reference, compared, distanceM);
      if (!reading) return null;
      const byKey = new Map(referenceEntries.map((e) => [e.key, e]));
      return cursorLines(reading, {
        locale: numberLocale,
        lapName: (key) => {
          const e = byKey.get(key);
          return e ? lapLabel(e) : key;
        },
        distance: (distance) => t('analysis.cursorDistance', { distance }),
        speed: (lap, speed) => t('analysis.cursorSpeed', { lap, speed }),
        reference: (lap) => t('analysis.cursorReference', { lap }),
        delta: (delta) => t('analysis.cursorDelta', { delta }),
      });
    },
    // lapLabel depends on `both` and `t` only.
    [reference, compared, referenceEntries, numberLocale, t, both],
  );
  const leftId = loaded.left?.id ?? null;
  const videoCount = useLiveQuery(() => (leftId === null ? 0 : videoRepository.countForSession(leftId)), [leftId]) ?? 0;
  const [videoWanted, setVideoWanted] = useState(false);
  const showVideo = withGraphics && (videoCount > 0 || videoWanted);
  // With a video the charts also follow the cursor the playing video moves.
  /** A click on a chart or the map while a video is there: the video shows that place of its lap. */
  const [videoSeek, setVideoSeek] = useState<VideoSeekRequest | null>(null);
  const seekVideoTo = useCallback((place: { distanceM: number } | { lat: number; lon: number }) => setVideoSeek((s) => ({ ...place, seq: (s?.seq ?? 0) + 1 })), []);
  const cursor = useMemo<ChartCursor>(
    () => ({ tooltipAt, onMove: cursorStore.set, follow: showVideo ? cursorStore : undefined, onSeek: showVideo ? (distanceM) => seekVideoTo({ distanceM }) : undefined }),
    [tooltipAt, cursorStore, showVideo, seekVideoTo],
  );
  const pickedLeftLap = compared && compared.session === loaded.left && picked === compared.key ? compared.lap.lapNumber : null;
  const referenceTrace = useMemo(() => (showVideo && reference ? traceOf(reference) : null), [showVideo, reference]);

  if (opening) return <SessionsLoading />;
  if (!selection.left) return <NoActiveSession plural={false} />;
  if (loaded.error) return <SessionsLoadError message={loaded.error} />;
  if (loaded.loading || !loaded.left) return <SessionsLoading />;

  const locale = i18n.language;
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>{t('analysis.title')}</Title>
        <Group gap="sm" align="flex-end">
          <PerformanceLegend />
          {withGraphics && !showVideo && (
            <Button size="xs" variant="default" onClick={() => setVideoWanted(true)} data-testid="video-add">
              {t('video:add')}
            </Button>
          )}
          <Select
            size="xs"
            label={t('analysis.reference')}
            data={referenceEntries.map((e) => ({ value: e.key, label: `${isOptimal(e) ? t('coach.optimalShort') : both ? e.key : e.lap.lapNumber} · ${formatLapTime(Math.round(e.lap.timeMs))}` }))}
            value={reference?.key ?? null}
            onChange={(value) => onReferenceLap(value)}
            allowDeselect={false}
            w={180}
            data-testid="reference-lap"
          />
        </Group>
      </Group>
      {sessions.filter((s) => !isFullyUpdated(s)).map((s) => (
        <NotFullyUpdated key={s.id} name={s.name} />
      ))}
      {/* Side by side only from xl (88em): below it two columns are narrower than a lap table (560 px) and scroll. */}
      <Grid gap="sm">
        {sessions.map((s) => (
          <Grid.Col key={s.id} span={{ base: 12, xl: both ? 6 : 12 }}>
            <LapTable session={s} picked={picked} reference={reference?.key ?? null} onPick={onPickLap} />
          </Grid.Col>
        ))}
      </Grid>
      {showVideo && (
        <Suspense fallback={<SessionsLoading />}>
          <VideoPanel session={loaded.left} cursorStore={cursorStore} pickedLap={pickedLeftLap} reference={referenceTrace} acceleration={leftCoaching.data?.acceleration ?? null} seekRequest={videoSeek} compareSession={loaded.right} />
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
              fitKey={sessions.map((s) => s.id).join('|')}
              outline={outline}
              height={420}
              onPointClick={showVideo ? (lat, lon) => seekVideoTo({ lat, lon }) : undefined}
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
          sumOfBestSectorsMs={loaded.left.analysis.optimalLapMs}
          referenceIsOptimal={isOptimal(reference)}
          onUseOptimal={() => optimal && onReferenceLap(optimal.key)}
          linesAligned={alignLines}
          onAlignLines={setAlignLines}
          onFocus={(distanceM) => {
            cursorStore.set(distanceM);
            setFocus((f) => ({ distanceM, seq: (f?.seq ?? 0) + 1 }));
          }}
        />
      </Suspense>
      <Paper withBorder p="xs" data-testid="corner-table">
        <Text size="sm" fw={600} mb={4}>
          {compared && reference ? t('analysis.cornersOf', { lap: lapLabel(compared), reference: lapLabel(reference) }) : t('analysis.corners')}
        </Text>
        <Table.ScrollContainer minWidth={440} type="native">
          <Table fz="xs" verticalSpacing={2} striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('analysis.corner')}</Table.Th>
                <Table.Th>{t('analysis.distance')}</Table.Th>
                <Table.Th>{t('analysis.cornerMinSpeed')}</Table.Th>
                <Table.Th>
                  {t('analysis.cornerMinSpeed')} ({t('analysis.reference')})
                </Table.Th>
                <Table.Th>{t('analysis.timeLost')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {corners.map((c) => (
                <Table.Tr key={c.index}>
                  <Table.Td>{c.index}</Table.Td>
                  <Table.Td>{Math.round(c.apexM)}</Table.Td>
                  <Table.Td>{formatSpeedKmh(c.minSpeedKmh, locale)}</Table.Td>
                  <Table.Td>{formatSpeedKmh(c.referenceMinSpeedKmh, locale)}</Table.Td>
                  <Table.Td style={{ color: c.timeLostMs > 0 ? 'var(--astro-perf-worse)' : 'var(--astro-perf-improved)', whiteSpace: 'nowrap' }} ff="monospace">
                    {Number.isFinite(c.timeLostMs) ? `${c.timeLostMs > 0 ? '+' : ''}${formatNumber(c.timeLostMs / 1000, currentLocale(i18n))} s` : '-'}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    </Stack>
  );
}
