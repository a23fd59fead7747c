/**
 * The g-g diagram on a plain canvas (gg-draw.ts), with its laps named in a legend above it: a lap's dots and its
 * envelope share the lap's colour, the envelope dashed for the right-hand session. Redrawn when the laps, the theme,
 * the locale or the width change (a ResizeObserver follows the column's width; the height is fixed).
 */
import { Group, Paper, Text } from '@mantine/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { GgSeries } from './coach-view';
import { drawGg, ggTheme } from './gg-draw';

export interface GgDiagramProps {
  series: GgSeries[];
  title: string;
  xName: string;
  yName: string;
  /** Legend text of a lap (its name and that the line is its envelope). */
  legendName: (lap: string) => string;
  dark: boolean;
  locale: string;
  height?: number;
}

export function GgDiagram({ series, title, xName, yName, legendName, dark, locale, height = 320 }: GgDiagramProps) {
  const box = useRef<HTMLDivElement | null>(null);
  const canvas = useRef<HTMLCanvasElement | null>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    setWidth(el.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const format = useMemo(() => {
    const f = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    return (v: number) => f.format(Math.abs(v) < 1e-9 ? 0 : v);
  }, [locale]);
  useEffect(() => {
    const el = canvas.current;
    const ctx = el?.getContext('2d');
    if (!el || !ctx || width <= 0) return;
    const ratio = window.devicePixelRatio || 1;
    el.width = Math.round(width * ratio);
    el.height = Math.round(height * ratio);
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    drawGg(ctx, series, { width, height, pixelRatio: ratio, theme: ggTheme(dark), xName, yName, format });
  }, [series, width, height, dark, xName, yName, format]);
  const label = [title, ...series.map((s) => s.name)].join(' · ');
  return (
    <Paper withBorder p="xs" data-testid="chart-gg">
      <Text size="sm" fw={600}>
        {title}
      </Text>
      <Group gap="md" mt={4} mb={4}>
        {series.map((s) => (
          <Group key={s.key} gap={6} wrap="nowrap">
            <svg width="22" height="10" aria-hidden="true">
              <circle cx="4" cy="5" r="3" fill={s.color} />
              <line x1="10" y1="5" x2="22" y2="5" stroke={s.color} strokeWidth="2" strokeDasharray={s.dashed ? '4 3' : undefined} />
            </svg>
            <Text size="xs">{legendName(s.name)}</Text>
          </Group>
        ))}
      </Group>
      <div ref={box} style={{ width: '100%', height }}>
        <canvas ref={canvas} role="img" aria-label={label} style={{ width: '100%', height, display: 'block' }} />
      </div>
    </Paper>
  );
}
