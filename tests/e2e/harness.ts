/**
 * End-to-end harness shared by every tests/e2e/*.test.ts: a real API server started in-process (server/main.ts
 * `startServer`, port 0, temp DATA_DIR, PGlite in memory from the seeded template, mails through a real SMTP
 * capture) serving the built dist/, and Debian's Chromium driven by playwright-core.
 *
 *   let e2e: E2E;
 *   beforeAll(async () => { e2e = await startE2E(); });
 *   afterAll(async () => { await e2e?.close(); });
 *   it('...', async () => { const { page } = await e2e.newPage(); await page.goto(e2e.url('/about')); });
 *
 * Needs `npm run build` first (tests/run-all.mjs does it before the e2e project).
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { DIST_DIR, startServer, type RunningServer } from '../../server/main';
import { openTemplatePglite } from '../helpers/pglite-template';
import { linkIn, startSmtpCapture, type SmtpCapture } from '../helpers/smtp-capture';
import { isTileUrl } from '../../src/app/pwa/tile-pattern';

/** A map tile of an outside tile server (not the app's own origin), by the URL shape the service worker caches. */
function isOutsideTile(raw: string, appOrigin: string): boolean {
  try {
    const u = new URL(raw);
    return u.origin !== appOrigin && isTileUrl(u);
  } catch {
    return false;
  }
}

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARTIFACTS_DIR = join(import.meta.dirname, '..', '.artifacts');

export interface Credentials {
  email: string;
  password: string;
  firstName: string;
}

interface OpenedPage {
  page: Page;
  context: BrowserContext;
  /** Console errors and uncaught page errors seen so far. */
  errors: string[];
}

export interface E2E {
  baseUrl: string;
  server: RunningServer;
  smtp: SmtpCapture;
  browser: Browser;
  dataDir: string;
  /** The first admin, created by the server from ADMIN_EMAIL / ADMIN_PASSWORD. */
  admin: Credentials;
  /** Absolute URL of an app path. */
  url(path: string): string;
  /**
   * A page in a fresh browser context (own storage, cookies, service worker), capturing console errors.
   * `persistent: true` uses a separate Chromium with an on-disk profile: needed where Chromium refuses
   * incognito contexts (installability reports 'in-incognito' there), and where the storage must be on disk (an
   * off-the-record context keeps it in memory). `profileDir` puts that profile in a given empty folder (e.g. on a
   * small file system, to fill the disk); by default a temporary folder, removed at close.
   */
  newPage(options?: BrowserContextOptions & { persistent?: boolean; profileDir?: string }): Promise<OpenedPage>;
  /** Registers through the API and opens the verification link from the received mail. */
  signUpAndVerify(email?: string, password?: string, firstName?: string): Promise<Credentials>;
  /** Logs in through the login form and waits until the app leaves /login. */
  login(page: Page, email: string, password: string): Promise<void>;
  /** The app URL of the link `path` (/verify, /change-password) in the next mail to `to`. */
  linkFromMail(to: string, path: string, subject?: RegExp): Promise<string>;
  /** Saves a full-page PNG into tests/.artifacts/<name>.png. */
  screenshot(page: Page, name: string): Promise<string>;
  close(): Promise<void>;
}

/** Waits until the service worker controls the page (reloading once if it took over after the page loaded): from then on a reload works with the network cut. */
export async function controlledByServiceWorker(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
}

/** Errors that are expected in normal operation: the browser logs every 4xx answer (e.g. the refresh probe at start). */
export function unexpectedErrors(errors: readonly string[]): string[] {
  return errors.filter((e) => !/Failed to load resource: the server responded with a status of 4\d\d/.test(e));
}

/** A unique address for a test user. */
export function uniqueEmail(prefix = 'racer'): string {
  return `${prefix}-${randomBytes(4).toString('hex')}@e2e.test`;
}

/** The built app the tests serve: dist/, or E2E_DIST_DIR (e.g. a private `vite build --outDir` while others rebuild dist/). */
export function builtAppDir(): string {
  return process.env.E2E_DIST_DIR || DIST_DIR;
}

/**
 * `staticDir` serves another copy of the built app (tests that change built files, e.g. a new service worker);
 * `tileUrl` is the server's TILE_URL (a local tile server the test runs).
 */
