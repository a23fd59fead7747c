/**
 * The one rule for showing when a session happened: the circuit's local time (its country's zone), wherever it is
 * shown, with a tooltip that says so ('Local time at Mugello'). A reader elsewhere sees the time a clock at the
 * track showed, the same in the library, the admin table and the leaderboard. Without a known zone, this runtime's.
 * Written like the session names ('12/04/2026 10H30') in every language.
 */
import { Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { sessionTimeText } from '../domain/value-format/session-name';
import { instantToWallClock } from '../domain/value-format/wall-clock';

/**
 * The text of a session's date (and time) at its circuit: what every screen shows, in the shape of the session
 * names ('12/04/2026 10H30', the same in both languages), so a name and its date never disagree.
 * @internal Exported for its tests.
 */
export function circuitTimeText(value: string, timeZone: string | null | undefined, dateOnly = false): string {
  return sessionTimeText(instantToWallClock(value, timeZone), dateOnly);
}

export interface CircuitTimeProps {
  /** The instant (ISO). */
  value: string;
  /** IANA zone of the circuit's country. */
  timeZone: string | null | undefined;
  /** Named in the tooltip; no tooltip without it. */
  circuitName: string | null | undefined;
  dateOnly?: boolean;
  /**
   * False inside a button or link: that control takes the focus (a focusable span within it would be a nested
   * control); the tooltip still shows on hover and the text stays part of the control's name.
   */
  focusable?: boolean;
}

export function CircuitTime({ value, timeZone, circuitName, dateOnly, focusable = true }: CircuitTimeProps) {
  // The language of the i18n instance this is rendered under (the app's, or a screen's own in tests).
  const { t } = useTranslation('app');
  const text = circuitTimeText(value, timeZone, dateOnly);
  if (!circuitName) return <span>{text}</span>;
  const label = t('time.localAt', { circuit: circuitName });
  return (
    <Tooltip label={label} withArrow openDelay={300}>
      <span
        data-circuit-time={timeZone ?? ''}
        aria-label={focusable ? `${text} (${label})` : undefined}
        tabIndex={focusable ? 0 : undefined}
        style={{ textDecoration: 'underline dotted', textUnderlineOffset: 3 }}>
        {text}
      </span>
    </Tooltip>
  );
}
