import { z } from 'zod';
import { dataTableResponseSchema, type DataTableRequest, type DataTableResponse } from '../../contracts/datatable';
import type { HttpClient } from './http-client';

/**
 * The shape shared by the reference-data resources: public list and item GETs, a datatable
 * (public for most, under /admin for countries), and admin writes under /admin/<resource>.
 */
export interface CrudPaths {
  /** e.g. '/countries' */
  publicPath: string;
  /** e.g. '/admin/countries' */
  adminPath: string;
  /** The datatable endpoint, e.g. '/admin/countries/datatable' or '/circuits/datatable'. */
  datatablePath: string;
}

export interface CrudApi<T, W> {
  list(): Promise<T[]>;
  get(id: number): Promise<T>;
  datatable(request: DataTableRequest, signal?: AbortSignal): Promise<DataTableResponse<T>>;
  create(body: W): Promise<T>;
  update(id: number, body: W): Promise<T>;
  patch(id: number, body: Partial<W>): Promise<T>;
  remove(id: number): Promise<void>;
}

export function createCrudApi<S extends z.ZodType, W>(http: HttpClient, paths: CrudPaths, row: S): CrudApi<z.infer<S>, W> {
  type T = z.infer<S>;
  const list = z.array(row) as unknown as z.ZodType<T[]>;
  const one = row as unknown as z.ZodType<T>;
  const table = dataTableResponseSchema(row) as unknown as z.ZodType<DataTableResponse<T>>;
  return {
    list: () => http.get(paths.publicPath, { schema: list }),
    get: (id) => http.get(`${paths.publicPath}/${id}`, { schema: one }),
    datatable: (request, signal) => http.post(paths.datatablePath, request, { schema: table, signal }),
    create: (body) => http.post(paths.adminPath, body, { schema: one }),
    update: (id, body) => http.put(`${paths.adminPath}/${id}`, body, { schema: one }),
    patch: (id, body) => http.patch(`${paths.adminPath}/${id}`, body, { schema: one }),
    remove: (id) => http.delete(`${paths.adminPath}/${id}`, { responseType: 'none' }),
  };
}
