import { countrySchema, type countryWriteSchema } from '../../contracts/entities';
import type { z } from 'zod';
import { apiClient } from './client';
import { createCrudApi } from './crud-api';
import type { HttpClient } from './http-client';

/** GET /countries[/{id}], POST /admin/countries/datatable, admin writes under /admin/countries. */
const createCountriesApi = (http: HttpClient) =>
  createCrudApi<typeof countrySchema, z.input<typeof countryWriteSchema>>(
    http,
    { publicPath: '/countries', adminPath: '/admin/countries', datatablePath: '/admin/countries/datatable' },
    countrySchema,
  );
export const countriesApi = createCountriesApi(apiClient);
