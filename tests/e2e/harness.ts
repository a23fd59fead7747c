/**
 * End-to-end harness shared by every tests/e2e/*.test.ts: a real API server started in-process (server/main.ts
 * `startServer`, port 0, temp DATA_DIR, PGlite in memory from the seeded template, mails through a real SMTP
 * capture) serving the built dist/, and Debian's Chromium driven by playwright-core (its headless shell, unless a
 * file asks for the full browser: SHARED_BROWSER_PATH). The e2e project runs two files
 * at a time, each in its own Vitest worker; a worker's files share one server (sharedBackend) and one Chromium
 * (sharedBrowser), each file with browser contexts of its own.
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
import { expect, inject } from 'vitest';
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

/**
 * The browser of the files that do not ask for the full one (`startE2E({ fullChromium: true })`): Debian's
 * chromium-headless-shell, the same Chromium build (engine, V8, media, service workers, storage) without the
 * browser's own layer (windows, the install prompt, device choosers). It ran the whole e2e project, every test
 * passing, in 0.83-0.87 of full Chromium's time (three pairs of runs, one after the other, on 2 cores), its
 * processes using 20-22 % fewer CPU seconds. Without that layer it cannot judge what only a browser judges: it called
 * a page with no manifest installable, so the files about installing the app and about Web Bluetooth run on full
 * Chromium. Full Chromium for all when the shell is not installed, or with HEADLESS_SHELL_PATH=/usr/bin/chromium.
 */
const HEADLESS_SHELL_PATH = process.env.HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';
const SHARED_BROWSER_PATH = existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : CHROMIUM_PATH;
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
  /** Saves a full-page PNG into tests/.artifacts/<name>.png; with `clip`, only that part of the page. */
  screenshot(page: Page, name: string, clip?: { x: number; y: number; width: number; height: number }): Promise<string>;
  close(): Promise<void>;
}

/** Waits until the service worker controls the page (reloading once if it took over after the page loaded): from then on a reload works with the network cut. */
export async function controlledByServiceWorker(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
}

/**
 * Closes every toast with its own close button, as a racer dismisses them, until none is left (one that comes
 * meanwhile, an upload's, is closed too): a toast over the screen under test would sit on the button the test
 * clicks or in its screenshot, and waiting out each one's 4 s life cost the e2e stage over a minute. The buttons are
 * clicked in the page (their click handler, no actionability wait): a toast already closing stays in the page for
 * its exit transition, and a Playwright click on its button waited out its 1 s timeout, 2 s of every call.
 */
export async function closeToasts(page: Page, timeoutMs = 20_000): Promise<void> {
  await page.mouse.move(0, 0);
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          for (const button of document.querySelectorAll<HTMLElement>('[data-toast] .mantine-Notification-closeButton')) button.click();
          return document.querySelectorAll('[data-toast]').length;
        }),
      { timeout: timeoutMs },
    )
    .toBe(0);
}

/**
 * Waits until the page is still: its fonts loaded and no transition or animation of finite length (Mantine's
 * 150-200 ms fades and slides, a navbar sliding in) running for three animation frames in a row, so that a
 * screenshot or an axe check sees final colours and positions. Endless ones (a loader's spin) are not waited for.
 */
