/**
 * The lap viewer's graphics: the charts (speed, delta, sectors, g) and the g-g diagram beside the track map, all
 * on the one linked cursor. Canvas and WebGL: component tests turn them off.
 */
import { Grid, Stack, useComputedColorScheme } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyTrackMap } from '../../../ui/map/lazy-track-map';
import type { TrackMapProps } from '../../../ui/map/types';
import { alignedMarkers, GgDiagram, type MapAlignment } from '../coach';
import { useCursorDistance, type CursorStore, type LapEntry, type LoadedSession } from '../shared';
import { cursorReading } from './chart-cursor';
import { LazySessionCharts } from './charts/lazy-charts';
import type { SessionChartsProps } from './charts/chart-types';
import type { AnalysisFigures } from './use-analysis-model';

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

export interface AnalysisGraphicsProps {
  figures: AnalysisFigures;
  sessions: readonly LoadedSession[];
  left: LoadedSession;
  reference: LapEntry | null;
  compared: LapEntry | null;
  cursorStore: CursorStore;
  cursor: SessionChartsProps['cursor'];
  focus: SessionChartsProps['focus'];
  onPickLap: (key: string) => void;
  onMapClick: (lat: number, lon: number) => void;
}

export function AnalysisGraphics({ figures, sessions, left, reference, compared, cursorStore, cursor, focus, onPickLap, onMapClick }: AnalysisGraphicsProps) {
  const { t } = useTranslation('sessions');
  const dark = useComputedColorScheme('light') === 'dark';
  const { numberLocale } = figures;
  return (
    <Grid gap="sm">
      <Grid.Col span={{ base: 12, lg: 7 }}>
        <Stack gap="sm">
          <LazySessionCharts
            speed={figures.speed}
            delta={figures.delta}
            sectors={figures.bars}
            labels={figures.labels}
            dark={dark}
            numberLocale={numberLocale}
            onPickLap={onPickLap}
            cursor={cursor}
            gTrace={figures.gTrace}
            coachLabels={figures.coachLabels}
            focus={focus}
          />
          {figures.gg.length > 0 && (
            <GgDiagram
              series={figures.gg}
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
          aligned={figures.aligned}
          aria-label={t('map.mapLabel')}
          traces={figures.traces}
          gates={left.circuit?.gates ?? []}
          gateWidthM={left.circuit?.widthM ?? 15}
          showLabels={false}
          markers={figures.cornerLabels}
          fitKey={sessions.map((s) => s.id).join('|')}
          outline={figures.outline}
          height={420}
          onPointClick={onMapClick}
        />
      </Grid.Col>
    </Grid>
  );
}
