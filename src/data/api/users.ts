import { z } from 'zod';
import { dataTableResponseSchema, type DataTableRequest, type DataTableResponse } from '../../contracts/datatable';
import {
  userSchema,
  type User,
  type userAdminCreateSchema,
  type userAdminWriteSchema,
  type userSelfWriteSchema,
} from '../../contracts/entities';
import { apiClient } from './client';
import type { HttpClient } from './http-client';

/**
 * Users are read, created, updated or patched via /admin/users when the admin flag is passed,
 * otherwise via /users. Listing, deleting and the datatable are admin only.
 */
type UserSelfWrite = z.input<typeof userSelfWriteSchema>;
type UserAdminWrite = z.input<typeof userAdminWriteSchema>;
type UserAdminCreate = z.input<typeof userAdminCreateSchema>;

const users = z.array(userSchema);
const table = dataTableResponseSchema(userSchema) as unknown as z.ZodType<DataTableResponse<User>>;
const base = (admin: boolean) => (admin ? '/admin/users' : '/users');

function createUsersApi(http: HttpClient) {
  return {
    get: (id: number, admin = false): Promise<User> => http.get(`${base(admin)}/${id}`, { schema: userSchema }),
    list: (): Promise<User[]> => http.get('/admin/users', { schema: users }),
    create: (body: UserAdminCreate | Record<string, unknown>, admin = true): Promise<User> => http.post(base(admin), body, { schema: userSchema }),
    update: (id: number, body: UserSelfWrite | UserAdminWrite, admin = false): Promise<User> =>
      http.put(`${base(admin)}/${id}`, body, { schema: userSchema }),
    patch: (id: number, body: Partial<UserSelfWrite> | UserAdminWrite, admin = false): Promise<User> =>
      http.patch(`${base(admin)}/${id}`, body, { schema: userSchema }),
    remove: (id: number): Promise<void> => http.delete(`/admin/users/${id}`, { responseType: 'none' }),
    datatable: (request: DataTableRequest, signal?: AbortSignal): Promise<DataTableResponse<User>> =>
      http.post('/admin/users/datatable', request, { schema: table, signal }),
  };
}
export const usersApi = createUsersApi(apiClient);
