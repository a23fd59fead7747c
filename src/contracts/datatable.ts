import { z } from 'zod';

/** Data table page sizes: 10 by default, choices 5, 10, 20, 50. */
export const PAGE_SIZES = [5, 10, 20, 50] as const;
export const DEFAULT_PAGE_SIZE = 10;

export const sortOrderSchema = z.enum(['asc', 'desc']);
const filterTypeSchema = z.enum(['text', 'date', 'boolean', 'numeric']);
/**
 * Match modes per filter type: text: contains, startsWith, endsWith, equals, notEquals;
 * date: dateIs, dateIsNot, dateBefore, dateAfter; boolean: equals; numeric: equals, notEquals, lt, lte, gt, gte.
 */
const matchModeSchema = z.enum([
  'contains',
  'startsWith',
  'endsWith',
  'equals',
  'notEquals',
  'dateIs',
  'dateIsNot',
  'dateBefore',
  'dateAfter',
  'lt',
  'lte',
  'gt',
  'gte',
]);

export const dataTableRequestSchema = z.strictObject({
  /** Zero-based page index. */
  page: z.number().int().min(0).max(1_000_000),
  pageSize: z.number().int().min(1).max(100),
  sortBy: z.array(z.strictObject({ field: z.string().min(1).max(64), order: sortOrderSchema })).max(1).default([]),
  filterBy: z
    .array(
      z.strictObject({
        field: z.string().min(1).max(64),
        value: z.union([z.string().max(200), z.number(), z.boolean(), z.null()]),
        type: filterTypeSchema,
        matchMode: matchModeSchema,
      }),
    )
    .max(20)
    .default([]),
});
export type DataTableRequest = z.infer<typeof dataTableRequestSchema>;
export type DataTableFilter = DataTableRequest['filterBy'][number];
export type DataTableSort = DataTableRequest['sortBy'][number];

export interface DataTableResponse<T> {
  data: T[];
  totalRecords: number;
}
export const dataTableResponseSchema = <T extends z.ZodTypeAny>(row: T) =>
  z.object({ data: z.array(row), totalRecords: z.number().int().min(0) });
