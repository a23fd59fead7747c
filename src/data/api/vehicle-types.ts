import type { z } from 'zod';
import { vehicleTypeSchema, type namedWriteSchema } from '../../contracts/entities';
import { apiClient } from './client';
import { createCrudApi } from './crud-api';
import type { HttpClient } from './http-client';

/** GET /vehicle-types[/{id}], POST /vehicle-types/datatable, admin writes under /admin/vehicle-types. */
const createVehicleTypesApi = (http: HttpClient) =>
  createCrudApi<typeof vehicleTypeSchema, z.input<typeof namedWriteSchema>>(
    http,
    { publicPath: '/vehicle-types', adminPath: '/admin/vehicle-types', datatablePath: '/vehicle-types/datatable' },
    vehicleTypeSchema,
  );
export const vehicleTypesApi = createVehicleTypesApi(apiClient);
