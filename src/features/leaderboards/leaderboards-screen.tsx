/**
 * /leaderboards: filters country, circuit, type, category; Top 3 / Top 10; 'Show Leaderboard'.
 * The server ranks within each circuit; one table per circuit. The last answer per filter set is kept in IndexedDB
 * and shown offline with its date.
 */
import { Alert, Badge, Button, Group, SegmentedControl, Select, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useLiveQuery } from '../../data/live-query';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useLapTimeDigits } from '../../app/preferences/lap-time-digits';
import type { LeaderboardRow } from '../../contracts/leaderboard';
import { isApiError } from '../../data/api/api-error';
import { leaderboardRepository, referenceRepository } from '../../data/services';
import { formatDateTime } from '../../app/i18n/format';
import { CircuitTime } from '../../ui/circuit-time';
import { useReferenceTexts } from '../../app/i18n/reference-text';
import { currentLocale, translateError } from '../../app/i18n/setup';
import { notifyError } from '../../ui/toast';
import { boardsByCircuit, circuitChoices, emptyLeaderboardForm, fromLeaderboardRequest, gapText, lapText, toLeaderboardRequest, type LeaderboardForm } from './leaderboard-view';
// Registers the area's texts before it renders.
import './i18n';

interface Shown {
  rows: LeaderboardRow[];
  fetchedAt: string;
  fromCache: boolean;
}

export function LeaderboardsScreen() {
  const { t } = useTranslation('leaderboards');
  const navigate = useNavigate();
  const digits = useLapTimeDigits();
  const locale = currentLocale();
  const countries = useLiveQuery(() => referenceRepository.list('countries'), []) ?? [];
  const circuits = useLiveQuery(() => referenceRepository.list('circuits'), []) ?? [];
  const types = useLiveQuery(() => referenceRepository.list('circuitTypes'), []) ?? [];
  const categories = useLiveQuery(() => referenceRepository.list('vehicleCategories'), []) ?? [];
  const [form, setForm] = useState<LeaderboardForm>(emptyLeaderboardForm);
  const [shown, setShown] = useState<Shown | null>(null);
  const [loading, setLoading] = useState(false);
  const [offlineNoCopy, setOfflineNoCopy] = useState(false);

  // Reopen on the last leaderboard seen: its saved copy at once, then, when online, the server's current answer
  // (the copy is only called offline when the server cannot be reached; 'Show Leaderboard' asks again too).
  useEffect(() => {
    let live = true;
    void (async () => {
      const last = await leaderboardRepository.lastRequest();
      if (!last || !live) return;
      setForm(fromLeaderboardRequest(last));
      const copy = await leaderboardRepository.cached(last);
      if (copy && live) setShown({ ...copy, fromCache: false });
      if (!navigator.onLine) {
        if (copy && live) setShown(copy);
        return;
      }
      try {
        const fresh = await leaderboardRepository.query(last);
        if (live) setShown(fresh);
      } catch {
        // Left to 'Show Leaderboard' to report: opening the screen keeps the saved copy on screen quietly.
      }
    })();
    return () => {
      live = false;
    };
  }, []);

  // Back online with the offline copy on screen: ask the server again for those filters, so 'Offline' goes away.
  const showingCopy = shown?.fromCache === true;
  useEffect(() => {
    if (!showingCopy) return;
    let live = true;
    const refresh = () => {
      void (async () => {
        const last = await leaderboardRepository.lastRequest();
        if (!last) return;
        const fresh = await leaderboardRepository.query(last).catch(() => null);
        if (fresh && live) setShown(fresh);
      })();
    };
    window.addEventListener('online', refresh);
    return () => {
      live = false;
      window.removeEventListener('online', refresh);
    };
  }, [showingCopy]);

  // Dates at the circuit's clock (its country's zone), the one rule for a session's time.
  const zones = useMemo(() => new Map(circuits.map((c) => [c.id, c.country?.timezone])), [circuits]);
  const circuitOptions = useMemo(() => circuitChoices(circuits, form), [circuits, form]);
  const ref = useReferenceTexts();
  const opts = (list: readonly { id: number; name: string }[]) => list.map((x) => ({ value: String(x.id), label: x.name }));
  const idOf = (v: string | null) => (v === null ? null : Number(v));

  async function show() {
    setLoading(true);
    setOfflineNoCopy(false);
    try {
      setShown(await leaderboardRepository.query(toLeaderboardRequest(form)));
    } catch (e) {
      if (isApiError(e) && e.offline) {
        setOfflineNoCopy(true);
        setShown(null);
      } else notifyError(e instanceof Error ? translateError(e) : t('failed'));
    } finally {
      setLoading(false);
    }
  }

  const set = (patch: Partial<LeaderboardForm>) =>
    setForm((f) => {
      const next = { ...f, ...patch };
      // A circuit outside the chosen country/type is dropped.
      if (next.circuitId !== null && !circuitChoices(circuits, next).some((c) => c.id === next.circuitId)) next.circuitId = null;
      return next;
    });

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
              <Stack key={board.circuitId} gap={4} data-testid="leaderboard-circuit" data-circuit-id={board.circuitId}>
                <Title order={3} size="h4">
                  {board.circuitName}
                </Title>
                <Table.ScrollContainer minWidth={640}>
                  <Table striped fz="sm" verticalSpacing={4} aria-label={`${t('title')}: ${board.circuitName}`} data-testid="leaderboard-table">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t('columns.position')}</Table.Th>
                        <Table.Th>{t('columns.driver')}</Table.Th>
                        <Table.Th>{t('columns.bestLap')}</Table.Th>
                        <Table.Th>{t('columns.gap')}</Table.Th>
                        <Table.Th>{t('columns.date')}</Table.Th>
                        <Table.Th>{t('columns.category')}</Table.Th>
                        <Table.Th>{t('columns.optimal')}</Table.Th>
                        <Table.Th>
                          <VisuallyHidden>{t('compare.column')}</VisuallyHidden>
                        </Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {board.rows.map((r) => (
                        <Table.Tr key={r.userId} data-user-id={r.userId}>
                          <Table.Td fw={700}>{r.position}</Table.Td>
                          <Table.Td>{r.driver}</Table.Td>
                          <Table.Td ff="monospace">{lapText(r.bestLapMs, digits)}</Table.Td>
                          <Table.Td ff="monospace">{gapText(r.gapMs, digits)}</Table.Td>
                          <Table.Td>
                            <CircuitTime value={r.date} timeZone={zones.get(r.circuitId)} circuitName={r.circuitName} dateOnly />
                          </Table.Td>
                          <Table.Td>{r.vehicleCategory === null ? '-' : ref.text('vehicleCategory', r.vehicleCategoryId, 'name', r.vehicleCategory)}</Table.Td>
                          <Table.Td ff="monospace">{lapText(r.optimalLapMs, digits)}</Table.Td>
                          <Table.Td>
                            {/* A lap its owner shares with everyone, or with the viewer's team: the lap viewer takes it as the reference. */}
                            {r.comparable && r.lapNumber !== null && (
                              <Button
                                size="compact-xs"
                                variant="light"
                                onClick={() => void navigate({ to: '/sessions/analysis', search: { compare: `${r.sessionId}-${r.lapNumber}`, circuit: r.circuitId } })}
                                data-testid={`compare-${r.sessionId}`}
                              >
                                {t('compare.button')}
                              </Button>
                            )}
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              </Stack>
            ))
          )}
        </Stack>
      )}
    </Stack>
  );
}
