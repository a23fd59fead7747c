import { describe, expect, it } from 'vitest';
import { chosenFiles, selectableFiles, toggled } from '../../../../src/features/device/session-selection';

describe('session selection on the device screen', () => {
  const rows = [
    { filename: 'a', inAstro: true },
    { filename: 'b', inAstro: false },
    { filename: 'c', inAstro: true },
  ];

  it('offers only the sessions still on ASTRO', () => {
    expect(selectableFiles(rows)).toEqual(['a', 'c']);
  });

  it('keeps selected only what is still selectable, in list order', () => {
    expect(chosenFiles(['a', 'c'], new Set(['c', 'b', 'a']))).toEqual(['a', 'c']);
  });

  it('ticks and unticks one session without changing the given selection', () => {
    const selected = new Set(['a']);
    expect([...toggled(selected, 'c')]).toEqual(['a', 'c']);
    expect([...toggled(selected, 'a')]).toEqual([]);
    expect([...selected]).toEqual(['a']);
  });
});
