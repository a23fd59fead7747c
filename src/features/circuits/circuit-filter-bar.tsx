import { Group, Select, TextInput } from '@mantine/core';
import type { Dispatch, SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { useReferenceTexts } from '../../app/i18n/reference-text';
import type { CircuitFilters } from './circuit-filter';

/** Reference rows the filters offer (countries, circuit types). */
type Named = Parameters<ReturnType<typeof useReferenceTexts>['options']>[1];

/** The circuit list's filters: country, circuit type and a text. */
export function CircuitFilterBar({
  filters,
  setFilters,
  countries,
  types,
}: {
  filters: CircuitFilters;
  setFilters: Dispatch<SetStateAction<CircuitFilters>>;
  countries: Named;
  types: Named;
}) {
  const { t } = useTranslation('circuits');
  const ref = useReferenceTexts();
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <Select
        label={t('filters.country')}
        placeholder={t('filters.all')}
        data={ref.options('country', countries)}
        value={filters.countryId === null ? null : String(filters.countryId)}
        onChange={(v) => setFilters((f) => ({ ...f, countryId: v === null ? null : Number(v) }))}
        clearable
        searchable
        w={200}
      />
      <Select
        label={t('filters.type')}
        placeholder={t('filters.all')}
        data={ref.options('circuitType', types)}
        value={filters.typeId === null ? null : String(filters.typeId)}
        onChange={(v) => setFilters((f) => ({ ...f, typeId: v === null ? null : Number(v) }))}
        clearable
        w={180}
      />
      <TextInput
        label={t('filters.text')}
        placeholder={t('filters.textPlaceholder')}
        value={filters.text}
        onChange={(e) => {
          const text = e.currentTarget.value;
          setFilters((f) => ({ ...f, text }));
        }}
        w={240}
        type="search"
      />
    </Group>
  );
}
