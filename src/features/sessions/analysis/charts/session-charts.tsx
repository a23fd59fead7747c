/**
 * The lap viewer's charts with ECharts' modular build: echarts/core plus only the line and bar charts, grid,
 * tooltip, legend and dataZoom, on the canvas renderer (~190 KiB gzip against 370 KiB for the full import). Loaded lazily through lazy-charts.tsx. Lines use LTTB sampling.
 * The speed and delta charts share one distance axis: they are connected (one cursor, one zoom), and the cursor
 * is reported to the screen (the map's marker follows it). A focus request (the coach pointing at a turn) moves
 * that cursor to a distance and brings the speed chart into view. A cursor moved elsewhere (the playing video) is
 * shown on them too (`cursor.follow`).
 */
import * as echarts from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import { DataZoomComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { Paper, Text } from '@mantine/core';
import { useEffect, useMemo, useRef, type RefObject } from 'react';
import { seriesValueAt } from './series-value';
import { lineOption, sectorOption } from './chart-options';
import type { SessionChartsProps } from './chart-types';
import { useFollowedCursor, type ChartInstance } from './use-followed-cursor';

echarts.use([LineChart, BarChart, GridComponent, TooltipComponent, LegendComponent, DataZoomComponent, CanvasRenderer]);

/** The connected distance charts (speed, delta). */
const DISTANCE_GROUP = 'astro-distance-charts';
echarts.connect(DISTANCE_GROUP);

interface AxisPointerEvent {
  axesInfo?: { axisDim?: string; value?: unknown }[];
}

/** A lap's line within this many pixels of the pointer is the one under it. */
const UNDER_POINTER_PX = 8;

export default function SessionCharts({ speed, delta, sectors, labels, dark, numberLocale, onPickLap, cursor, gTrace = [], coachLabels, focus }: SessionChartsProps) {
  const speedChart = useRef<ChartInstance | null>(null);
  const speedBox = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    const chart = speedChart.current;
    if (!focus || !chart) return;
    speedBox.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    // The axis tooltip at that distance, halfway up the plot: the connected charts follow, and the axis pointer's
    // update reports the distance back (the map's markers).
    const x = chart.convertToPixel({ xAxisIndex: 0 }, focus.distanceM);
    if (Number.isFinite(x)) chart.dispatchAction({ type: 'showTip', x, y: chart.getHeight() / 2 });
  }, [focus]);
  const tooltipAt = cursor?.tooltipAt;
  const gTooltipAt = cursor?.gTooltipAt ?? tooltipAt;
  const followed = useFollowedCursor(speedChart, cursor);
  /** The speed chart's lap line under the mouse (its key): the tooltip names that lap too. */
  const underPointer = useRef<string | null>(null);
  const speedSeries = useRef(speed);
  speedSeries.current = speed;
  const readUnderPointer = useMemo(() => () => underPointer.current, []);
  const speedOption = useMemo(
    () => lineOption({ series: speed, xName: labels.distance, yName: labels.speedAxis, dark, locale: numberLocale, tooltipAt: followed.tooltipAt, underPointer: readUnderPointer }),
    [speed, labels, dark, numberLocale, followed.tooltipAt, readUnderPointer],
  );
  const deltaOption = useMemo(
    () => lineOption({ series: delta, xName: labels.distance, yName: labels.deltaAxis, dark, locale: numberLocale, tooltipAt: followed.tooltipAt }),
    [delta, labels, dark, numberLocale, followed.tooltipAt],
  );
  const gTraceOption = useMemo(
    () => lineOption({ series: gTrace, xName: labels.distance, yName: coachLabels?.gAxis ?? 'g', dark, locale: numberLocale, tooltipAt: gTooltipAt, legend: true }),
    [gTrace, labels, coachLabels, dark, numberLocale, gTooltipAt],
  );
  const sectorsOption = useMemo(() => sectorOption({ sectors, sectorName: labels.sector, sectorTime: labels.sectorTime, dark, locale: numberLocale }), [sectors, labels, dark, numberLocale]);
  const onMove = cursor?.onMove;
  const { axisMoved } = followed;
  const onSeek = useRef(cursor?.onSeek);
  onSeek.current = cursor?.onSeek;
  const events = useMemo(
    () => ({
      click: (params: { seriesId?: string }) => {
        if (params.seriesId && onPickLap) onPickLap(params.seriesId);
      },
    }),
    [onPickLap],
  );
  const distanceEvents = useMemo(
    () => ({
      ...events,
      // The axis pointer follows the mouse or the finger. An update without an x value is the connected chart's
      // echo, not a leave: leaving is 'globalout'.
      updateAxisPointer: (event: AxisPointerEvent) => {
        const x = event.axesInfo?.find((a) => a.axisDim === 'x')?.value;
        if (typeof x === 'number' && Number.isFinite(x)) axisMoved(x);
      },
      globalout: () => onMove?.(null),
    }),
    [events, onMove, axisMoved],
  );
  const chart = (title: string, option: object, testId: string, height: number, onEvents: Record<string, (...args: never[]) => void>, group?: string, instance?: RefObject<ChartInstance | null>) => (
    <Paper withBorder p="xs" data-testid={testId} ref={instance ? speedBox : undefined}>
      <Text size="sm" fw={600}>
        {title}
      </Text>
      <ReactEChartsCore
        echarts={echarts}
        option={option}
        notMerge
        lazyUpdate
        style={{ height }}
        onEvents={onEvents}
        theme={dark ? 'dark' : undefined}
        onChartReady={(ready: ChartInstance) => {
          if (group) ready.group = group;
          // A click anywhere on a distance chart's plot: the distance under it.
          if (group === DISTANCE_GROUP)
            ready.getZr().on('click', (event) => {
              const d = ready.convertFromPixel({ xAxisIndex: 0 }, event.offsetX);
              if (Number.isFinite(d) && d >= 0) onSeek.current?.(d);
            });
          if (instance) {
            instance.current = ready;
            // The lap line nearest the pointer (within a few pixels) at its distance; the tooltip is written again
            // when it changes (ECharts wrote it already for this move).
            ready.getZr().on('mousemove', (event) => {
              const d = ready.convertFromPixel({ xAxisIndex: 0 }, event.offsetX);
              let key: string | null = null;
              let best = UNDER_POINTER_PX;
              for (const s of speedSeries.current) {
                const v = seriesValueAt(s.points, d);
                if (v === null) continue;
                const gap = Math.abs(ready.convertToPixel({ yAxisIndex: 0 }, v) - event.offsetY);
                if (gap <= best) {
                  best = gap;
                  key = s.key;
                }
              }
              if (key !== underPointer.current) {
                underPointer.current = key;
                ready.dispatchAction({ type: 'showTip', x: event.offsetX, y: event.offsetY });
              }
            });
          }
        }}
      />
    </Paper>
  );
  return (
    <>
      {chart(labels.speed, speedOption, 'chart-speed', 280, distanceEvents, DISTANCE_GROUP, speedChart)}
      {gTrace.length > 0 && chart(coachLabels?.gTrace ?? '', gTraceOption, 'chart-g-trace', 230, distanceEvents, DISTANCE_GROUP)}
      {delta.length > 0 && chart(labels.delta, deltaOption, 'chart-delta', 220, distanceEvents, DISTANCE_GROUP)}
      {chart(labels.sectors, sectorsOption, 'chart-sectors', 220, events)}
    </>
  );
}
