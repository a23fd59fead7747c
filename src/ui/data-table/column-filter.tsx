/** The filter input of one column: text (debounced), date (with match mode), boolean (any/yes/no), numeric. */
import { Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { defaultMatchMode, matchModesFor, type ColumnFilter, type ColumnFilterType } from './table-state';

/**
 * How long typing pauses before a text filter is applied (one request per pause, not per key).
 * @internal Exported for its tests.
 */
export const TEXT_FILTER_DEBOUNCE_MS = 300;

export interface ColumnFilterInputProps {
  type: ColumnFilterType;
  label: string;
  filter: ColumnFilter | undefined;
  onChange: (filter: ColumnFilter) => void;
}

export function ColumnFilterInput({ type, label, filter, onChange }: ColumnFilterInputProps) {
  const { t } = useTranslation('dataTable');
  const matchMode = filter?.matchMode ?? defaultMatchMode[type];
  const [text, setText] = useState(filter?.value === null || filter?.value === undefined ? '' : String(filter.value));
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef(onChange);
  latest.current = onChange;

  // Keep the input in step when the filters are cleared from outside.
  useEffect(() => {
    if (!filter) setText('');
  }, [filter]);
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);

  if (type === 'boolean') {
    const value = filter?.value === true ? 'true' : filter?.value === false ? 'false' : '';
    return (
      <NativeSelect
        size="xs"
        miw={96}
        aria-label={t('filterBy', { column: label })}
        value={value}
        data={[
          { value: '', label: t('any') },
          { value: 'true', label: t('yes') },
          { value: 'false', label: t('no') },
        ]}
        onChange={(event) => {
          const v = event.currentTarget.value;
          onChange({ value: v === '' ? null : v === 'true', matchMode: 'equals' });
        }}
      />
    );
  }

  const modeSelect =
    type === 'date' || type === 'numeric' ? (
      <NativeSelect
        size="xs"
        aria-label={t('matchModeOf', { column: label })}
        value={matchMode}
        data={matchModesFor[type].map((mode) => ({ value: mode, label: t(`matchModes.${mode}`) }))}
        onChange={(event) => onChange({ value: filter?.value ?? null, matchMode: event.currentTarget.value as ColumnFilter['matchMode'] })}
        w={type === 'date' ? 130 : 110}
      />
    ) : null;

  const commit = (raw: string) => {
    const value = raw.trim() === '' ? null : type === 'numeric' ? Number(raw) : raw;
    if (typeof value === 'number' && Number.isNaN(value)) return;
    onChange({ value, matchMode });
  };

  // A date's mode and day stand one above the other: side by side they made the date column the table's widest,
  // pushing a tablet's columns off the screen.
  const input = (
    <TextInput
      size="xs"
      type={type === 'date' ? 'date' : type === 'numeric' ? 'number' : 'search'}
      aria-label={t('filterBy', { column: label })}
      placeholder={type === 'text' ? t('filter') : undefined}
      value={text}
      onChange={(event) => {
        const raw = event.currentTarget.value;
        setText(raw);
        if (timer.current) clearTimeout(timer.current);
        if (type === 'text') timer.current = setTimeout(() => latest.current({ value: raw.trim() === '' ? null : raw, matchMode }), TEXT_FILTER_DEBOUNCE_MS);
        else commit(raw);
      }}
      w={type === 'date' ? 130 : undefined}
    />
  );
  return type === 'date' ? (
    <Stack gap={4}>
      {modeSelect}
      {input}
    </Stack>
  ) : (
    <Group gap={4} wrap="nowrap">
      {modeSelect}
      {input}
    </Group>
  );
}
