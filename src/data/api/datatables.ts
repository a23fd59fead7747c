import type { DataTableRequest, DataTableResponse } from '../../contracts/datatable';
import { circuitTypesApi } from './circuit-types';
import { circuitsApi } from './circuits';
import { countriesApi } from './countries';
import { sessionsApi } from './sessions';
import { usersApi } from './users';
import { vehicleCategoriesApi } from './vehicle-categories';
import { vehicleTypesApi } from './vehicle-types';

/**
 * Every server-side data table of the app by name, so the shared data table (src/ui/data-table) and the admin
 * screens can take a loader: `datatableLoaders.countries(request, signal)` -> {data, totalRecords}.
 */
export type DataTableLoader<T> = (request: DataTableRequest, signal?: AbortSignal) => Promise<DataTableResponse<T>>;

export const datatableLoaders = {
  users: usersApi.datatable,
  countries: countriesApi.datatable,
  circuitTypes: circuitTypesApi.datatable,
  circuits: circuitsApi.datatable,
  vehicleTypes: vehicleTypesApi.datatable,
  vehicleCategories: vehicleCategoriesApi.datatable,
  sessions: sessionsApi.datatable,
  adminSessions: sessionsApi.adminDatatable,
} as const;
export type DataTableName = keyof typeof datatableLoaders;
