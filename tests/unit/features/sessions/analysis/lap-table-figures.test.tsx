// @vitest-environment happy-dom
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { readLapTimeDigits, storeLapTimeDigits } from '../../../../../src/app/preferences/lap-time-digits';
import { sessionsI18n } from '../../../../../src/features/sessions/i18n';
import { LapTable } from '../../../../../src/features/sessions/analysis/lap-table';
import { parseLapSearch } from '../../../../../src/features/sessions/search/lap-search';
import { renderWithProviders } from '../../../ui/render-with-providers';
import { loadedSession } from '../shared/loaded-session';

/** A session whose best lap is the AiM kart's 58.656 s (the logger times to the millisecond). */
function aimLikeSession() {
  const session = loadedSession(1, 0);
  return { ...session, analysis: { ...session.analysis, bestLapMs: 58_656, bestLapNumber: 4 } };
}

describe('lap times to the hundredth or the thousandth, as the racer chose on this device', () => {
  afterEach(() => {
    cleanup();
    storeLapTimeDigits(2);
  });

  it('shows hundredths by default, cut and not rounded (58.656 reads 58.65), and thousandths once chosen', () => {
    renderWithProviders(<LapTable session={aimLikeSession()} picked={null} reference={null} onPick={() => {}} />, { namespaces: { sessions: sessionsI18n } });
    expect(screen.getByTestId('best-lap-L').textContent).toBe('00:58.65 (4)');
    act(() => storeLapTimeDigits(3));
    expect(screen.getByTestId('best-lap-L').textContent).toBe('00:58.656 (4)');
    // Every lap and sector cell follows: none is left at two decimals.
    const cells = [...screen.getByTestId('lap-table-L').querySelectorAll('td')].map((td) => td.textContent ?? '').filter((text) => /^\d\d:\d\d\./.test(text));
    expect(cells.length).toBeGreaterThan(3);
    for (const text of cells) expect(text).toMatch(/^\d\d:\d\d\.\d{3}$/);
  });

  it('keeps the choice in localStorage and reads anything else there as the default', () => {
    storeLapTimeDigits(3);
    expect(localStorage.getItem('lapTimeDigits')).toBe('3');
    expect(readLapTimeDigits()).toBe(3);
    localStorage.setItem('lapTimeDigits', '17');
    expect(readLapTimeDigits()).toBe(2);
    storeLapTimeDigits(2);
    expect(localStorage.getItem('lapTimeDigits')).toBeNull();
  });
});

describe('the optimal lap of a circuit without sectors', () => {
  afterEach(cleanup);

  for (const [locale, words] of [
    ['en-us', { none: 'No sectors on this circuit', draw: 'Draw sectors on the map' }],
    ['pt-pt', { none: 'Este circuito não tem setores', draw: 'Desenhar setores no mapa' }],
  ] as const) {
    it(`says there are no sectors and offers to draw them instead of --:--.-- (${locale})`, () => {
      const session = loadedSession(1, 0);
      const noSectors = { ...session, analysis: { ...session.analysis, optimalLapMs: NaN } };
      const drawn: string[] = [];
      renderWithProviders(<LapTable session={noSectors} picked={null} reference={null} onPick={() => {}} onDrawSectors={() => drawn.push('draw')} />, { locale, namespaces: { sessions: sessionsI18n } });
      const figure = screen.getByTestId('optimal-lap-L');
      expect(figure.textContent).not.toContain('--:--');
      expect(figure.textContent).toContain(words.none);
      act(() => screen.getByTestId('draw-sectors-L').click());
      expect(screen.getByTestId('draw-sectors-L').textContent).toBe(words.draw);
      expect(drawn).toEqual(['draw']);
    });
  }

  it('shows the sum of the best sectors where there are sectors, with no offer', () => {
    renderWithProviders(<LapTable session={loadedSession(1, 0)} picked={null} reference={null} onPick={() => {}} onDrawSectors={() => {}} />, { namespaces: { sessions: sessionsI18n } });
    expect(screen.getByTestId('optimal-lap-L').textContent).toMatch(/^\d\d:\d\d\.\d\d$/);
    expect(screen.queryByTestId('draw-sectors-L')).toBeNull();
  });

  it("opens the map drawing gates from '?gates=draw', and ignores any other value", () => {
    expect(parseLapSearch({ gates: 'draw' }).gates).toBe('draw');
    expect(parseLapSearch({ gates: 'edit' }).gates).toBeUndefined();
  });
});
