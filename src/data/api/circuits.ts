import type { z } from 'zod';
import { circuitSchema, type circuitWriteSchema } from '../../contracts/entities';
import { apiClient } from './client';
import { createCrudApi } from './crud-api';
import type { HttpClient } from './http-client';

/** GET /circuits[/{id}], POST /circuits/datatable, admin writes under /admin/circuits. */
const createCircuitsApi = (http: HttpClient) =>
  createCrudApi<typeof circuitSchema, z.input<typeof circuitWriteSchema>>(
    http,
    { publicPath: '/circuits', adminPath: '/admin/circuits', datatablePath: '/circuits/datatable' },
    circuitSchema,
  );
export const circuitsApi = createCircuitsApi(apiClient);
