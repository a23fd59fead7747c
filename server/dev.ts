import { createServer } from 'vite';
import { startServer } from './main';

/**
 * `npm run dev`: the API on PORT (8080) and Vite's dev server (with HMR) whose /api proxy (vite.config.ts)
 * forwards to it. The API does not serve dist/ here: Vite serves the app.
 */
const api = await startServer({}, { staticDir: undefined });
// vite.config.ts proxies /api to API_TARGET (default 127.0.0.1:8080): point it at the port actually used.
process.env.API_TARGET ??= api.url;
const vite = await createServer({ configFile: 'vite.config.ts', server: { host: true } });
await vite.listen();
vite.printUrls();
console.log(`API on ${api.url}/api`);

const stop = async () => {
  await vite.close();
  await api.close();
  process.exit(0);
};
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());
