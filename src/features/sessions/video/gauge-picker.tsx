/** The overlay's gauges the racer chooses: kept on this device, and the 'Overlay' popover to turn them on and off. */
import { Button, Checkbox, Popover, SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { GAUGES, parseGaugeChoice, toggleGauge, type Gauge } from '../../../domain/video/overlay-layout';

/** The gauges the racer chose, on this device (localStorage, cleared with everything else at logout). */
const GAUGES_KEY = 'video-overlay-gauges';

export function storedGauges(): Gauge[] {
  try {
    return parseGaugeChoice(localStorage.getItem(GAUGES_KEY));
  } catch {
    return parseGaugeChoice(null);
  }
}

export function storeGauges(gauges: readonly Gauge[]): void {
  try {
    localStorage.setItem(GAUGES_KEY, JSON.stringify(gauges));
  } catch {
    // Storage refused (private mode, full): the choice holds for this visit only.
  }
}

/** The overlay's gauges to turn on and off, in a popover under an 'Overlay' button. */
export function GaugePicker({ gauges, onChange }: { gauges: readonly Gauge[]; onChange: (gauges: Gauge[]) => void }) {
  const { t } = useTranslation('video');
  return (
    <Popover position="bottom-start" withinPortal shadow="md">
      <Popover.Target>
        <Button size="xs" variant="default" data-testid="video-gauges">
          {t('overlay')} ({gauges.length})
        </Button>
      </Popover.Target>
      <Popover.Dropdown data-testid="video-gauges-dropdown">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing={6}>
          {GAUGES.map((g) => (
            <Checkbox key={g} size="xs" label={t(`gauges.${g}`)} checked={gauges.includes(g)} onChange={(e) => onChange(toggleGauge(gauges, g, e.currentTarget.checked))} data-testid={`video-gauge-${g}`} />
          ))}
        </SimpleGrid>
      </Popover.Dropdown>
    </Popover>
  );
}
