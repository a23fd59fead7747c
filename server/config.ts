import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { DEFAULT_LOGIN_LIMITS, type LoginLimits } from './auth/login-limiter';
import { DEFAULT_QUOTAS, type Quotas } from './quotas/account-quotas';
import { UPLOAD_THREADS } from './limits';

/**
 * Server configuration, read from the environment once at start-up. Every problem is reported together in one
 * `ConfigError` naming each bad or missing variable, so an operator fixes them in one go.
 */

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const urlWithProtocols = (protocols: string[]) =>
  optionalText.refine((v) => {
    if (v === undefined) return true;
    try {
      return protocols.includes(new URL(v).protocol);
    } catch {
      return false;
    }
  }, `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`);

/** A whole number from 1 to `max` (a quota). */
const positiveInt = (max: number) =>
  optionalText.pipe(z.string().regex(/^\d{1,9}$/, 'must be a whole number').transform(Number).pipe(z.number().min(1, 'must be at least 1').max(max, `must be at most ${max}`)).optional());

const envSchema = z.object({
  PORT: optionalText.pipe(z.string().regex(/^\d{1,5}$/, 'must be a port number').transform(Number).pipe(z.number().max(65535, 'must be at most 65535')).optional()),
  HOST: optionalText.default('0.0.0.0'),
  DATA_DIR: optionalText.default('./data'),
  DATABASE_URL: urlWithProtocols(['postgres:', 'postgresql:']),
  /** Test isolation: a PostgreSQL schema used as search_path (created when missing). */
  DATABASE_SCHEMA: optionalText.refine((v) => v === undefined || /^[a-z_][a-z0-9_]{0,62}$/.test(v), 'must be a lower-case SQL identifier'),
  SMTP_URL: urlWithProtocols(['smtp:', 'smtps:']),
  MAIL_FROM: optionalText
    .refine((v) => {
      if (v === undefined) return true;
      const address = /<([^<>]+)>\s*$/.exec(v)?.[1] ?? v;
      return z.email().safeParse(address.trim()).success;
    }, "must be an e-mail address or 'Name <address>'")
    .default('ASTRO Companion <no-reply@astro.local>'),
  APP_URL: urlWithProtocols(['http:', 'https:']),
  JWT_SECRET: optionalText.refine((v) => v === undefined || v.length >= 32, 'must be at least 32 characters'),
  ADMIN_EMAIL: optionalText.pipe(z.email().optional()),
  ADMIN_PASSWORD: optionalText.refine((v) => v === undefined || (v.length >= 8 && v.length <= 200), 'must be 8 to 200 characters'),
  TILE_URL: urlWithProtocols(['http:', 'https:']).default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  /** Behind a reverse proxy: trust X-Forwarded-For for this many hops (rate limits key on the client IP). */
  TRUST_PROXY: optionalText.pipe(z.string().regex(/^\d{1,2}$/, 'must be the number of proxy hops (0-99)').transform(Number).optional()),
  /** Per-account quotas (quotas/account-quotas.ts). */
  SESSION_QUOTA_MB: positiveInt(1_048_576),
  UPLOADS_PER_HOUR: positiveInt(100_000),
  OWN_CIRCUITS_MAX: positiveInt(100_000),
  OWN_CIRCUITS_PER_DAY: positiveInt(100_000),
  /** Session uploads read and parsed at once, all racers together (upload-gate.ts); default UPLOAD_THREADS. */
  UPLOADS_IN_FLIGHT: positiveInt(64),
  LOG_LEVEL: optionalText.pipe(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional()).default('info'),
});

interface RateLimits {
  /** Requests per window per client IP on each of login, register, reset-password and resend-verification. */
  authPerIp: number;
  /** Requests per window per e-mail address on register, reset-password and resend-verification (mails sent). */
  authPerEmail: number;
  windowMs: number;
  /** Wrong-password limits of login, per (address, client IP) and per address; default DEFAULT_LOGIN_LIMITS. */
  login?: LoginLimits;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databaseSchema: string | undefined;
  /** Drop `databaseSchema` when the app closes (tests only). */
  dropSchemaOnClose: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  appUrl: string;
  jwtSecret: string;
  adminEmail: string;
  adminPassword: string | undefined;
  tileUrl: string;
  logLevel: string;
  /** Proxy hops whose X-Forwarded-For is trusted; 0 = use the socket address (default, no spoofable header). */
  trustProxy: number;
  rateLimits: RateLimits;
  quotas: Quotas;
  /** Session uploads read and parsed at once in this process, all racers together (upload-gate.ts). */
  uploadsInFlight: number;
}

export class ConfigError extends Error {
  readonly code = 'CONFIG_INVALID' as const;
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Default first admin e-mail when ADMIN_EMAIL is absent.
 * @internal Exported for its tests.
 */
export const DEFAULT_ADMIN_EMAIL = 'admin@astro.local';

/**
 * Reads the JWT secret kept in DATA_DIR (creating it, mode 0600, on first start) so tokens survive restarts
 * without the operator having to set JWT_SECRET.
 */
function persistedJwtSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const s = readFileSync(file, 'utf8').trim();
    if (s.length >= 32) return s;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

/** Parses `env` (default process.env). Throws ConfigError listing every problem. */
export function loadConfig(env: Record<string, string | undefined> = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => {
      const name = String(i.path[0] ?? 'environment');
      const value = env[name];
      const shown = value === undefined ? 'missing' : name.includes('SECRET') || name.includes('PASSWORD') ? 'given' : `'${value}'`;
      return `${name} (${shown}): ${i.message}`;
    });
    throw new ConfigError(problems);
  }
  const e = parsed.data;
  const port = e.PORT ?? 8080;
  const dataDir = resolve(overrides.dataDir ?? e.DATA_DIR);
  return {
    port,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databaseSchema: e.DATABASE_SCHEMA,
    dropSchemaOnClose: false,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    appUrl: (e.APP_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    jwtSecret: e.JWT_SECRET ?? persistedJwtSecret(dataDir),
    adminEmail: (e.ADMIN_EMAIL ?? DEFAULT_ADMIN_EMAIL).toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    tileUrl: e.TILE_URL,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY ?? 0,
    rateLimits: { authPerIp: 30, authPerEmail: 10, windowMs: 15 * 60 * 1000, login: DEFAULT_LOGIN_LIMITS },
    quotas: {
      sessionBytes: e.SESSION_QUOTA_MB === undefined ? DEFAULT_QUOTAS.sessionBytes : e.SESSION_QUOTA_MB * 1024 * 1024,
      uploadsPerHour: e.UPLOADS_PER_HOUR ?? DEFAULT_QUOTAS.uploadsPerHour,
      ownCircuitsMax: e.OWN_CIRCUITS_MAX ?? DEFAULT_QUOTAS.ownCircuitsMax,
      ownCircuitsPerDay: e.OWN_CIRCUITS_PER_DAY ?? DEFAULT_QUOTAS.ownCircuitsPerDay,
    },
    uploadsInFlight: e.UPLOADS_IN_FLIGHT ?? UPLOAD_THREADS,
    ...overrides,
  };
}
