import { describe, expect, it, vi } from 'vitest';
import { axisValueOf, lineOption, sectorOption, tooltipHtml } from '../../../../../src/features/sessions/analysis/charts/chart-options';
import { formatLapTime } from '../../../../../src/domain/value-format/lap-time';
import { ggLimit, ggPlotBox, ggTheme } from '../../../../../src/features/sessions/coach/gg-draw';

const series = [{ key: 'L-1', name: '1', color: '#123456', points: [[0, 80], [100, 120]] as [number, number][], highlighted: false, dashed: false }];

describe('chart options', () => {
  it('starts the sector chart axis at 0 instead of scaling it to the fastest sector', () => {
    const option = sectorOption({ sectors: { laps: ['1', '2'], sectorsS: [[20.1, 20.4], [30, 30.2], [25, 25.5]] }, sectorName: (n) => `S${n}`, dark: false, locale: 'en-US' });
    expect(option.yAxis.min).toBe(0);
    expect('scale' in option.yAxis).toBe(false);
  });

  it('writes the sector tooltip as the lap table does (truncated), not rounded to 2 decimals', () => {
    const rounding = sectorOption({ sectors: { laps: ['1'], sectorsS: [[20.459], [30], [25]] }, sectorName: (n) => `S${n}`, dark: false, locale: 'en-US' });
    expect(rounding.tooltip.valueFormatter(20.459)).toBe('20.46');
    const option = sectorOption({ sectors: { laps: ['1'], sectorsS: [[20.459], [30], [25]] }, sectorName: (n) => `S${n}`, dark: false, locale: 'en-US', sectorTime: (s) => formatLapTime(s * 1000) });
    expect(option.tooltip.valueFormatter(20.459)).toBe('00:20.45');
    expect(option.tooltip.valueFormatter(20.459)).toBe(formatLapTime(20_459));
  });

  it('reads the linked cursor at the distance under the pointer for the tooltip of the speed and delta charts', () => {
    const tooltipAt = vi.fn((d: number) => [{ text: `Distance: ${d} m` }, { text: 'Lap <1>: 100.0 km/h', color: '#ff0000' }]);
    const option = lineOption({ series, xName: 'Distance (m)', yName: 'Speed (km/h)', dark: false, locale: 'en-US', tooltipAt });
    const formatter = (option.tooltip as { formatter?: (p: unknown) => string }).formatter!;
    const html = formatter([{ axisValue: 42.5, seriesId: 'L-1' }]);
    expect(tooltipAt).toHaveBeenCalledWith(42.5, null);
    // The lap line under the pointer is handed to the tooltip.
    const pointed = lineOption({ series, xName: 'x', yName: 'y', dark: false, locale: 'en-US', tooltipAt, underPointer: () => 'L-1' });
    (pointed.tooltip as { formatter?: (p: unknown) => string }).formatter!([{ axisValue: 10 }]);
    expect(tooltipAt).toHaveBeenLastCalledWith(10, 'L-1');
    expect(html).toContain('Distance: 42.5 m');
    // Texts are escaped: the formatter's string is rendered as HTML.
    expect(html).toContain('Lap &#60;1&#62;: 100.0 km/h');
    expect(html).toContain('background:#ff0000');
  });

  it('labels every tick of the delta axis differently when ECharts steps it by 0.05 s (no 0.1, 0.1, 0, -0.1, -0.1)', () => {
    // ECharts' nice steps are 1, 2 or 5 times a power of ten; its ticks carry binary noise (0.15000000000000002).
    const ticks = [0.2, 0.15000000000000002, 0.1, 0.05, 0, -0.05, -0.1, -0.15000000000000002, -0.2];
    for (const [locale, expected] of [
      ['en-US', ['0.2', '0.15', '0.1', '0.05', '0', '-0.05', '-0.1', '-0.15', '-0.2']],
      ['pt-PT', ['0,2', '0,15', '0,1', '0,05', '0', '-0,05', '-0,1', '-0,15', '-0,2']],
    ] as const) {
      const option = lineOption({ series, xName: 'Distance (m)', yName: 'Delta (s)', dark: false, locale });
      const label = option.yAxis.axisLabel.formatter;
      const labels = ticks.map(label);
      expect(labels).toEqual(expected);
      expect(new Set(labels).size).toBe(ticks.length);
      // Steps of 0.005 s (a long zoom on a tiny delta) stay apart too.
      expect(new Set([0.01, 0.015, 0.02].map(label)).size).toBe(3);
    }
  });

  it('lets a drag on the chart move the cursor rather than pan (the slider and the wheel still zoom)', () => {
    const option = lineOption({ series, xName: 'x', yName: 'y', dark: true, locale: 'pt-PT' });
    expect(option.dataZoom[0]).toMatchObject({ type: 'inside', moveOnMouseMove: false });
    expect((option.tooltip as { formatter?: unknown }).formatter).toBeUndefined();
  });

  it('names the g trace lines in a legend above the plot, and no other distance chart', () => {
    const g = lineOption({ series, xName: 'x', yName: 'g', dark: false, locale: 'en-US', legend: true }) as { legend?: unknown; grid: { top: number } };
    expect(g.legend).toBeDefined();
    expect(g.grid.top).toBeGreaterThan(40);
    expect((lineOption({ series, xName: 'x', yName: 'y', dark: false, locale: 'en-US' }) as { legend?: unknown }).legend).toBeUndefined();
  });

  it('dims the lines behind the highlighted one less on the dark background, where they would fade into it', () => {
    const two = [
      { key: 'a', name: 'a', color: '#f00', points: [] as [number, number][], highlighted: true, dashed: false },
      { key: 'b', name: 'b', color: '#ff0', points: [] as [number, number][], highlighted: false, dashed: true },
    ];
    const opacity = (dark: boolean) => (lineOption({ series: two, xName: 'x', yName: 'g', dark, locale: 'en-US' }).series[1].lineStyle as { opacity: number }).opacity;
    expect(opacity(true)).toBeGreaterThan(opacity(false));
    expect(opacity(true)).toBeGreaterThanOrEqual(0.6);
  });

  it('gives the g-g diagram square axes in half-g steps (labels of one decimal never round the limit)', () => {
    const limit = (r: number) => ggLimit([{ key: 'L-1', name: 'Lap 1', color: '#f00', lateralG: [], longitudinalG: [], envelope: [[r, 0], [0, -r]], dashed: false }]);
    expect(limit(1.2)).toBe(1.5);
    expect(limit(0.6)).toBe(1);
    expect(limit(1.6)).toBe(2);
    // Square: as many pixels per g across as up, on a tablet's column and on a phone.
    for (const [w, h] of [[700, 320], [358, 320]]) {
      const box = ggPlotBox(w, h, 1.5);
      expect(box.half * 2).toBeLessThanOrEqual(Math.min(w, h));
      expect(box.scale * 1.5).toBeCloseTo(box.half, 9);
    }
    // The dots are more opaque on the dark background, where the laps' colours are harder to see.
    expect(ggTheme(true).pointAlpha).toBeGreaterThan(ggTheme(false).pointAlpha);
  });

  it('finds the axis value in the tooltip params, or none', () => {
    expect(axisValueOf([{ axisValue: 10 }])).toBe(10);
    expect(axisValueOf({ axisValue: 3 })).toBe(3);
    expect(axisValueOf([])).toBeNull();
    expect(axisValueOf([{ axisValue: 'x' }])).toBeNull();
    expect(tooltipHtml([{ text: 'a & b' }])).toBe('<div data-cursor-line>a &#38; b</div>');
  });
});
