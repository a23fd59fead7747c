import { describe, expect, it } from 'vitest';
import { gateHintOf, mapFitKey, mapMarkers, mapTraces, toggledKey } from '../../../../../src/features/sessions/map/map-view-model';
import { lapTraces } from '../../../../../src/features/sessions/shared';
import { loadedSession } from '../shared/loaded-session';

const left = loadedSession(1, 0);
const right = loadedSession(2, 1, 5);
const shown = { showLaps: true, sectorVision: false, minMax: true, hidden: new Set<string>(), picked: null };

describe("the map screen's model", () => {
  it("draws every session's laps, named by session when two are shown, and none with 'Laps' off", () => {
    expect(mapTraces([left], shown)).toEqual(lapTraces(left, { sectorVision: false, hidden: shown.hidden, picked: null, labelPrefix: false }));
    expect(mapTraces([left, right], shown)).toHaveLength(lapTraces(left, { ...shown, labelPrefix: true }).length + lapTraces(right, { ...shown, labelPrefix: true }).length);
    expect(mapTraces([left], { ...shown, showLaps: false })).toEqual([]);
  });

  it("marks each lap's slowest and fastest points only with 'Min/max' and 'Laps' on", () => {
    const markers = mapMarkers([left], shown, (kmh, kind) => `${kind} ${kmh.toFixed(0)}`);
    expect(markers.length).toBeGreaterThan(0);
    expect(markers.every((m) => /^(min|max) \d+$/.test(m.label))).toBe(true);
    expect(mapMarkers([left], { ...shown, minMax: false }, () => '')).toEqual([]);
    expect(mapMarkers([left], { ...shown, showLaps: false }, () => '')).toEqual([]);
  });

  it('fits again for other sessions, hints the next gate to draw, and shows or hides a lap', () => {
    expect(mapFitKey([left, right])).toBe('1|2');
    const names = ['S/F', 'S1', 'S2'];
    expect(gateHintOf(false, 0, 3, names)).toBeNull();
    expect(gateHintOf(true, 1, 3, names)).toEqual({ key: 'map.drawNext', values: { gate: 'S1' } });
    expect(gateHintOf(true, 3, 3, names)).toEqual({ key: 'map.gatesFull', values: { count: 3 } });
    const hidden = toggledKey(new Set(['L:1']), 'L:2');
    expect([...hidden]).toEqual(['L:1', 'L:2']);
    expect([...toggledKey(hidden, 'L:1')]).toEqual(['L:2']);
  });
});
