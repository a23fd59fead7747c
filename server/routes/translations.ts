import type { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import { isUiKey } from '../../src/contracts/ui-namespaces';
import { missingBulkDeleteSchema, missingKeysReportSchema, translationWriteSchema, type Translation } from '../../src/contracts/translations';
import { ApiError, notFound } from '../errors';
import { parseId, parseInput } from '../validate';
import { requireAdmin } from '../auth/guard';
import { parseDataTableRequest } from '../datatable/datatable';
import {
  createOverride,
  deleteMissing,
  deleteMissingOne,
  deleteOverride,
  findOverride,
  listMissing,
  listOverrides,
  missingPage,
  overridesPage,
  recordMissing,
  updateOverride,
} from '../translations/translation-store';

/**
 * Translations (what is kept and how: translations/translation-store.ts):
 * - overrides: GET /translations is public (every client, signed in or not, applies them and keeps them offline);
 *   writes are admin-only under /admin/translations.
 * - missing keys: any client may report keys it could not resolve (POST /translations/missing, rate-limited per
 *   IP a minute and a day; only keys of the app's namespaces are kept); admins list, page and delete them (one,
 *   chosen ones, or every reported one) under /admin/translations/missing.
 */

/**
 * Reports per IP per minute.
 * @internal Exported for its tests.
 */
export const MISSING_REPORTS_PER_MINUTE = 30;
/**
 * Reports per IP per day: a real client reports a few times a day at most (once per start, per locale).
 * @internal Exported for its tests.
 */
export const MISSING_REPORTS_PER_DAY = 20;
const DAY_MS = 24 * 3600_000;

/** The reporting client, as stored: a hash of its address (the address itself is not kept). */
const sourceOf = (ip: string) => createHash('sha256').update(`missing-translations\n${ip}`).digest('hex').slice(0, 32);

/** Keys are printable text ('namespace:path', or a spec sentence in the messages namespace): no control characters. */
const printable = /^[^\p{Cc}]+$/u;
const keyOk = (k: string) => printable.test(k);

const writeSchema = translationWriteSchema.refine((w) => keyOk(w.key), { message: 'Key must not contain control characters', path: ['key'] });
const reportSchema = missingKeysReportSchema.extend({ keys: missingKeysReportSchema.shape.keys.refine((ks) => ks.every(keyOk), 'Keys must not contain control characters') });

export default async function translationRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  const byId = async (id: number): Promise<Translation> => {
    const found = await findOverride(db, id);
    if (!found) throw notFound('translationNotFound');
    return found;
  };
  const duplicate = () => new ApiError(409, 'CONFLICT', 'overrideExists');

  // Public: every override, for the app's i18n (applied over the bundled strings, cached offline).
  app.get('/translations', async () => listOverrides(db));

  app.post(
    '/translations/missing',
    { config: { rateLimit: { max: MISSING_REPORTS_PER_MINUTE, timeWindow: 60_000 } } },
    async (request, reply) => {
      const day = await app.counters.add(`missing-reports-day:${request.ip}`, DAY_MS);
      if (day.count > MISSING_REPORTS_PER_DAY) {
        void reply.header('retry-after', String(Math.max(1, Math.ceil(day.ttlMs / 1000))));
        throw new ApiError(429, 'RATE_LIMITED', 'tooManyMissingReports');
      }
      const report = parseInput(reportSchema, request.body, 'Missing keys report');
      // Keys of no namespace of this app are not the app's: not kept.
      const keys = [...new Set(report.keys)].filter(isUiKey);
      if (keys.length > 0) await recordMissing(db, report.locale, keys, sourceOf(request.ip));
      return reply.status(204).send();
    },
  );

  app.post('/admin/translations/datatable', { onRequest: requireAdmin }, async (request) => overridesPage(db, parseDataTableRequest(request.body)));
  app.get('/admin/translations/:id', { onRequest: requireAdmin }, async (request) => byId(parseId((request.params as { id?: string }).id)));
  app.post('/admin/translations', { onRequest: requireAdmin }, async (request, reply) => {
    const id = await createOverride(db, parseInput(writeSchema, request.body));
    if (id === null) throw duplicate();
    return reply.status(201).send(await byId(id));
  });
  app.put('/admin/translations/:id', { onRequest: requireAdmin }, async (request) => {
    const id = parseId((request.params as { id?: string }).id);
    const outcome = await updateOverride(db, id, parseInput(writeSchema, request.body));
    if (outcome === 'duplicate') throw duplicate();
    if (outcome === 'not-found') throw notFound('translationNotFound');
    return byId(id);
  });
  app.delete('/admin/translations/:id', { onRequest: requireAdmin }, async (request, reply) => {
    if (!(await deleteOverride(db, parseId((request.params as { id?: string }).id)))) throw notFound('translationNotFound');
    return reply.status(204).send();
  });

  app.get('/admin/translations/missing', { onRequest: requireAdmin }, async () => listMissing(db));
  app.post('/admin/translations/missing/datatable', { onRequest: requireAdmin }, async (request) => missingPage(db, parseDataTableRequest(request.body)));
  app.post('/admin/translations/missing/delete', { onRequest: requireAdmin }, async (request) => {
    const input = parseInput(missingBulkDeleteSchema, request.body ?? {});
    return { deleted: await deleteMissing(db, input.ids) };
  });
  app.delete('/admin/translations/missing/:id', { onRequest: requireAdmin }, async (request, reply) => {
    if (!(await deleteMissingOne(db, parseId((request.params as { id?: string }).id)))) throw notFound('missingTranslationNotFound');
    return reply.status(204).send();
  });
}
