/** Props of the lazily loaded session charts (kept apart so screens do not pull ECharts in). */
import type { ChartSeries, SectorBars } from '../analysis-view';

export interface SessionChartsProps {
  speed: ChartSeries[];
  delta: ChartSeries[];
  sectors: SectorBars;
  labels: { speed: string; delta: string; sectors: string; distance: string; speedAxis: string; deltaAxis: string; sector: (n: number) => string };
  dark: boolean;
  onPickLap?: (key: string) => void;
}
