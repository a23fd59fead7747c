import { describe, expect, it } from 'vitest';
import { gateColor, gateLabel } from '../../../src/ui/map/gate-marks';
import { roundedPositions } from '../../../src/ui/map/rounded-positions';
import { GATE_COLORS } from '../../../src/ui/map/track-map-features';

describe('track map marks', () => {
  it('colours gates by sector with sector vision, else all red', () => {
    expect([0, 1, 2, 3].map((i) => gateColor(i, true))).toEqual([GATE_COLORS[0], GATE_COLORS[1], GATE_COLORS[2], GATE_COLORS[0]]);
    expect(gateColor(2, false)).toBe('#e03131');
  });

  it('labels a gate by its given label, else its number, and not at all with labels off', () => {
    expect(gateLabel(0, ['S/F', 'S1'])).toBe('S/F');
    expect(gateLabel(2, ['S/F', 'S1'])).toBe('2');
    expect(gateLabel(0, null)).toBe('');
  });

  it('writes where marks are to about a centimetre', () => {
    expect(roundedPositions([{ id: 'a', lat: 41.123456789, lon: -8.987654321 }], (m) => m.id)).toEqual([['a', 41.1234568, -8.9876543]]);
  });
});
