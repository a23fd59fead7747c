/**
 * What the player's overlay shows besides the figures of the frame: the gauges the racer chose (kept for the next
 * visit), their labels in the language shown, the session's date and the track's outline.
 */
import { useCallback, useMemo, useState } from 'react';
import type { TFunction } from 'i18next';
import { lapOutline, type LapSpan } from '../../../domain/video/lap-times';
import type { Gauge } from '../../../domain/video/overlay-layout';
import type { LoadedSession } from '../shared';
import { storedGauges, storeGauges } from './gauge-picker';
import { useSessionDate } from './overlay-canvas';

export function useOverlayScene(session: LoadedSession, spans: readonly LapSpan[], t: TFunction<'video'>) {
  const [gauges, setGauges] = useState<Gauge[]>(storedGauges);
  const chooseGauges = useCallback((next: Gauge[]) => {
    setGauges(next);
    storeGauges(next);
  }, []);
  const sessionDate = useSessionDate(session.date);
  const labels = useMemo(() => ({ lap: t('gauge.lap'), last: t('gauge.last'), delta: t('gauge.delta'), kmh: t('gauge.kmh'), g: t('gauge.g') }), [t]);
  const track = useMemo(() => lapOutline(session.positions, spans), [spans, session.positions]);
  return { gauges, chooseGauges, sessionDate, labels, track };
}
