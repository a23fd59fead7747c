// @vitest-environment happy-dom
import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createCursorStore } from '../../../../../src/features/sessions/shared/cursor-store';
import type { ChartCursor } from '../../../../../src/features/sessions/analysis/charts/chart-types';
import { useFollowedCursor, type ChartInstance } from '../../../../../src/features/sessions/analysis/charts/use-followed-cursor';

afterEach(cleanup);

/** Metres per pixel on the fake chart's distance axis; its points lie every 5 m. */
const M_PER_PX = 10;
const POINT_M = 5;

/**
 * A speed chart as the cursor sees it: showTip moves its axis pointer to the chart point nearest x, and the pointer's
 * update arrives at once (as ECharts emits it within dispatchAction), snapped to that point.
 */
function fakeChart(onAxis: () => ((distanceM: number) => void) | undefined) {
  const tips: number[] = [];
  const chart: ChartInstance = {
    convertToPixel: (_finder, value) => value / M_PER_PX,
    convertFromPixel: (_finder, value) => value * M_PER_PX,
    getHeight: () => 200,
    dispatchAction: (action) => {
      if (action.type !== 'showTip' || action.x === undefined) return;
      tips.push(action.x * M_PER_PX);
      onAxis()?.(Math.round((action.x * M_PER_PX) / POINT_M) * POINT_M);
    },
    getZr: () => ({ on: () => undefined }),
  };
  return { chart, tips };
}

function setUp(tooltipAt: ChartCursor['tooltipAt'] = () => [{ text: 'first' }]) {
  // The store's animation frames, run by the test.
  const frames: (() => void)[] = [];
  const cursorStore = createCursorStore((run) => frames.push(run));
  const store = {
    ...cursorStore,
    /** Sets the cursor and runs the frame that tells its listeners (and any frame that one asked for). */
    set(distanceM: number | null) {
      cursorStore.set(distanceM);
      while (frames.length > 0) frames.shift()!();
    },
  };
  const moves: (number | null)[] = [];
  /** The hook's axis pointer update, once it is rendered. */
  const rendered: { axisMoved?: (distanceM: number) => void } = {};
  const { chart, tips } = fakeChart(() => rendered.axisMoved);
  const cursorOf = (at: ChartCursor['tooltipAt']): ChartCursor => ({
    tooltipAt: at,
    onMove: (d) => {
      moves.push(d);
      store.set(d);
    },
    follow: store,
  });
  const hook = renderHook(({ cursor }) => useFollowedCursor({ current: chart }, cursor), { initialProps: { cursor: cursorOf(tooltipAt) } });
  rendered.axisMoved = (d) => hook.result.current.axisMoved(d);
  return { store, moves, tips, hook, cursorOf };
}

describe("the distance charts' linked cursor", () => {
  it('shows a cursor moved elsewhere (the video) and does not report its own showing of it back as a move', () => {
    const { store, moves, tips } = setUp();
    store.set(39.16);
    expect(tips).toEqual([39.16]);
    // The axis pointer stood on the chart point at 40 m: not the racer's move, the cursor stays where the video put it.
    expect(moves).toEqual([]);
    expect(store.get()).toBe(39.16);
    // The next frame of the video, within half a metre of the point shown: nothing to move.
    store.set(39.5);
    expect(tips).toEqual([39.16, 39.5]);
  });

  it("reports the racer's own moves, and does not show them again", () => {
    const { store, moves, tips, hook } = setUp();
    hook.result.current.axisMoved(120);
    expect(moves).toEqual([120]);
    expect(store.get()).toBe(120);
    expect(tips).toEqual([]);
  });

  it('keeps one tooltip function for the chart options, which reads the latest, and writes the tooltip shown again with it', () => {
    const { store, tips, hook, cursorOf } = setUp();
    const first = hook.result.current.tooltipAt!;
    expect(first(10)).toEqual([{ text: 'first' }]);
    store.set(39.16);
    hook.rerender({ cursor: cursorOf(() => [{ text: 'second' }]) });
    expect(hook.result.current.tooltipAt).toBe(first);
    expect(first(10)).toEqual([{ text: 'second' }]);
    // Written again where the cursor is, without reporting a move.
    expect(tips).toEqual([39.16, 39.16]);
    expect(store.get()).toBe(39.16);
  });

  it('writes no tooltip again without a cursor, and gives no tooltip function without one', () => {
    const { tips, hook, cursorOf } = setUp();
    hook.rerender({ cursor: cursorOf(() => [{ text: 'second' }]) });
    expect(tips).toEqual([]);
    const bare = renderHook(() => useFollowedCursor({ current: null }, undefined));
    expect(bare.result.current.tooltipAt).toBeUndefined();
  });
});
