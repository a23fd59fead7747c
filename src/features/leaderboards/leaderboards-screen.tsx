/**
 * /leaderboards: filters country, circuit, type, category; Top 3 / Top 10; 'Show Leaderboard'.
 * The server ranks within each circuit; one table per circuit. The last answer per filter set is kept in IndexedDB
 * and shown offline with its date.
 */
import { Alert, Badge, Button, Group, SegmentedControl, Select, Stack, Text, Title } from '@mantine/core';
import { useLiveQuery } from '../../data/live-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLapTimeDigits } from '../../app/preferences/lap-time-digits';
import { referenceRepository } from '../../data/services';
import { formatDateTime } from '../../app/i18n/format';
import { useReferenceTexts } from '../../app/i18n/reference-text';
import { currentLocale } from '../../app/i18n/setup';
import { LeaderboardBoard } from './leaderboard-board';
import { boardsByCircuit, circuitChoices, withFilters, type LeaderboardForm } from './leaderboard-view';
import { useLeaderboard } from './use-leaderboard';
// Registers the area's texts before it renders.
import './i18n';

export function LeaderboardsScreen() {
  const { t } = useTranslation('leaderboards');
  const digits = useLapTimeDigits();
  const locale = currentLocale();
  const countries = useLiveQuery(() => referenceRepository.list('countries'), []) ?? [];
  const circuits = useLiveQuery(() => referenceRepository.list('circuits'), []) ?? [];
  const types = useLiveQuery(() => referenceRepository.list('circuitTypes'), []) ?? [];
  const categories = useLiveQuery(() => referenceRepository.list('vehicleCategories'), []) ?? [];
  const { form, setForm, shown, loading, offlineNoCopy, show } = useLeaderboard(t('failed'));

  // Dates at the circuit's clock (its country's zone), the one rule for a session's time.
  const zones = useMemo(() => new Map(circuits.map((c) => [c.id, c.country?.timezone])), [circuits]);
  const circuitOptions = useMemo(() => circuitChoices(circuits, form), [circuits, form]);
  const ref = useReferenceTexts();
  const opts = (list: readonly { id: number; name: string }[]) => list.map((x) => ({ value: String(x.id), label: x.name }));
  const idOf = (v: string | null) => (v === null ? null : Number(v));

  const set = (patch: Partial<LeaderboardForm>) => setForm((f) => withFilters(circuits, f, patch));

  return (
    <Stack gap="md">
      <Title order={2}>{t('title')}</Title>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select label={t('filters.country')} placeholder={t('filters.any')} data={ref.options('country', countries)} value={form.countryId === null ? null : String(form.countryId)} onChange={(v) => set({ countryId: idOf(v) })} clearable searchable w={190} name="countryId" />
        <Select label={t('filters.circuit')} placeholder={t('filters.any')} data={opts(circuitOptions)} value={form.circuitId === null ? null : String(form.circuitId)} onChange={(v) => set({ circuitId: idOf(v) })} clearable searchable w={230} name="circuitId" />
        <Select label={t('filters.type')} placeholder={t('filters.any')} data={ref.options('circuitType', types)} value={form.circuitTypeId === null ? null : String(form.circuitTypeId)} onChange={(v) => set({ circuitTypeId: idOf(v) })} clearable w={160} name="circuitTypeId" />
        <Select label={t('filters.category')} placeholder={t('filters.any')} data={ref.options('vehicleCategory', categories)} value={form.vehicleCategoryId === null ? null : String(form.vehicleCategoryId)} onChange={(v) => set({ vehicleCategoryId: idOf(v) })} clearable searchable w={190} name="vehicleCategoryId" />
        <SegmentedControl
          aria-label={t('limit')}
          value={String(form.limit)}
          onChange={(v) => set({ limit: v === '3' ? 3 : 10 })}
          data={[
            { value: '3', label: t('top3') },
            { value: '10', label: t('top10') },
          ]}
        />
        <Button onClick={() => void show()} loading={loading} data-testid="show-leaderboard">
          {t('show')}
        </Button>
      </Group>
      {offlineNoCopy && (
        <Alert color="yellow" variant="light">
          {t('offlineNoCopy')}
        </Alert>
      )}
      {!shown && !offlineNoCopy && !loading && (
        <Text c="dimmed" ta="center" py="lg" data-testid="leaderboard-hint">
          {t('hint')}
        </Text>
      )}
      {shown && (
        <Stack gap="xs">
          <Group justify="space-between">
            <Text size="xs" c="dimmed">
              {t('ties')}
            </Text>
            {shown.fromCache ? (
              <Badge color="yellow" variant="light">
                {t('cached', { date: formatDateTime(shown.fetchedAt, locale) })}
              </Badge>
            ) : (
              <Text size="xs" c="dimmed">
                {t('fetchedAt', { date: formatDateTime(shown.fetchedAt, locale) })}
              </Text>
            )}
          </Group>
          {shown.rows.length === 0 ? (
            <Text c="dimmed" ta="center" py="lg" data-testid="leaderboard-empty">
              {t('noResults')}
            </Text>
          ) : (
            boardsByCircuit(shown.rows).map((board) => (
              <LeaderboardBoard key={board.circuitId} board={board} zones={zones} digits={digits} />
            ))
          )}
        </Stack>
      )}
    </Stack>
  );
}
