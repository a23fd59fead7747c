import type { z } from 'zod';
import { vehicleCategorySchema, type vehicleCategoryWriteSchema } from '../../contracts/entities';
import { apiClient } from './client';
import { createCrudApi } from './crud-api';
import type { HttpClient } from './http-client';

/** GET /vehicle-categories[/{id}], POST /vehicle-categories/datatable, admin writes under /admin/vehicle-categories. */
const createVehicleCategoriesApi = (http: HttpClient) =>
  createCrudApi<typeof vehicleCategorySchema, z.input<typeof vehicleCategoryWriteSchema>>(
    http,
    { publicPath: '/vehicle-categories', adminPath: '/admin/vehicle-categories', datatablePath: '/vehicle-categories/datatable' },
    vehicleCategorySchema,
  );
export const vehicleCategoriesApi = createVehicleCategoriesApi(apiClient);
