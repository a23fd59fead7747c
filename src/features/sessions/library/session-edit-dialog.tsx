/**
 * 'Edit Session': name, circuit, vehicle category, weather. Saves a partial update through the sync
 * queue (the row changes at once, the PATCH goes when online), then the table refreshes from IndexedDB.
 */
import { Button, Group, Modal, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Circuit, VehicleCategory } from '../../../contracts/entities';
import type { LibraryRow, SessionEditInput, Visibility, WeatherConditions } from '../shared';
import { useReferenceTexts } from '../../../app/i18n/reference-text';

const WEATHER: WeatherConditions[] = ['Dry', 'Damp', 'Wet', 'Unknown'];
const VISIBILITY: Visibility[] = ['private', 'team', 'public'];

export interface SessionEditDialogProps {
  row: LibraryRow | null;
  circuits: readonly Circuit[];
  vehicleCategories: readonly VehicleCategory[];
  onCancel: () => void;
  onSave: (changes: SessionEditInput) => Promise<void>;
}

/** Only the fields that changed (a PATCH, not a PUT). */
function changedFields(row: LibraryRow, draft: Required<Omit<SessionEditInput, 'favorite' | 'visibility'>> & { visibility: Visibility | null }): SessionEditInput {
  const changes: SessionEditInput = {};
  if (draft.name.trim() !== row.name) changes.name = draft.name.trim();
  if (draft.circuitId !== row.circuitId) changes.circuitId = draft.circuitId;
  if (draft.vehicleCategoryId !== row.vehicleCategoryId) changes.vehicleCategoryId = draft.vehicleCategoryId;
  if (draft.weatherConditions !== row.weatherConditions) changes.weatherConditions = draft.weatherConditions;
  if (draft.visibility !== null && draft.visibility !== (row.visibility ?? null)) changes.visibility = draft.visibility;
  return changes;
}

export function SessionEditDialog({ row, circuits, vehicleCategories, onCancel, onSave }: SessionEditDialogProps) {
  const { t } = useTranslation('sessions');
  const ref = useReferenceTexts();
  const [name, setName] = useState('');
  const [circuitId, setCircuitId] = useState<string | null>(null);
  const [categoryId, setCategoryId] = useState<string | null>(null);
  const [weather, setWeather] = useState<string | null>(null);
  const [visibility, setVisibility] = useState<Visibility | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!row) return;
    setName(row.name);
    setCircuitId(row.circuitId === null ? null : String(row.circuitId));
    setCategoryId(row.vehicleCategoryId === null ? null : String(row.vehicleCategoryId));
    setWeather(row.weatherConditions);
    setVisibility(row.visibility ?? null);
  }, [row]);

  const nameError = name.trim() === '' ? t('edit.nameRequired') : null;
  const submit = async () => {
    if (!row || nameError) return;
    setBusy(true);
    try {
      await onSave(
        changedFields(row, {
          name,
          circuitId: circuitId === null ? null : Number(circuitId),
          vehicleCategoryId: categoryId === null ? null : Number(categoryId),
          weatherConditions: (weather as WeatherConditions | null) ?? null,
          visibility,
        }),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal closeButtonProps={{ 'aria-label': t('app:toast.close') }} opened={row !== null} onClose={onCancel} title={t('edit.title')} size="min(40vw, 640px)" styles={{ content: { minWidth: 'min(90vw, 360px)' } }}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <TextInput label={t('edit.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} error={nameError} required maxLength={200} data-autofocus />
          <Select
            label={t('edit.circuit')}
            data={circuits.map((c) => ({ value: String(c.id), label: c.name }))}
            value={circuitId}
            onChange={setCircuitId}
            clearable
            searchable
            placeholder={t('edit.none')}
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            label={t('edit.vehicleCategory')}
            data={ref.options('vehicleCategory', vehicleCategories)}
            value={categoryId}
            onChange={setCategoryId}
            clearable
            searchable
            placeholder={t('edit.none')}
          />
          <Select
            label={t('edit.weather')}
            data={WEATHER.map((w) => ({ value: w, label: t(`edit.weatherValues.${w}`) }))}
            value={weather}
            onChange={setWeather}
            clearable
            placeholder={t('edit.none')}
          />
          <div>
            <Text size="sm" fw={500} mb={2} id="session-visibility-label">
              {t('edit.visibility')}
            </Text>
            <SegmentedControl
              fullWidth
              aria-labelledby="session-visibility-label"
              data={VISIBILITY.map((v) => ({ value: v, label: t(`edit.visibilityValues.${v}`) }))}
              value={visibility ?? ''}
              onChange={(v) => setVisibility(v as Visibility)}
              data-testid="session-visibility"
            />
            <Text size="xs" c="dimmed" mt={4} data-testid="session-visibility-hint">
              {t(`edit.visibilityHints.${visibility ?? 'unknown'}`)}
            </Text>
          </div>
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onCancel} disabled={busy}>
              {t('edit.cancel')}
            </Button>
            <Button type="submit" loading={busy} disabled={nameError !== null} data-testid="session-edit-save">
              {t('edit.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
