import type { z } from 'zod';
import { circuitSchema, type circuitWriteSchema, type userCircuitWriteSchema } from '../../contracts/entities';
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

/**
 * A racer's own circuits (server/routes/user-circuits.ts): POST /circuits/mine saves one from a session (only its
 * racer sees it); admins list those awaiting review and promote one to reference data.
 */
const createUserCircuitsApi = (http: HttpClient) => ({
  saveMine: (body: z.input<typeof userCircuitWriteSchema>) => http.post('/circuits/mine', body, { schema: circuitSchema }),
  awaitingReview: () => http.get('/admin/circuits/user', { schema: circuitSchema.array() }),
  promote: (id: number) => http.post(`/admin/circuits/${id}/promote`, {}, { schema: circuitSchema }),
});
export const userCircuitsApi = createUserCircuitsApi(apiClient);
