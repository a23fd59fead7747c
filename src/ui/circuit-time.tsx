/**
 * The one rule for showing when a session happened: the circuit's local time (its country's zone), wherever it is
 * shown, with a tooltip that says so ('Local time at Mugello'). A reader elsewhere sees the time a clock at the
 * track showed, the same in the library, the admin table and the leaderboard. Without a known zone, this runtime's.
 */
import { Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime } from '../app/i18n/format';
import { currentLocale } from '../app/i18n/setup';
import type { Locale } from '../contracts/translations';

/** The text of a session's date (and time) at its circuit: what every screen shows. */
export function circuitTimeText(value: string, locale: Locale, timeZone: string | null | undefined, dateOnly = false): string {
  return dateOnly ? formatDate(value, locale, timeZone ?? undefined) : formatDateTime(value, locale, timeZone ?? undefined);
}

export interface CircuitTimeProps {
  /** The instant (ISO). */
  value: string;
  /** IANA zone of the circuit's country. */
  timeZone: string | null | undefined;
  /** Named in the tooltip; no tooltip without it. */
  circuitName: string | null | undefined;
  dateOnly?: boolean;
}

export function CircuitTime({ value, timeZone, circuitName, dateOnly }: CircuitTimeProps) {
  // The language of the i18n instance this is rendered under (the app's, or a screen's own in tests).
  const { t, i18n } = useTranslation('app');
  const text = circuitTimeText(value, currentLocale(i18n), timeZone, dateOnly);
  if (!circuitName) return <span>{text}</span>;
  const label = t('time.localAt', { circuit: circuitName });
  return (
    <Tooltip label={label} withArrow openDelay={300}>
      <span data-circuit-time={timeZone ?? ''} aria-label={`${text} (${label})`} tabIndex={0} style={{ textDecoration: 'underline dotted', textUnderlineOffset: 3 }}>
        {text}
      </span>
    </Tooltip>
  );
}
