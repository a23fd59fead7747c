// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fixTimesMs } from '../../../../../src/domain/detection/fix-times';
import { sessionsI18n } from '../../../../../src/features/sessions/i18n';
import { LapTable } from '../../../../../src/features/sessions/analysis/lap-table';
import type { LoadedSession } from '../../../../../src/features/sessions/shared/sessions-port';
import { renderWithProviders } from '../../../ui/render-with-providers';
import { loadedSession } from '../shared/loaded-session';

/** The logger's crossings at the first fix of each of our laps, lap 3's end moved by `shiftMs`. */
function withLoggerLaps(session: LoadedSession, shiftMs: number): LoadedSession {
  const times = fixTimesMs(session.positions);
  const crossings: number[] = [];
  for (let i = 1; i < session.positions.count; i++) {
    if (session.positions.lap[i] !== session.positions.lap[i - 1] && session.positions.lap[i] > 0) crossings.push(times[i]);
  }
  crossings[3] += shiftMs;
  return { ...session, loggerCrossingsMs: crossings };
}

function renderTable(session: LoadedSession, locale: 'en-us' | 'pt-pt' = 'en-us') {
  renderWithProviders(<LapTable session={session} picked={null} reference={null} onPick={() => {}} />, { locale, namespaces: { sessions: sessionsI18n } });
  return screen.getByTestId('lap-table-L');
}

describe("the lap table beside an imported file's own laps", () => {
  afterEach(cleanup);

  it("adds a Logger lap column and marks the lap whose logger time differs from ours", () => {
    const table = renderTable(withLoggerLaps(loadedSession(1, 0), 150));
    expect(within(table).getByText('Logger lap')).toBeTruthy();
    const differs = table.querySelectorAll('[data-logger-differs]');
    // Moving one crossing changes the two laps it bounds (lap 3 longer, lap 4 shorter).
    expect(differs).toHaveLength(2);
    expect(differs[0].getAttribute('title')).toMatch(/^The logger timed this lap -0\.15 s apart from our gate$/);
  });

  it('shows the difference, ours minus the logger’s, to the millisecond on every lap, in both languages', () => {
    const table = renderTable(withLoggerLaps(loadedSession(1, 0), 153));
    expect(within(table).getByText('Ours − logger (s)')).toBeTruthy();
    const diffs = Array.from(table.querySelectorAll('[data-testid="logger-lap-diff"]')).map((c) => c.textContent);
    // Lap 3 ends 153 ms later for the logger (ours shorter), lap 4 starts later (ours longer); the rest agree.
    expect(diffs.filter((d) => d !== '±0.000')).toEqual(['−0.153', '+0.153']);
    expect(diffs.length).toBeGreaterThanOrEqual(4);
    cleanup();
    const pt = renderTable(withLoggerLaps(loadedSession(1, 0), 153), 'pt-pt');
    expect(within(pt).getByText('Nossa − logger (s)')).toBeTruthy();
    expect(Array.from(pt.querySelectorAll('[data-testid="logger-lap-diff"]')).map((c) => c.textContent)).toContain('−0,153');
  });

  it('marks nothing when the logger agrees', () => {
    const agreeing = renderTable(withLoggerLaps(loadedSession(1, 0), 0));
    expect(agreeing.querySelectorAll('[data-logger-differs]')).toHaveLength(0);
    expect(within(agreeing).getByText('Logger lap')).toBeTruthy();
  });

  it('names the column in European Portuguese', () => {
    const table = renderTable(withLoggerLaps(loadedSession(1, 0), 150), 'pt-pt');
    expect(within(table).getByText('Volta do logger')).toBeTruthy();
    expect(table.querySelector('[data-logger-differs]')?.getAttribute('title')).toContain('O logger cronometrou esta volta com -0,15 s');
  });

  it('shows no logger column for a session the device recorded', () => {
    const table = renderTable(loadedSession(1, 0));
    expect(within(table).queryByText('Logger lap')).toBeNull();
  });
});
