// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CoachedSession } from '../../../../../src/analysis/analysis-client';
import CoachPanel from '../../../../../src/features/sessions/coach/coach-panel';
import { sessionsI18n } from '../../../../../src/features/sessions/i18n';
import { renderWithProviders } from '../../../ui/render-with-providers';

/** What the panel reads of the worker's coaching: the drivable optimal (AiM-like figures) and no consistency. */
const coaching = {
  data: { optimal: { timeMs: 57_862, bestLapMs: 58_512, sumOfBestMs: 57_090, sectorCount: 36, stretches: [] } } as unknown as CoachedSession,
  error: null,
};

function panel(locale: 'en-us' | 'pt-pt', sumOfBestSectorsMs: number) {
  renderWithProviders(
    <CoachPanel
      coaching={coaching}
      report={null}
      reference={null}
      compared={null}
      lapLabel={() => ''}
      bestLapMs={58_512}
      bestLapName="Lap 12"
      sumOfBestSectorsMs={sumOfBestSectorsMs}
      referenceIsOptimal={false}
      onUseOptimal={() => {}}
      linesAligned
      onAlignLines={() => {}}
      onFocus={() => {}}
    />,
    { locale, namespaces: { sessions: sessionsI18n } },
  );
  return screen.getByTestId('coach-sum-of-best-sectors').textContent;
}

describe("the coach panel's sum of the 3 best sectors", () => {
  afterEach(cleanup);

  it('says in words that the circuit has no sectors (AiM, Road America) instead of a dash or --:--.--, in both languages', () => {
    expect(panel('en-us', NaN)).toBe('none: no sectors drawn');
    cleanup();
    expect(panel('pt-pt', NaN)).toBe('nenhuma: sem setores');
  });

  it('shows the sum as a lap time when there are sectors', () => {
    expect(panel('en-us', 133_720)).toBe('02:13.72');
  });
});
