/**
 * The distance charts' side of the linked cursor: a cursor moved elsewhere (a click on the map, the video) shown on
 * them, and the axis pointer's updates told apart: the racer's moves are reported, the charts' showing of a cursor
 * moved elsewhere is not. Its tooltip reads the latest tooltipAt, which changes with the lap the video shows, without
 * new chart options: new options (notMerge) rebuild a chart and drop the tooltip shown, and a cursor the video had
 * just set (a frame step into the next lap) was gone when the rebuild came after it, on a busy machine.
 */
import { useCallback, useEffect, useMemo, useRef, type RefObject } from 'react';
import type { ChartCursor } from './chart-types';

/** What the cursor needs of an ECharts instance (no ECharts import). */
export interface ChartInstance {
  group?: string;
  convertToPixel(finder: { xAxisIndex: number } | { yAxisIndex: number }, value: number): number;
  getHeight(): number;
  dispatchAction(action: { type: string; x?: number; y?: number }): void;
  convertFromPixel(finder: { xAxisIndex: number }, value: number): number;
  getZr(): { on(event: 'click' | 'mousemove', handler: (event: { offsetX: number; offsetY: number }) => void): void };
}

/**
 * `tooltipAt` for the speed and delta charts' options (one function while there is a cursor: it calls the latest),
 * and `axisMoved`, the axis pointer's update at a distance.
 */
export function useFollowedCursor(chart: RefObject<ChartInstance | null>, cursor: ChartCursor | undefined) {
  const tooltipAt = cursor?.tooltipAt;
  const follow = cursor?.follow;
  const onMove = cursor?.onMove;
  const latestTooltipAt = useRef(tooltipAt);
  latestTooltipAt.current = tooltipAt;
  const hasTooltipAt = tooltipAt !== undefined;
  const stableTooltipAt = useMemo(() => (hasTooltipAt ? (distanceM: number, under?: string | null) => latestTooltipAt.current?.(distanceM, under) ?? null : undefined), [hasTooltipAt]);
  /** The last distance this chart reported itself: a follow update carrying it back is the echo, not news. */
  const reported = useRef<number | null>(null);
  /** True while the charts show a cursor moved elsewhere: their axis pointers' updates are that cursor, not news. */
  const following = useRef(false);
  /**
   * The cursor moved elsewhere shown at `distanceM`, halfway up the plot (the connected charts follow), and not
   * reported back: snapped to a chart point, metres away, that echo came back as a move of the racer's, and a paused
   * video it reached late (a busy machine) went there, on the lap picked.
   */
  const showFollowed = useCallback(
    (distanceM: number) => {
      const instance = chart.current;
      if (!instance) return;
      const x = instance.convertToPixel({ xAxisIndex: 0 }, distanceM);
      if (!Number.isFinite(x)) return;
      reported.current = distanceM;
      following.current = true;
      try {
        instance.dispatchAction({ type: 'showTip', x, y: instance.getHeight() / 2 });
      } finally {
        following.current = false;
      }
    },
    [chart],
  );
  useEffect(() => {
    if (!follow) return;
    return follow.subscribe(() => {
      const d = follow.get();
      if (d === null || (reported.current !== null && Math.abs(d - reported.current) < 0.5)) return;
      showFollowed(d);
    });
  }, [follow, showFollowed]);
  // A new tooltipAt (the video shows another lap): the cursor's tooltip is written again with it, naming that lap.
  useEffect(() => {
    const d = follow?.get() ?? null;
    if (d !== null) showFollowed(d);
  }, [tooltipAt, follow, showFollowed]);
  const axisMoved = useCallback(
    (distanceM: number) => {
      reported.current = distanceM;
      if (!following.current) onMove?.(distanceM);
    },
    [onMove],
  );
  return { tooltipAt: stableTooltipAt, axisMoved };
}
