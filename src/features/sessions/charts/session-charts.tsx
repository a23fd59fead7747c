/**
 * The lap viewer's charts with ECharts' modular build: echarts/core plus only the line and bar charts, grid,
 * tooltip, legend and dataZoom, on the canvas renderer (~190 KiB gzip against 370 KiB for the full import,
 * notes/performance-facts.md). Loaded lazily through lazy-charts.tsx. Lines use LTTB sampling.
 */
import * as echarts from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import { DataZoomComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { Paper, Text } from '@mantine/core';
import { useMemo } from 'react';
import type { ChartSeries } from '../analysis-view';
import type { SessionChartsProps } from './chart-types';

echarts.use([LineChart, BarChart, GridComponent, TooltipComponent, LegendComponent, DataZoomComponent, CanvasRenderer]);

/** Number formatters of a locale: axis labels (up to 1 decimal) and tooltip values (2 decimals). */
function numberFormats(locale: string) {
  const axis = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const value = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return { axis: (v: number) => axis.format(v), value: (v: unknown) => (typeof v === 'number' ? value.format(v) : String(v)) };
}

function lineOption(series: ChartSeries[], xName: string, yName: string, dark: boolean, locale: string) {
  const numbers = numberFormats(locale);
  return {
    animation: false,
    backgroundColor: 'transparent',
    textStyle: { color: dark ? '#c9c9c9' : '#333' },
    // top leaves room for the y axis name (it sits above the axis); x ends at the longest lap, not the next round number.
    grid: { left: 48, right: 16, top: 30, bottom: 56 },
    tooltip: { trigger: 'axis', valueFormatter: numbers.value },
    xAxis: { type: 'value', name: xName, nameLocation: 'middle', nameGap: 24, min: 0, max: 'dataMax', axisLabel: { formatter: numbers.axis } },
    yAxis: { type: 'value', name: yName, scale: true, axisLabel: { formatter: numbers.axis } },
    dataZoom: [{ type: 'inside' }, { type: 'slider', height: 14, bottom: 4 }],
    series: series.map((s) => ({
      id: s.key,
      name: s.name,
      type: 'line',
      data: s.points,
      showSymbol: false,
      sampling: 'lttb',
      color: s.color,
      lineStyle: { width: s.highlighted ? 3 : 1.2, type: s.dashed ? 'dashed' : 'solid', opacity: series.some((x) => x.highlighted) && !s.highlighted ? 0.35 : 1 },
      z: s.highlighted ? 3 : 2,
    })),
  };
}

export default function SessionCharts({ speed, delta, sectors, labels, dark, numberLocale, onPickLap }: SessionChartsProps) {
  const speedOption = useMemo(() => lineOption(speed, labels.distance, labels.speedAxis, dark, numberLocale), [speed, labels, dark, numberLocale]);
  const deltaOption = useMemo(() => lineOption(delta, labels.distance, labels.deltaAxis, dark, numberLocale), [delta, labels, dark, numberLocale]);
  const sectorOption = useMemo(() => {
    const numbers = numberFormats(numberLocale);
    return {
      animation: false,
      backgroundColor: 'transparent',
      textStyle: { color: dark ? '#c9c9c9' : '#333' },
      grid: { left: 48, right: 16, top: 32, bottom: 32 },
      legend: { top: 0, textStyle: { color: dark ? '#c9c9c9' : '#333' } },
      tooltip: { trigger: 'axis', valueFormatter: numbers.value },
      xAxis: { type: 'category', data: sectors.laps },
      yAxis: { type: 'value', name: 's', scale: true, axisLabel: { formatter: numbers.axis } },
      series: sectors.sectorsS.map((data, k) => ({ name: labels.sector(k + 1), type: 'bar', data })),
    };
  }, [sectors, labels, dark, numberLocale]);
  const events = useMemo(
    () => ({
      click: (params: { seriesId?: string }) => {
        if (params.seriesId && onPickLap) onPickLap(params.seriesId);
      },
    }),
    [onPickLap],
  );
  const chart = (title: string, option: object, testId: string, height = 280) => (
    <Paper withBorder p="xs" data-testid={testId}>
      <Text size="sm" fw={600}>
        {title}
      </Text>
      <ReactEChartsCore echarts={echarts} option={option} notMerge lazyUpdate style={{ height }} onEvents={events} theme={dark ? 'dark' : undefined} />
    </Paper>
  );
  return (
    <>
      {chart(labels.speed, speedOption, 'chart-speed')}
      {delta.length > 0 && chart(labels.delta, deltaOption, 'chart-delta', 220)}
      {chart(labels.sectors, sectorOption, 'chart-sectors', 220)}
    </>
  );
}
