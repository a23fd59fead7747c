import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/db';
import { openDb } from './db/open-db';
import { migrate } from './db/migrate';
import { seedReferenceData } from './db/seed';
import { ensureFirstAdmin } from './users/first-admin';
import { createMailer, type Mailer } from './auth/mailer';
import { createMemoryCounterStore, type CounterStore } from './counters/counter-store';
import { createPgCounterStore } from './counters/pg-counter-store';
import { DEFAULT_BODY_LIMIT } from './limits';
import securityHeaders from './plugins/security-headers';
import lingeringClose from './plugins/lingering-close';
import noStore from './plugins/no-store';
import cookies from './plugins/cookies';
import rateLimits from './plugins/rate-limit';
import compression from './plugins/compression';
import multipart from './plugins/multipart';
import errorHandler from './plugins/error-handler';
import notFound from './plugins/not-found';
import routeTable from './plugins/route-table';
import staticFiles from './plugins/static-files';
import apiRoutes from './routes/index';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    mailer: Mailer;
    /** Rate-limit and abuse counters: in memory, or in PostgreSQL shared by every API process (DATABASE_URL). */
    counters: CounterStore;
  }
}

export interface BuildOptions {
  /** Use this database instead of opening one from the config (the caller closes it, unless `closeDb`). */
  db?: Db;
  /** Close the given `db` when the app closes (tests hand over a database opened from a template). */
  closeDb?: boolean;
  /** Serve the built app from this folder with SPA fallback (server/main.ts passes dist/). */
  staticDir?: string;
  /** Pino logger options; default: the config's LOG_LEVEL. */
  logger?: boolean | object;
  /** Where the generated first-admin password is printed (default console.log). */
  print?: (line: string) => void;
}

/** Removes `token=...` from URLs before they reach the log (verification and reset links carry one). */
function redactUrl(url: string): string {
  return url.replace(/([?&]token=)[^&#]*/gi, '$1[redacted]');
}

/**
 * Builds the API: opens the database (unless given), applies migrations, seeds reference data and the first
 * admin, registers plugins and routes. Closing the app closes what it opened.
 */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    bodyLimit: DEFAULT_BODY_LIMIT,
    // A hop count (0 = none): otherwise anyone could pick their rate-limit key with X-Forwarded-For.
    trustProxy: (_address: string, hop: number) => hop < config.trustProxy,
    logger: loggerOptions(config, options.logger),
    // Strict JSON: fastify's parser already rejects __proto__ / constructor.prototype pollution.
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
  });
  app.decorate('config', config);
  app.decorateRequest('auth', null);
  await prepareDb(app, config, options);

  const staticDir = options.staticDir && existsSync(join(options.staticDir, 'index.html')) ? resolve(options.staticDir) : undefined;
  await app.register(securityHeaders);
  await app.register(lingeringClose);
  await app.register(noStore);
  await app.register(cookies);
  await app.register(rateLimits);
  await app.register(compression);
  await app.register(multipart);
  await app.register(errorHandler);
  await app.register(notFound, { staticDir });
  await app.register(routeTable);
  await app.register(apiRoutes, { prefix: '/api' });
  if (staticDir) await app.register(staticFiles, { root: staticDir });
  return app;
}

function loggerOptions(config: Config, logger: BuildOptions['logger']): false | object {
  if (logger === false) return false;
  return {
    level: config.logLevel,
    ...(typeof logger === 'object' ? logger : {}),
    // Always: verification and reset tokens never reach the log through request URLs.
    serializers: {
      req: (req: { method: string; url: string }) => ({ method: req.method, url: redactUrl(req.url) }),
    },
  };
}

/**
 * Decorates `db` and `mailer`, closed with the app (the database only if opened here or handed over with
 * `closeDb`), then migrates and seeds. A failure there closes what was opened.
 */
async function prepareDb(app: FastifyInstance, config: Config, options: BuildOptions): Promise<void> {
  const ownDb = !options.db || options.closeDb === true;
  const db = options.db ?? (await openDb(config));
  app.decorate('db', db);
  app.decorate('counters', db.kind === 'postgres' ? createPgCounterStore(db) : createMemoryCounterStore());
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log: app.log });
  app.decorate('mailer', mailer);
  app.addHook('onClose', async () => {
    mailer.close();
    if (ownDb) await db.close();
  });
  try {
    await migrate(db);
    await seedReferenceData(db);
    await ensureFirstAdmin(db, config, options.print ?? ((line) => console.log(line)));
  } catch (err) {
    if (ownDb) await db.close().catch(() => undefined);
    throw err;
  }
}
