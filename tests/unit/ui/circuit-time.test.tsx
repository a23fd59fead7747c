// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n, setLocale } from '../../../src/app/i18n/setup';
import { CircuitTime, circuitTimeText } from '../../../src/ui/circuit-time';
import { installDomShims } from '../features/auth/render-screen';

afterEach(() => cleanup());

// 11:45 UTC on a May day is 13:45 on the clock at Mugello (Europe/Rome, UTC+2 in summer).
const AT = '2026-05-10T11:45:00.000Z';

function show(timeZone: string | null, circuitName: string | null, dateOnly = false) {
  installDomShims();
  render(
    <MantineProvider env="test">
      <I18nextProvider i18n={i18n}>
        <CircuitTime value={AT} timeZone={timeZone} circuitName={circuitName} dateOnly={dateOnly} />
      </I18nextProvider>
    </MantineProvider>,
  );
}

describe("a session's time", () => {
  it("is the circuit's local time whatever the reader's zone, the same text everywhere", () => {
    expect(circuitTimeText(AT, 'en-us', 'Europe/Rome')).toBe('05/10/2026 1:45 PM');
    expect(circuitTimeText(AT, 'pt-pt', 'Europe/Rome')).toBe('10/05/2026 13:45');
    expect(circuitTimeText(AT, 'en-us', 'Europe/Lisbon')).toBe('05/10/2026 12:45 PM');
    // Just before midnight UTC is already the next day at the track.
    expect(circuitTimeText('2026-05-10T23:30:00.000Z', 'en-us', 'Europe/Rome', true)).toBe('05/11/2026');
  });

  it("says in a tooltip that it is the local time at the circuit, in both languages", async () => {
    await setLocale('en-us');
    show('Europe/Rome', 'Mugello');
    expect(screen.getByText('05/10/2026 1:45 PM').getAttribute('aria-label')).toBe('05/10/2026 1:45 PM (Local time at Mugello)');
    cleanup();
    await setLocale('pt-pt');
    show('Europe/Rome', 'Mugello');
    expect(screen.getByText('10/05/2026 13:45').getAttribute('aria-label')).toBe('10/05/2026 13:45 (Hora local em Mugello)');
    await setLocale('en-us');
  });

  it('has no tooltip when the circuit is unknown', async () => {
    await setLocale('en-us');
    show(null, null, true);
    expect(screen.getByText(/^\d{2}\/\d{2}\/2026$/).getAttribute('aria-label')).toBeNull();
  });
});
