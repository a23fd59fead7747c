import { describe, expect, it, vi } from 'vitest';
import { axisValueOf, lineOption, sectorOption, tooltipHtml } from '../../../../src/features/sessions/charts/chart-options';
import { ggLimit, ggPlotBox, ggTheme } from '../../../../src/features/sessions/gg-draw';

const series = [{ key: 'L-1', name: '1', color: '#123456', points: [[0, 80], [100, 120]] as [number, number][], highlighted: false, dashed: false }];

describe('chart options', () => {
  it('starts the sector chart axis at 0 instead of scaling it to the fastest sector', () => {
    const option = sectorOption({ sectors: { laps: ['1', '2'], sectorsS: [[20.1, 20.4], [30, 30.2], [25, 25.5]] }, sectorName: (n) => `S${n}`, dark: false, locale: 'en-US' });
    expect(option.yAxis.min).toBe(0);
    expect('scale' in option.yAxis).toBe(false);
  });

  it('reads the linked cursor at the distance under the pointer for the tooltip of the speed and delta charts', () => {
    const tooltipAt = vi.fn((d: number) => [{ text: `Distance: ${d} m` }, { text: 'Lap <1>: 100.0 km/h', color: '#ff0000' }]);
    const option = lineOption({ series, xName: 'Distance (m)', yName: 'Speed (km/h)', dark: false, locale: 'en-US', tooltipAt });
    const formatter = (option.tooltip as { formatter?: (p: unknown) => string }).formatter!;
    const html = formatter([{ axisValue: 42.5, seriesId: 'L-1' }]);
    expect(tooltipAt).toHaveBeenCalledWith(42.5);
    expect(html).toContain('Distance: 42.5 m');
    // Texts are escaped: the formatter's string is rendered as HTML.
    expect(html).toContain('Lap &#60;1&#62;: 100.0 km/h');
    expect(html).toContain('background:#ff0000');
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
