import type { z } from 'zod';
import { circuitTypeSchema, type namedWriteSchema } from '../../contracts/entities';
import { apiClient } from './client';
import { createCrudApi } from './crud-api';
import type { HttpClient } from './http-client';

/** GET /circuit-types[/{id}], POST /circuit-types/datatable, admin writes under /admin/circuit-types. */
const createCircuitTypesApi = (http: HttpClient) =>
  createCrudApi<typeof circuitTypeSchema, z.input<typeof namedWriteSchema>>(
    http,
    { publicPath: '/circuit-types', adminPath: '/admin/circuit-types', datatablePath: '/circuit-types/datatable' },
    circuitTypeSchema,
  );
export const circuitTypesApi = createCircuitTypesApi(apiClient);
