/**
 * Admin lists of the simple reference entities: countries (name, time zone), circuit types, vehicle types
 * (name) and vehicle categories (name, vehicle type).
 */
import { Select, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Country, CircuitType, VehicleCategory, VehicleType } from '../../contracts/entities';
import { circuitTypesApi } from '../../data/api/circuit-types';
import { countriesApi } from '../../data/api/countries';
import { vehicleCategoriesApi } from '../../data/api/vehicle-categories';
import { vehicleTypesApi } from '../../data/api/vehicle-types';
import { formatDateTime } from '../../app/i18n/format';
import { currentLocale } from '../../app/i18n/setup';
import type { DataTableColumn } from '../../ui/data-table/data-table';
import { CrudSection } from './crud-section';
import { options, refreshReference, useReferenceList } from './reference-lists';

const nameColumn = { field: 'name', headerKey: 'fields.name', sortable: true, filter: 'text' } as const;
const hiddenId = { field: 'id', hidden: true } as const;
const createdColumn = <T extends { createdAt: string }>(): DataTableColumn<T> => ({
  field: 'createdAt',
  headerKey: 'fields.createdAt',
  sortable: true,
  filter: 'date',
  render: (r) => formatDateTime(r.createdAt, currentLocale()),
});

interface NameForm {
  name: string;
}

export function CountriesSection() {
  const { t } = useTranslation('admin');
  type Form = { name: string; timezone: string };
  return (
    <CrudSection<Country, Form>
      tableKey="admin-countries"
      entity="country"
      columns={[hiddenId, nameColumn, { field: 'timezone', headerKey: 'fields.timezone', sortable: true, filter: 'text' }, createdColumn<Country>()]}
      fetch={countriesApi.datatable}
      defaultSort={{ field: 'name', order: 'asc' }}
      label={(r) => r.name}
      emptyForm={() => ({ name: '', timezone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC' })}
      toForm={(r) => ({ name: r.name, timezone: r.timezone })}
      isValid={(f) => f.name.trim() !== '' && f.timezone.trim() !== ''}
      renderForm={(f, set) => (
        <>
          <TextInput label={t('fields.name')} name="name" required value={f.name} onChange={(e) => set({ name: e.currentTarget.value })} data-autofocus />
          <TextInput label={t('fields.timezone')} name="timezone" required value={f.timezone} onChange={(e) => set({ timezone: e.currentTarget.value })} />
        </>
      )}
      create={(f) => countriesApi.create({ name: f.name.trim(), timezone: f.timezone.trim() })}
      update={(r, f) => countriesApi.update(r.id, { name: f.name.trim(), timezone: f.timezone.trim() })}
      remove={(r) => countriesApi.remove(r.id)}
      onWritten={() => refreshReference('countries')}
    />
  );
}

function NamedSection<T extends CircuitType | VehicleType>(props: {
  tableKey: string;
  entity: 'circuitType' | 'vehicleType';
  api: typeof circuitTypesApi | typeof vehicleTypesApi;
  table: 'circuitTypes' | 'vehicleTypes';
}) {
  const { t } = useTranslation('admin');
  const { api } = props;
  return (
    <CrudSection<T, NameForm>
      tableKey={props.tableKey}
      entity={props.entity}
      columns={[hiddenId, nameColumn, createdColumn<T>()]}
      fetch={api.datatable as never}
      defaultSort={{ field: 'name', order: 'asc' }}
      label={(r) => r.name}
      emptyForm={() => ({ name: '' })}
      toForm={(r) => ({ name: r.name })}
      isValid={(f) => f.name.trim() !== ''}
      renderForm={(f, set) => (
        <TextInput label={t('fields.name')} name="name" required value={f.name} onChange={(e) => set({ name: e.currentTarget.value })} data-autofocus />
      )}
      create={(f) => api.create({ name: f.name.trim() }) as Promise<T>}
      update={(r, f) => api.update(r.id, { name: f.name.trim() }) as Promise<T>}
      remove={(r) => api.remove(r.id)}
      onWritten={() => refreshReference(props.table)}
    />
  );
}

export const CircuitTypesSection = () => <NamedSection<CircuitType> tableKey="admin-circuit-types" entity="circuitType" api={circuitTypesApi} table="circuitTypes" />;
export const VehicleTypesSection = () => <NamedSection<VehicleType> tableKey="admin-vehicle-types" entity="vehicleType" api={vehicleTypesApi} table="vehicleTypes" />;

export function VehicleCategoriesSection() {
  const { t } = useTranslation('admin');
  const vehicleTypes = useReferenceList('vehicleTypes');
  type Form = { name: string; vehicleTypeId: string | null };
  return (
    <CrudSection<VehicleCategory, Form>
      tableKey="admin-vehicle-categories"
      entity="vehicleCategory"
      columns={[
        hiddenId,
        nameColumn,
        { field: 'vehicleType.name', headerKey: 'fields.vehicleType', sortable: true, filter: 'text', render: (r) => r.vehicleType?.name ?? '' },
        createdColumn<VehicleCategory>(),
      ]}
      fetch={vehicleCategoriesApi.datatable}
      defaultSort={{ field: 'name', order: 'asc' }}
      label={(r) => r.name}
      emptyForm={() => ({ name: '', vehicleTypeId: null })}
      toForm={(r) => ({ name: r.name, vehicleTypeId: String(r.vehicleTypeId) })}
      isValid={(f) => f.name.trim() !== '' && f.vehicleTypeId !== null}
      renderForm={(f, set) => (
        <>
          <TextInput label={t('fields.name')} name="name" required value={f.name} onChange={(e) => set({ name: e.currentTarget.value })} data-autofocus />
          <Select
            label={t('fields.vehicleType')}
            name="vehicleTypeId"
            required
            data={options(vehicleTypes)}
            value={f.vehicleTypeId}
            onChange={(v) => set({ vehicleTypeId: v })}
            searchable
          />
        </>
      )}
      create={(f) => vehicleCategoriesApi.create({ name: f.name.trim(), vehicleTypeId: Number(f.vehicleTypeId) })}
      update={(r, f) => vehicleCategoriesApi.update(r.id, { name: f.name.trim(), vehicleTypeId: Number(f.vehicleTypeId) })}
      remove={(r) => vehicleCategoriesApi.remove(r.id)}
      onWritten={() => refreshReference('vehicleCategories')}
    />
  );
}
