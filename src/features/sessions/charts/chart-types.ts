/** Props of the lazily loaded session charts (kept apart so screens do not pull ECharts in). */
import type { ChartSeries, SectorBars } from '../analysis-view';

export interface SessionChartsProps {
  speed: ChartSeries[];
  delta: ChartSeries[];
  sectors: SectorBars;
  labels: { speed: string; delta: string; sectors: string; distance: string; speedAxis: string; deltaAxis: string; sector: (n: number) => string };
  dark: boolean;
  /** BCP 47 tag for the axis and tooltip numbers ('pt-PT': 1.500 m, 12,63 s). */
  numberLocale: string;
  onPickLap?: (key: string) => void;
}
