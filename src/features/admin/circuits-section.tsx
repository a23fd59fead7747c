/**
 * Admin circuits: every field of a circuit, with the gates edited on the map (src/ui/map gate editor:
 * draw up to 3 gates, drag them) and listed under it; typing them as 'lat;lon;lat;lon' text is an option for
 * surveyed coordinates, open by itself only when the stored text does not parse.
 */
import { Checkbox, Group, NumberInput, SegmentedControl, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Button } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Circuit } from '../../contracts/entities';
import { circuitsApi } from '../../data/api/circuits';
import { formatCoordinates, tryParseCoordinates } from '../../domain/value-format/coordinates';
import { circuitFormValid, circuitWriteBody, emptyCircuitForm, type CircuitForm } from './circuit-form';
import { LazyTrackMap } from '../../ui/map/lazy-track-map';
import type { GateMode } from '../../ui/map/types';
import { CrudSection } from './crud-section';
import { UserCircuitsReview } from './user-circuits-review';
import { options, refreshReference, useReferenceList } from './reference-lists';

function CircuitFormFields({ form, set, fitKey }: { form: CircuitForm; set: (p: Partial<CircuitForm>) => void; fitKey: string }) {
  const { t } = useTranslation('admin');
  const countries = useReferenceList('countries');
  const types = useReferenceList('circuitTypes');
  const [mode, setMode] = useState<GateMode>('view');
  const [typed, setTyped] = useState(false);
  const parsed = useMemo(() => tryParseCoordinates(form.coordinates), [form.coordinates]);
  const gates = parsed.ok ? parsed.points : [];
  return (
    <Stack gap="xs">
      <TextInput label={t('fields.name')} name="name" required value={form.name} onChange={(e) => set({ name: e.currentTarget.value })} data-autofocus />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing="xs">
        <Select label={t('fields.country')} name="countryId" required data={options(countries)} value={form.countryId} onChange={(v) => set({ countryId: v })} searchable />
        <Select label={t('fields.type')} name="typeId" required data={options(types)} value={form.typeId} onChange={(v) => set({ typeId: v })} searchable />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing="xs">
        <Select
          label={t('fields.configuration')}
          name="configuration"
          data={(['Regular', 'Inverted'] as const).map((v) => ({ value: v, label: t(`options.${v}`) }))}
          value={form.configuration}
          onChange={(v) => v && set({ configuration: v as Circuit['configuration'] })}
          allowDeselect={false}
        />
        <Select
          label={t('fields.direction')}
          name="direction"
          data={(['Clockwise', 'Counterclockwise'] as const).map((v) => ({ value: v, label: t(`options.${v}`) }))}
          value={form.direction}
          onChange={(v) => v && set({ direction: v as Circuit['direction'] })}
          allowDeselect={false}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing="xs">
        <NumberInput label={t('fields.length')} name="length" min={0} max={100_000} value={form.length} onChange={(v) => set({ length: v })} />
        <NumberInput label={t('fields.size')} name="size" min={1} max={100} value={form.size} onChange={(v) => set({ size: v })} />
      </SimpleGrid>
      <Textarea label={t('fields.description')} name="description" autosize minRows={1} maxRows={4} value={form.description} onChange={(e) => set({ description: e.currentTarget.value })} />
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600}>
          {t('gates.title')}
        </Text>
        <Group gap="xs">
          <SegmentedControl
            size="xs"
            value={mode}
            onChange={(v) => setMode(v as GateMode)}
            data={(['view', 'draw', 'edit'] as const).map((v) => ({ value: v, label: t(`gates.${v}`) }))}
          />
          <Button size="xs" variant="default" onClick={() => set({ coordinates: '' })}>
            {t('gates.clear')}
          </Button>
        </Group>
      </Group>
      <Text size="xs" c="dimmed">
        {t('gates.help')}
      </Text>
      <LazyTrackMap
        traces={[]}
        gates={gates}
        gateWidthM={Number(form.size) || 10}
        gateLabels={[t('gates.labels.sf'), t('gates.labels.s1'), t('gates.labels.s2')]}
        sectorVision
        gateMode={mode}
        onGatesChange={(g) => set({ coordinates: formatCoordinates(g.slice(0, 3)) })}
        fitKey={fitKey}
        height={260}
        aria-label={t('gates.title')}
      />
      <Text size="xs" data-testid="gate-list">
        {gates.length === 0
          ? t('gates.none')
          : gates.map((g, i) => `${[t('gates.labels.sf'), t('gates.labels.s1'), t('gates.labels.s2')][i] ?? i + 1} ${g.lat.toFixed(6)}, ${g.lon.toFixed(6)}`).join(' · ')}
      </Text>
      {mode === 'draw' && (
        <Text size="xs" fw={500} role="status">
          {gates.length >= 3 ? t('gates.full') : t('gates.drawNext', { gate: [t('gates.labels.sf'), t('gates.labels.s1'), t('gates.labels.s2')][gates.length] })}
        </Text>
      )}
      {/* The map is the editor; typing exact coordinates stays possible for surveyed gates. */}
      <Checkbox size="xs" label={t('gates.typeText')} checked={typed || !parsed.ok} onChange={(e) => setTyped(e.currentTarget.checked)} />
      {(typed || !parsed.ok) && (
        <TextInput
          label={t('fields.coordinates')}
          name="coordinates"
          required
          value={form.coordinates}
          onChange={(e) => set({ coordinates: e.currentTarget.value })}
          error={parsed.ok ? undefined : t('gates.invalid')}
        />
      )}
    </Stack>
  );
}

export function CircuitsSection() {
  const { t } = useTranslation('admin');
  return (
    <Stack gap="sm">
      <UserCircuitsReview />
      <CrudSection<Circuit, CircuitForm & { key: string }>
      tableKey="admin-circuits"
      entity="circuit"
      columns={[
        { field: 'id', hidden: true },
        { field: 'name', headerKey: 'fields.name', sortable: true, filter: 'text' },
        { field: 'country.name', headerKey: 'fields.country', sortable: true, filter: 'text', render: (r) => r.country?.name ?? '' },
        { field: 'type.name', headerKey: 'fields.type', sortable: true, filter: 'text', render: (r) => r.type?.name ?? '' },
        { field: 'length', headerKey: 'fields.length', sortable: true, filter: 'numeric' },
        { field: 'configuration', headerKey: 'fields.configuration', sortable: true, filter: 'text', render: (r) => t(`options.${r.configuration}`) },
      ]}
      fetch={circuitsApi.datatable}
      defaultSort={{ field: 'name', order: 'asc' }}
      label={(r) => r.name}
      emptyForm={() => ({ ...emptyCircuitForm(), key: 'new' })}
      toForm={(r) => ({
        key: String(r.id),
        name: r.name,
        countryId: String(r.countryId),
        typeId: String(r.typeId),
        description: r.description,
        configuration: r.configuration,
        direction: r.direction,
        length: r.length,
        size: r.size,
        coordinates: r.coordinates,
      })}
      isValid={circuitFormValid}
      renderForm={(f, set) => <CircuitFormFields form={f} set={set} fitKey={f.key} />}
      create={(f) => circuitsApi.create(circuitWriteBody(f))}
      update={(r, f) => circuitsApi.update(r.id, circuitWriteBody(f))}
      remove={(r) => circuitsApi.remove(r.id)}
      onWritten={() => refreshReference('circuits')}
      />
    </Stack>
  );
}
