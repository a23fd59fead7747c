/** Props of the lazily loaded session charts (kept apart so screens do not pull ECharts in). */
import type { ChartSeries, SectorBars } from '../../shared';
import type { TooltipLine } from './chart-options';

/** The linked cursor: what the tooltip says at a distance, and where the cursor is (null: gone). */
export interface ChartCursor {
  /** `underPointer`: the key of the speed chart's lap line under the mouse, when there is one. */
  tooltipAt(distanceM: number, underPointer?: string | null): readonly TooltipLine[] | null;
  /** The g chart's tooltip (its lines' g, not the laps' speed). */
  gTooltipAt?(distanceM: number): readonly TooltipLine[] | null;
  onMove(distanceM: number | null): void;
  /** A cursor moved from elsewhere (a click on the map, the playing video) that the distance charts show too. */
  follow?: { get(): number | null; subscribe(listener: () => void): () => void };
  /** A click on a distance chart (the video shows that distance of its lap). */
  onSeek?: (distanceM: number) => void;
}

export interface SessionChartsProps {
  speed: ChartSeries[];
  delta: ChartSeries[];
  sectors: SectorBars;
  labels: { speed: string; delta: string; sectors: string; distance: string; speedAxis: string; deltaAxis: string; sector: (n: number) => string; sectorTime?: (seconds: number) => string };
  dark: boolean;
  /** BCP 47 tag for the axis and tooltip numbers ('pt-PT': 1.500 m, 12,63 s). */
  numberLocale: string;
  onPickLap?: (key: string) => void;
  /** The compared laps' longitudinal and lateral g along distance, drawn under the speed chart (same cursor). */
  gTrace?: ChartSeries[];
  coachLabels?: { gTrace: string; gAxis: string };
  /** Hovering or dragging on the speed or delta chart reads both compared laps there and moves the map's marker. */
  cursor?: ChartCursor;
  /** Moves the cursor to a distance (metres) and shows the speed chart there; `seq` changes on every request. */
  focus?: { distanceM: number; seq: number } | null;
}
