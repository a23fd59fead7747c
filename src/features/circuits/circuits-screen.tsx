/**
 * /circuits: the circuit list with filters (country, type, text) and a map preview of the selected
 * circuit's gates. Reads the offline copy in IndexedDB (data layer reference repository), refreshed from the
 * server when online, so it works with no connection.
 */
import { Alert, Grid, Group, Stack, Table, Text, Title, UnstyledButton, useMantineTheme } from '@mantine/core';
import { useLiveQuery } from '../../data/live-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { referenceRepository } from '../../data/services';
import { formatNumber, intlLocale } from '../../app/i18n/format';
import type { Circuit } from '../../contracts/entities';
import { currentLocale } from '../../app/i18n/setup';
import { useReferenceTexts } from '../../app/i18n/reference-text';
import { notifyError } from '../../ui/toast';
import { filterCircuits, selectedCircuitRow, usableCircuits, type CircuitFilters } from './circuit-filter';
import { CircuitFilterBar } from './circuit-filter-bar';
import { CircuitPreview } from './circuit-preview';
import { refreshCircuitData } from './refresh-circuit-data';
// Registers the area's texts before it renders.
import './i18n';

function useOnline(): boolean {
  const [online, setOnline] = useState(() => typeof navigator === 'undefined' || navigator.onLine !== false);
  useEffect(() => {
    const up = () => setOnline(true);
    const down = () => setOnline(false);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
    };
  }, []);
  return online;
}

export function CircuitsScreen() {
  const { t } = useTranslation('circuits');
  const online = useOnline();
  const circuits = useLiveQuery(() => referenceRepository.list('circuits'), []);
  const countries = useLiveQuery(() => referenceRepository.list('countries'), []) ?? [];
  const types = useLiveQuery(() => referenceRepository.list('circuitTypes'), []) ?? [];
  const [filters, setFilters] = useState<CircuitFilters>({ countryId: null, typeId: null, text: '' });
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const theme = useMantineTheme();
  const preview = useRef<HTMLDivElement>(null);
  /** Shows a circuit; on a phone (one column, the map below the list) the map is scrolled into view too. */
  const select = (id: number) => {
    setSelectedId(id);
    // One column below the Grid's md breakpoint (the theme's own value, not a copy of it).
    if (window.matchMedia && !window.matchMedia(`(min-width: ${theme.breakpoints.md})`).matches) preview.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  useEffect(() => {
    if (!online) return;
    let live = true;
    void refreshCircuitData(
      (table) => referenceRepository.refresh(table),
      (message) => live && notifyError(message),
    );
    return () => {
      live = false;
    };
  }, [online]);

  const ref = useReferenceTexts();
  const locale = currentLocale();
  const usable = useMemo(() => usableCircuits(circuits ?? []), [circuits]);
  const rows = useMemo(() => {
    const collator = new Intl.Collator(intlLocale(locale));
    const shown = (c: Circuit) => ({ country: ref.name('country', c.country), type: ref.name('circuitType', c.type), description: ref.text('circuit', c.id, 'description', c.description) });
    return filterCircuits(usable, filters, shown, collator.compare);
  }, [usable, filters, ref, locale]);
  const selected = selectedCircuitRow(rows, selectedId);

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>{t('title')}</Title>
        <Text size="sm" c="dimmed" data-testid="circuit-count">
          {t('count', { count: rows.length })}
        </Text>
      </Group>
      {!online && (
        <Alert color="yellow" variant="light">
          {t('offline')}
        </Alert>
      )}
      <CircuitFilterBar filters={filters} setFilters={setFilters} countries={countries} types={types} />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 6 }}>
          {rows.length === 0 ? (
            <Text c="dimmed" ta="center" py="xl">
              {circuits === undefined ? '' : t('empty')}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={420}>
              <Table highlightOnHover fz="sm" verticalSpacing={4} aria-label={t('title')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('columns.name')}</Table.Th>
                    <Table.Th>{t('columns.country')}</Table.Th>
                    <Table.Th>{t('columns.type')}</Table.Th>
                    <Table.Th ta="right">{t('columns.length')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map(({ circuit: c }) => {
                    const active = selected?.circuit.id === c.id;
                    return (
                      <Table.Tr key={c.id} bg={active ? 'var(--mantine-primary-color-light)' : undefined} data-circuit-id={c.id} aria-selected={active}>
                        <Table.Td>
                          <UnstyledButton fz="sm" fw={active ? 700 : 500} onClick={() => select(c.id)}>
                            {c.name}
                          </UnstyledButton>
                        </Table.Td>
                        <Table.Td>{ref.name('country', c.country)}</Table.Td>
                        <Table.Td>{ref.name('circuitType', c.type)}</Table.Td>
                        <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>{c.length > 0 ? t('length', { value: formatNumber(c.length, locale, 0) }) : ''}</Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }} ref={preview}>
          <CircuitPreview selected={selected} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
