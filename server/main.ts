import { collectGarbage } from './collect-garbage';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { ConfigError, loadConfig, type Config } from './config';
import { buildApp, type BuildOptions } from './app';
import { DataDirLockedError } from './db/data-dir-lock';
import { DatabaseFolderError } from './db/pglite-db';

/** The built PWA (vite build output). */
export const DIST_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');

export interface RunningServer {
  url: string;
  app: FastifyInstance;
  close(): Promise<void>;
}

/**
 * Starts one server process: config (env + overrides) -> migrations -> seed -> listen, serving dist/ with SPA
 * fallback and the API under /api. `overrides.port = 0` picks a free port (e2e tests).
 */
export async function startServer(overrides: Partial<Config> = {}, options: BuildOptions = {}): Promise<RunningServer> {
  const config = loadConfig(process.env, overrides);
  const app = await buildApp(config, { staticDir: DIST_DIR, ...options });
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  return { url: `http://${host}:${port}`, app, close: () => app.close() };
}

async function main(): Promise<void> {
  let server: RunningServer;
  try {
    server = await startServer();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(78); // EX_CONFIG
    }
    // Operator problems with DATA_DIR: the message says what to do, a stack trace would only bury it.
    if (err instanceof DataDirLockedError) {
      console.error(err.message);
      process.exit(75); // EX_TEMPFAIL: the folder is busy
    }
    if (err instanceof DatabaseFolderError) {
      console.error(err.message);
      process.exit(74); // EX_IOERR
    }
    throw err;
  }
  const stop = async (signal: string) => {
    server.app.log.info(`${signal}: shutting down`);
    await server.close();
    process.exit(0);
  };
  setTimeout(collectGarbage, 500).unref();
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