export async function startE2E(options: { launchArgs?: string[]; staticDir?: string; tileUrl?: string } = {}): Promise<E2E> {
  const staticDir = options.staticDir ?? builtAppDir();
  if (!existsSync(join(staticDir, 'index.html'))) throw new Error(`No built app in ${staticDir}: run 'npm run build' first`);
  const dataDir = mkdtempSync(join(tmpdir(), 'astro-e2e-'));
  const smtp = await startSmtpCapture();
  const admin: Credentials = { email: 'admin@e2e.test', password: `Adm1n-${randomBytes(6).toString('hex')}`, firstName: 'Admin' };
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  const contexts = new Set<BrowserContext>();
  const profiles: string[] = [];
  const launchArgs = ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-gpu', ...(options.launchArgs ?? [])];
  try {
    server = await startServer({
      port: 0,
      host: '127.0.0.1',
      dataDir,
      databaseUrl: undefined, // PGlite in the temp dir, whatever the environment says
      databaseSchema: undefined,
      smtpUrl: smtp.url,
      adminEmail: admin.email,
      adminPassword: admin.password,
      logLevel: 'warn',
      rateLimits: { authPerIp: 1000, authPerEmail: 200, windowMs: 15 * 60 * 1000 },
      ...(options.tileUrl ? { tileUrl: options.tileUrl } : {}), // a local test tile server instead of OpenStreetMap
    }, { staticDir, db: await openTemplatePglite(), closeDb: true }); // in memory, from the migrated, seeded template
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: launchArgs,
    });
  } catch (e) {
    await browser?.close().catch(() => undefined);
    await server?.close().catch(() => undefined);
    await smtp.close().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
    throw e;
  }
  const baseUrl = server.url;
  const srv = server;
  const br = browser;
  const url = (path: string) => new URL(path, baseUrl).toString();

  const api = async (path: string, init: RequestInit = {}) => {
    const res = await fetch(url(`/api${path}`), { ...init, headers: { 'content-type': 'application/json', ...init.headers } });
    if (!res.ok) throw new Error(`${init.method ?? 'GET'} /api${path}: ${res.status} ${await res.text()}`);
    return res;
  };

  const linkFromMail = async (to: string, path: string, subject?: RegExp) => {
    const mail = await smtp.waitFor(to, { timeoutMs: 15_000, subject });
    const link = linkIn(mail, path);
    // The mail's base is APP_URL; the test server listens on its own port.
    return url(`${link.pathname}${link.search}`);
  };

  return {
    baseUrl,
    server: srv,
    smtp,
    browser: br,
    dataDir,
    admin,
    url,
    async newPage({ persistent, profileDir, ...contextOptions } = {}) {
      let context: BrowserContext;
      if (persistent || profileDir) {
        const profile = profileDir ?? mkdtempSync(join(tmpdir(), 'astro-e2e-profile-'));
        if (!profileDir) profiles.push(profile);
        context = await chromium.launchPersistentContext(profile, {
          executablePath: CHROMIUM_PATH,
          args: launchArgs,
          viewport: { width: 1280, height: 800 },
          ...contextOptions,
        });
      } else {
        context = await br.newContext({ viewport: { width: 1280, height: 800 }, ...contextOptions });
      }
      contexts.add(context);
      const page = context.pages()[0] ?? (await context.newPage());
      const errors: string[] = [];
      page.on('console', (m) => {
        if (m.type() !== 'error') return;
        // Map tiles come from an outside tile server this closed network cannot reach: a failed tile load (through
        // the service worker's tile cache it is logged as a bare net::ERR_FAILED) is not an app error. Only those
        // are left out, by the failed resource's URL.
        if (m.text().startsWith('Failed to load resource') && isOutsideTile(m.location().url, new URL(url('/')).origin)) return;
        errors.push(m.text());
      });
      page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
      return { page, context, errors };
    },
    async signUpAndVerify(email = uniqueEmail(), password = `Pw-${randomBytes(6).toString('hex')}1A`, firstName = 'Racer') {
      await api('/auth/register', { method: 'POST', body: JSON.stringify({ email, firstName, lastName: 'E2E', password, confirmPassword: password }) });
      const link = new URL(await linkFromMail(email, '/verify'));
      await api(`/auth/verify${link.search}`);
      return { email, password, firstName };
    },
    async login(page, email, password) {
      await page.goto(url('/login'));
      await page.locator('input[name="email"]').fill(email);
      await page.locator('input[name="password"]').fill(password);
      await page.getByTestId('login-submit').click();
      await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 15_000 });
    },
    linkFromMail,
    async screenshot(page, name) {
      mkdirSync(ARTIFACTS_DIR, { recursive: true });
      const file = join(ARTIFACTS_DIR, `${name.replace(/[^\w.-]+/g, '-')}.png`);
      await page.screenshot({ path: file, fullPage: true });
      return file;
    },
    async close() {
      for (const c of contexts) await c.close().catch(() => undefined);
      await br.close().catch(() => undefined);
      await srv.close().catch(() => undefined);
      await smtp.close().catch(() => undefined);
      rmSync(dataDir, { recursive: true, force: true });
      for (const p of profiles) rmSync(p, { recursive: true, force: true });
    },
  };
}