export async function untilStill(page: Page, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const stillForThreeFrames = () =>
    new Promise<boolean>((resolve) => {
      const moving = () => document.getAnimations().some((a) => a.playState === 'running' && Number.isFinite(Number(a.effect?.getComputedTiming().endTime)));
      let frames = 0;
      const check = () => {
        if (document.fonts.status !== 'loaded' || moving()) return requestAnimationFrame(() => resolve(false));
        if (++frames === 3) return resolve(true);
        requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    });
  while (!(await page.evaluate(stillForThreeFrames))) {
    if (Date.now() > deadline) throw new Error(`The page was still moving after ${timeoutMs} ms`);
  }
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

/** The API server, its SMTP capture and its data folder: one per test file, or one per Vitest worker (shared). */
interface Backend {
  server: RunningServer;
  smtp: SmtpCapture;
  dataDir: string;
  admin: Credentials;
  close(): Promise<void>;
}

async function startBackend(options: { staticDir: string; tileUrl?: string }): Promise<Backend> {
  if (!existsSync(join(options.staticDir, 'index.html'))) throw new Error(`No built app in ${options.staticDir}: run 'npm run build' first`);
  const dataDir = mkdtempSync(join(inject('e2eRunDir'), 'server-'));
  const smtp = await startSmtpCapture();
  const admin: Credentials = { email: 'admin@e2e.test', password: `Adm1n-${randomBytes(6).toString('hex')}`, firstName: 'Admin' };
  try {
    const server = await startServer({
      port: 0,
      host: '127.0.0.1',
      dataDir,
      databaseUrl: undefined, // PGlite in the temp dir, whatever the environment says
      databaseSchema: undefined,
      smtpUrl: smtp.url,
      adminEmail: admin.email,
      adminPassword: admin.password,
      logLevel: 'warn',
      // A shared server sees the sign-ups and logins of every file its worker runs (no e2e test is about limits).
      rateLimits: { authPerIp: 10_000, authPerEmail: 1000, windowMs: 15 * 60 * 1000 },
      ...(options.tileUrl ? { tileUrl: options.tileUrl } : {}), // a local test tile server instead of OpenStreetMap
    }, { staticDir: options.staticDir, db: await openTemplatePglite(), closeDb: true }); // in memory, from the migrated, seeded template
    return {
      server,
      smtp,
      dataDir,
      admin,
      async close() {
        await server.close().catch(() => undefined);
        await smtp.close().catch(() => undefined);
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (e) {
    await smtp.close().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
    throw e;
  }
}

let workerBackend: Promise<Backend> | undefined;

/**
 * The server shared by the test files one Vitest worker runs (the e2e project does not isolate files: a worker's
 * modules, and so this server, live on from file to file). Starting a server costs a file several CPU seconds on
 * this 2-core machine (loading the server's code, PGlite's WebAssembly and the template); files run one after the
 * other in a worker, so they never use it at once, and each works with its own new users. Its data folder is in the
 * run's folder, removed when the run ends (tests/e2e/global-setup.ts).
 */
function sharedBackend(): Promise<Backend> {
  if (!workerBackend) {
    const starting = startBackend({ staticDir: builtAppDir() });
    workerBackend = starting;
    starting.catch(() => (workerBackend = undefined));
  }
  return workerBackend;
}

/**
 * Chromium's flags. No GPU here (--disable-gpu); the compositor then runs on a thread of the browser process
 * (--in-process-gpu) rather than in a GPU process of its own, which saves the traffic between the two. A scroll lands
 * at once (no smooth-scroll frames to draw); the app is one origin with no cross-site frames, so site isolation and
 * paint holding are off. Measured on 2 cores (CPU seconds of the whole machine for one file, without -> with):
 * analysis-cursor 55 -> 50 (means of 3 and 2 runs), video-player 96 -> 90, a11y-screens 83 -> 75.
 */
const BROWSER_ARGS = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-gpu',
  '--in-process-gpu',
  '--disable-smooth-scrolling',
  '--disable-site-isolation-trials',
  '--disable-features=site-per-process,PaintHolding',
];

let workerBrowser: Promise<Browser> | undefined;

/**
 * The Chromium shared by a worker's files (launching one costs about a CPU second): each file's pages are in
 * contexts of their own (own storage, cookies, service workers), closed when the file ends. Launched again if it
 * went away.
 */
async function sharedBrowser(): Promise<Browser> {
  const current = await workerBrowser?.catch(() => undefined);
  if (!current?.isConnected()) workerBrowser = chromium.launch({ executablePath: SHARED_BROWSER_PATH, args: BROWSER_ARGS });
  return workerBrowser!;
}

/**
 * A server serving the built app and a browser. By default both are the worker's shared ones. `ownServer: true`
 * starts a server for the file alone, for a file that changes what every user sees (reference data, translations)
 * or counts what all users did (a leaderboard); `staticDir` (another copy of the built app, e.g. a changed service
 * worker) and `tileUrl` (the server's TILE_URL: a local tile server the test runs) imply it. `launchArgs` launches
 * a browser for the file alone with those flags; `fullChromium: true` makes that browser, and the file's on-disk
 * profiles, full Chromium rather than the headless shell (SHARED_BROWSER_PATH). `serviceWorker: true` lets the
 * file's pages install the app's service worker, for a file that works offline (a reload or a lazy chunk with the
 * network cut); other files' pages run without it: its install downloads and stores the whole precache (4.5 MiB,
 * ~130 files), about three CPU seconds of Chromium and one of the server for every new page's context, which nothing
 * in those files looks at.
 */
export async function startE2E(
  options: { launchArgs?: string[]; fullChromium?: boolean; staticDir?: string; tileUrl?: string; ownServer?: boolean; serviceWorker?: boolean } = {},
): Promise<E2E> {
  const own = Boolean(options.ownServer || options.staticDir || options.tileUrl);
  const backend = own ? await startBackend({ staticDir: options.staticDir ?? builtAppDir(), tileUrl: options.tileUrl }) : await sharedBackend();
  const { server, smtp, dataDir, admin } = backend;
  let browser: Browser | undefined;
  const contexts = new Set<BrowserContext>();
  const profiles: string[] = [];
  const launchArgs = [...BROWSER_ARGS, ...(options.launchArgs ?? [])];
  const executablePath = options.fullChromium ? CHROMIUM_PATH : SHARED_BROWSER_PATH;
  const ownBrowser = Boolean(options.launchArgs?.length || options.fullChromium);
  try {
    browser = ownBrowser ? await chromium.launch({ executablePath, args: launchArgs }) : await sharedBrowser();
  } catch (e) {
    if (own) await backend.close();
    throw e;
  }
  const baseUrl = server.url;
  const br = browser;
  const url = (path: string) => new URL(path, baseUrl).toString();
  const serviceWorkers = options.serviceWorker ? 'allow' : 'block';

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
    server,
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
          executablePath,
          args: launchArgs,
          viewport: { width: 1280, height: 800 },
          serviceWorkers,
          ...contextOptions,
        });
      } else {
        context = await br.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers, ...contextOptions });
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
    async screenshot(page, name, clip) {
      mkdirSync(ARTIFACTS_DIR, { recursive: true });
      const file = join(ARTIFACTS_DIR, `${name.replace(/[^\w.-]+/g, '-')}.png`);
      await page.screenshot({ path: file, fullPage: true, ...(clip ? { clip } : {}) });
      return file;
    },
    async close() {
      for (const c of contexts) await c.close().catch(() => undefined);
      if (ownBrowser) await br.close().catch(() => undefined);
      if (own) await backend.close();
      for (const p of profiles) rmSync(p, { recursive: true, force: true });
    },
  };
}
