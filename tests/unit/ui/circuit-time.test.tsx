// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n, setLocale } from '../../../src/app/i18n/setup';
import { displayNameFromFileName } from '../../../src/domain/value-format/session-name';
import { wallClockToInstant } from '../../../src/domain/value-format/wall-clock';
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
    expect(circuitTimeText(AT, 'Europe/Rome')).toBe('10/05/2026 13H45');
    expect(circuitTimeText(AT, 'Europe/Lisbon')).toBe('10/05/2026 12H45');
    // Just before midnight UTC is already the next day at the track.
    expect(circuitTimeText('2026-05-10T23:30:00.000Z', 'Europe/Rome', true)).toBe('11/05/2026');
  });

  it("is written like the session's name, so the name's date and the date column read alike", () => {
    // A session named by ASTRO at 10:30 on the track's clock in Braga (Europe/Lisbon, UTC+1 in April).
    const name = displayNameFromFileName('20260412_1030_Kartodromo de Braga');
    const instant = wallClockToInstant('2026-04-12T10:30:00', 'Europe/Lisbon');
    expect(name.endsWith(circuitTimeText(instant, 'Europe/Lisbon'))).toBe(true);
    expect(circuitTimeText(instant, 'Europe/Lisbon')).toBe('12/04/2026 10H30');
  });

  it("says in a tooltip that it is the local time at the circuit, in both languages", async () => {
    await setLocale('en-us');
    show('Europe/Rome', 'Mugello');
    expect(screen.getByText('10/05/2026 13H45').getAttribute('aria-label')).toBe('10/05/2026 13H45 (Local time at Mugello)');
    cleanup();
    await setLocale('pt-pt');
    show('Europe/Rome', 'Mugello');
    expect(screen.getByText('10/05/2026 13H45').getAttribute('aria-label')).toBe('10/05/2026 13H45 (Hora local em Mugello)');
    await setLocale('en-us');
  });

  it('has no tooltip when the circuit is unknown', async () => {
    await setLocale('en-us');
    show(null, null, true);
    expect(screen.getByText(/^\d{2}\/\d{2}\/2026$/).getAttribute('aria-label')).toBeNull();
  });
});
