/**
 * ECharts options of the lap viewer's charts as plain objects (no ECharts import, so they are tested without a
 * canvas): speed and delta against distance, and the sector bars.
 */
import type { ChartSeries, SectorBars } from '../../shared';

/**
 * Number formatters of a locale: axis labels (as many decimals as the tick needs, up to 3) and tooltip values
 * (2 decimals). ECharts steps an axis by 1, 2 or 5 times a power of ten: one decimal turned the delta axis' 0.05 s
 * steps into 0.2, 0.1, 0.1, 0, -0.1, -0.1; three keep steps down to 0.005 apart and drop the ticks' binary noise
 * (0.15000000000000002).
 */
function numberFormats(locale: string) {
  const axis = new Intl.NumberFormat(locale, { maximumFractionDigits: 3 });
  const value = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return { axis: (v: number) => axis.format(v), value: (v: unknown) => (typeof v === 'number' ? value.format(v) : String(v)) };
}

/** One line of the linked cursor's tooltip: text, with the lap's colour when it is about one lap. */
export interface TooltipLine {
  text: string;
  color?: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The tooltip's HTML (ECharts renders the formatter's string as HTML: every text is escaped).
 * @internal Exported for its tests.
 */
export function tooltipHtml(lines: readonly TooltipLine[]): string {
  return lines
    .map((line) => {
      const dot = line.color ? `<span style="display:inline-block;width:9px;height:9px;border-radius:50%;margin-right:5px;background:${escapeHtml(line.color)}"></span>` : '';
      return `<div data-cursor-line>${dot}${escapeHtml(line.text)}</div>`;
    })
    .join('');
}

/**
 * The first axis value in an axis tooltip's params (the distance under the cursor, metres).
 * @internal Exported for its tests.
 */
export function axisValueOf(params: unknown): number | null {
  const first = Array.isArray(params) ? params[0] : params;
  const value = first && typeof first === 'object' ? (first as { axisValue?: unknown }).axisValue : undefined;
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

export interface LineOptionInput {
  series: ChartSeries[];
  xName: string;
  yName: string;
  dark: boolean;
  locale: string;
  /** The linked cursor's tooltip at a distance (metres); without it, ECharts' own list of every series. */
  tooltipAt?: (distanceM: number, underPointer?: string | null) => readonly TooltipLine[] | null;
  /** The series under the mouse pointer (its key), read when the tooltip is written. */
  underPointer?: () => string | null;
  /** A legend above the plot (the g trace: solid longitudinal and dashed lateral lines need their names). */
  legend?: boolean;
}

export function lineOption({ series, xName, yName, dark, locale, tooltipAt, underPointer, legend = false }: LineOptionInput) {
  const numbers = numberFormats(locale);
  return {
    animation: false,
    backgroundColor: 'transparent',
    textStyle: { color: dark ? '#c9c9c9' : '#333' },
    // top leaves room for the y axis name (it sits above the axis); x ends at the longest lap, not the next round number.
    grid: { left: 48, right: 16, top: legend ? 56 : 30, bottom: 56 },
    // One scrolling row: on a phone four lap-and-channel names would otherwise take the plot's height.
    ...(legend ? { legend: { top: 0, type: 'scroll', textStyle: { color: dark ? '#c9c9c9' : '#333' } } } : {}),
    tooltip: {
      trigger: 'axis',
      // Inside the chart's box: on a phone a tooltip beside the finger would leave the screen.
      confine: true,
      valueFormatter: numbers.value,
      ...(tooltipAt
        ? {
            formatter: (params: unknown) => {
              const d = axisValueOf(params);
              const lines = d === null ? null : tooltipAt(d, underPointer?.() ?? null);
              return lines ? tooltipHtml(lines) : '';
            },
          }
        : {}),
    },
    xAxis: { type: 'value', name: xName, nameLocation: 'middle', nameGap: 24, min: 0, max: 'dataMax', axisLabel: { formatter: numbers.axis } },
    yAxis: { type: 'value', name: yName, scale: true, axisLabel: { formatter: numbers.axis } },
    // Dragging on the chart moves the cursor (a racer scrubs along the lap, also by finger); the wheel, a pinch
    // and the slider below zoom and pan.
    dataZoom: [{ type: 'inside', moveOnMouseMove: false }, { type: 'slider', height: 14, bottom: 4 }],
    series: series.map((s) => ({
      id: s.key,
      name: s.name,
      type: 'line',
      data: s.points,
      showSymbol: false,
      sampling: 'lttb',
      color: s.color,
      // The lines behind the highlighted one are dimmed; on the dark background less, or they fade into it.
      lineStyle: { width: s.highlighted ? 3 : 1.2, type: s.dashed ? 'dashed' : 'solid', opacity: series.some((x) => x.highlighted) && !s.highlighted ? (dark ? 0.7 : 0.35) : 1 },
      z: s.highlighted ? 3 : 2,
    })),
  };
}

export interface SectorOptionInput {
  sectors: SectorBars;
  sectorName: (n: number) => string;
  dark: boolean;
  locale: string;
  /** A sector time in the tooltip (seconds), written as the lap table writes it; else 2 decimals. */
  sectorTime?: (seconds: number) => string;
}

export function sectorOption({ sectors, sectorName, dark, locale, sectorTime }: SectorOptionInput) {
  const numbers = numberFormats(locale);
  return {
    animation: false,
    backgroundColor: 'transparent',
    textStyle: { color: dark ? '#c9c9c9' : '#333' },
    grid: { left: 48, right: 16, top: 32, bottom: 32 },
    legend: { top: 0, textStyle: { color: dark ? '#c9c9c9' : '#333' } },
    // The lap table's text (truncated to the digit shown): a rounding tooltip read 20.46 beside the table's 20.45.
    tooltip: { trigger: 'axis', confine: true, valueFormatter: sectorTime ? (v: unknown) => (typeof v === 'number' ? sectorTime(v) : String(v)) : numbers.value },
    xAxis: { type: 'category', data: sectors.laps },
    // Bars start at 0: a scaled axis cut them off at the fastest sector and made small differences look huge.
    yAxis: { type: 'value', name: 's', min: 0, axisLabel: { formatter: numbers.axis } },
    series: sectors.sectorsS.map((data, k) => ({ name: sectorName(k + 1), type: 'bar', data })),
  };
}
