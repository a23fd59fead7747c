import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { Config } from './config';
import type { Db } from './db/db';
import { openDb } from './db/open-db';
import { migrate } from './db/migrate';
import { seedReferenceData } from './db/seed';
import { ensureFirstAdmin } from './users/first-admin';
import { createMailer, type Mailer } from './auth/mailer';
import { ApiError } from './errors';
import { isDbUnavailable, pgErrorCode, PgCodes } from './db/db';
import authRoutes from './routes/auth';
import userRoutes from './routes/users';
import referenceRoutes from './routes/reference-data';
import sessionRoutes from './routes/sessions';
import leaderboardRoutes from './routes/leaderboards';
import translationRoutes from './routes/translations';
import firmwareRoutes from './routes/firmware';
import mapConfigRoutes from './routes/map-config';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    mailer: Mailer;
    /** Every route registered (method and URL pattern), for the authorization-matrix test and diagnostics. */
    routeTable: Array<{ method: string; url: string }>;
  }
}

import { DEFAULT_BODY_LIMIT } from './limits';

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
export function redactUrl(url: string): string {
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
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            ...(typeof options.logger === 'object' ? options.logger : {}),
            // Always: verification and reset tokens never reach the log through request URLs.
            serializers: {
              req: (req: { method: string; url: string }) => ({ method: req.method, url: redactUrl(req.url) }),
            },
          },
    // Strict JSON: fastify's parser already rejects __proto__ / constructor.prototype pollution.
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
  });

  const ownDb = !options.db || options.closeDb === true;
  const db = options.db ?? (await openDb(config));
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorateRequest('auth', null);
  const routeTable: Array<{ method: string; url: string }> = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routeTable.push({ method, url: route.url });
  });
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

  const tileOrigin = new URL(config.tileUrl.replace(/\{[a-z]\}/g, 'a')).origin;
  const tileHosts = [tileOrigin];
  // The OSM default is served from a, b, c subdomains too.
  if (config.tileUrl.includes('{s}')) tileHosts.push(tileOrigin.replace(/\/\/a\./, '//*.'));
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        imgSrc: ["'self'", 'data:', 'blob:', ...tileHosts],
        connectSrc: ["'self'"],
        // Mantine injects style tags at runtime.
        styleSrc: ["'self'", "'unsafe-inline'"],
        fontSrc: ["'self'", 'data:'],
        mediaSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: config.appUrl.startsWith('https:') ? [] : null,
      },
    },
    // The app loads its own resources only; COEP would block OSM tiles.
    crossOriginEmbedderPolicy: false,
    hsts: config.appUrl.startsWith('https:'),
  });
  await app.register(cookie);
  // Per-route limits only (auth routes set config.rateLimit); no global limit on data calls.
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      code: 'RATE_LIMITED',
      message: `Too many requests. Try again in ${Math.max(1, Math.ceil(ctx.ttl / 60_000))} minute(s).`,
    }),
  });
  await app.register(compress, {
    // Request bodies with Content-Encoding gzip/deflate/br are inflated before parsing; bodyLimit applies to
    // the inflated size, which also caps decompression bombs.
    requestEncodings: ['gzip', 'deflate', 'br'],
    onUnsupportedRequestEncoding: (_req, encoding) => new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', `Unsupported Content-Encoding '${encoding}'.`),
    onInvalidRequestPayload: (_req, encoding) => new ApiError(400, 'BAD_REQUEST', `The request body is not valid ${encoding} data.`),
  });
  await app.register(multipart, { limits: { fileSize: 16 * 1024 * 1024, files: 1, fields: 20 } });

  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    const { status, body } = errorResponse(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ status, code: body.code }, 'request rejected');
    void reply.status(status).type('application/json; charset=utf-8').send(body);
  });

  const staticDir = options.staticDir && existsSync(join(options.staticDir, 'index.html')) ? resolve(options.staticDir) : undefined;
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    if (staticDir && (request.method === 'GET' || request.method === 'HEAD') && !path.startsWith('/api/') && path !== '/api') {
      // SPA fallback: client routes are resolved by the app (and its service worker).
      void reply.header('cache-control', 'no-cache').sendFile('index.html', staticDir);
      return;
    }
    void reply.status(404).send({ message: 'Not Found', code: 'NOT_FOUND' });
  });

  await app.register(
    async (api) => {
      await api.register(authRoutes);
      await api.register(userRoutes);
      await api.register(referenceRoutes);
      await api.register(sessionRoutes);
      await api.register(leaderboardRoutes);
      await api.register(translationRoutes);
      await api.register(firmwareRoutes);
      await api.register(mapConfigRoutes);
    },
    { prefix: '/api' },
  );

  if (staticDir) {
    await app.register(fastifyStatic, {
      root: staticDir,
      wildcard: true,
      index: ['index.html'],
      setHeaders(reply, filePath) {
        const rel = filePath.slice(staticDir.length).replace(/\\/g, '/');
        if (rel === '/sw.js' || rel.endsWith('.html') || rel.endsWith('.webmanifest')) reply.header('cache-control', 'no-cache');
        else if (rel.startsWith('/assets/')) reply.header('cache-control', 'public, max-age=31536000, immutable');
        else reply.header('cache-control', 'public, max-age=3600');
      },
    });
  }

  return app;
}

/** Maps any thrown error to a safe status and body: specific below 500, generic at 500. */
export function errorResponse(error: unknown): { status: number; body: { message: string; code: string; fields?: Record<string, string> } } {
  if (error instanceof ApiError) {
    return { status: error.statusCode, body: { message: error.message, code: error.code, ...(error.fields ? { fields: error.fields } : {}) } };
  }
  const e = error as Partial<FastifyError> & { validation?: unknown };
  if (isDbUnavailable(error)) return { status: 503, body: { message: 'Service Unavailable', code: 'SERVICE_UNAVAILABLE' } };
  const pg = pgErrorCode(error);
  if (pg === PgCodes.uniqueViolation) return { status: 409, body: { message: 'A record with the same unique value already exists.', code: 'CONFLICT' } };
  if (pg === PgCodes.foreignKeyViolation || pg === PgCodes.restrictViolation) return { status: 409, body: { message: 'The record is referenced by other records or refers to a missing one.', code: 'CONFLICT' } };
  if (pg && ['22P02', '22003', '22008', '22007', '23514', '23502', '22001', '22021'].includes(pg)) {
    return { status: 400, body: { message: 'A value is out of range or malformed.', code: 'VALIDATION' } };
  }
  const status = typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 600 ? e.statusCode : 500;
  if (status >= 500) return { status, body: { message: status === 503 ? 'Service Unavailable' : 'Internal Server Error', code: status === 503 ? 'SERVICE_UNAVAILABLE' : 'INTERNAL' } };
  const code = status === 413 ? 'PAYLOAD_TOO_LARGE' : status === 415 ? 'UNSUPPORTED_MEDIA_TYPE' : status === 429 ? 'RATE_LIMITED' : status === 404 ? 'NOT_FOUND' : status === 401 ? 'UNAUTHORIZED' : status === 403 ? 'FORBIDDEN' : 'BAD_REQUEST';
  let message = typeof e.message === 'string' && e.message ? e.message : 'Bad Request';
  if (e.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || e.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || /JSON/.test(message)) {
    message = e.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ? 'The JSON request body is empty.' : 'The request body is not valid JSON.';
  } else if (status === 413) message = 'The request body is too large.';
  else if (status === 415) message = 'Unsupported content type.';
  return { status, body: { message, code } };
}
