/**
 * First load: what the welcome (/) and login (/login) pages cost the main thread on a cold load, in figures that
 * hold up on a busy machine better than a Lighthouse score does. Each run is a fresh browser (no HTTP cache, no
 * service worker) on a phone-sized window with the CPU slowed down 4x (CDP Emulation.setCPUThrottlingRate, as
 * Lighthouse's mobile profile assumes), loading the built app from the real server, traced until 5 s after the app
 * has rendered over the prerendered page. Per page (median of FIRST_LOAD_RUNS runs, default 3, with every run):
 * - JavaScript before the first usable screen: scripts fetched before the app rendered (count, gzip and raw bytes);
 * - long tasks (>= 50 ms of wall time at 4x) after the first contentful paint: count, longest, and their blocking
 *   sum (Total Blocking Time as Lighthouse defines it, over the traced window);
 * - the same from thread CPU time x 4 (what the tasks would take at 4x without other processes on the cores),
 *   the longest main-thread task's CPU time, and main-thread CPU until the app rendered and in all;
 * - the load average during the run.
 * FIRST_LOAD_PATHS=/login measures one page; FIRST_LOAD_BASELINE_DIR=<another build's dist> measures that build too,
 * in turns with this one (both under the same load from other processes). FIRST_LOAD_PROFILE=1 adds a V8 CPU profile of one load per page: main-thread self time by script and the top
 * functions (for finding what to cut). Needs `npm run build` first. Not a test: nothing here asserts.
 */
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { chromium, type CDPSession } from 'playwright-core';
import { CHROMIUM_PATH, builtAppDir, startE2E } from '../e2e/harness';
import type { TraceEvent } from './bench-browser';

const log = (s: string) => console.log(`# first-load ${s}`);
const r1 = (v: number) => Math.round(v * 10) / 10;
const CPU_SLOWDOWN = 4;
const AFTER_RENDER_MS = 5000;

interface Run {
  /** ms from navigation start. */
  fcpMs: number;
  appRenderedMs: number;
  scriptsBeforeRender: number;
  jsGzipKiBBeforeRender: number;
  jsRawKiBBeforeRender: number;
  longTasks: number;
  longestTaskMs: number;
  blockingMs: number;
  cpuX4LongTasks: number;
  cpuX4BlockingMs: number;
  longestTaskCpuMs: number;
  mainThreadCpuToRenderMs: number;
  mainThreadCpuMs: number;
  loadAverage: number;
  /** Every task over 50 ms (wall, ms after navigation start: duration / CPU). */
  tasks: string[];
}

/** Marks, in the page, the moment the app has rendered over the prerendered copy (a test hook appears in #root). */
const MARK_APP_RENDER = `
  performance.mark('first-load-bench');
  new MutationObserver(function (_m, o) {
    var root = document.getElementById('root');
    if (root && root.querySelector('[data-testid]') && !root.querySelector('[data-prerendered]')) {
      window.__appRenderedAt = performance.now();
      o.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
`;

async function readTrace(cdp: CDPSession): Promise<TraceEvent[]> {
  const complete = new Promise<{ stream?: string }>((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.end');
  const { stream } = await complete;
  if (!stream) throw new Error('the trace came back without a stream');
  const parts: Buffer[] = [];
  for (;;) {
    const r = await cdp.send('IO.read', { handle: stream, size: 1 << 20 });
    parts.push(Buffer.from(r.data, r.base64Encoded ? 'base64' : 'utf8'));
    if (r.eof) break;
  }
  await cdp.send('IO.close', { handle: stream });
  const parsed = JSON.parse(Buffer.concat(parts).toString('utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[];
  return Array.isArray(parsed) ? parsed : parsed.traceEvents;
}

type ProfileNode = { id: number; parent?: number; children?: number[]; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber?: number }; hitCount?: number };
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

/** The functions with the most self time among a profile's samples in [from, to] (trace microseconds). */
function topInWindow(prof: CpuProfile, from: number, to: number): string {
  const byId = new Map(prof.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<string, number>();
  const callers = new Map<string, number>();
  let t = prof.startTime;
  let total = 0;
  (prof.samples ?? []).forEach((id, i) => {
    t += prof.timeDeltas?.[i] ?? 0;
    if (t < from || t > to) return;
    const n = byId.get(id);
    if (!n || n.callFrame.functionName === '(idle)') return;
    total++;
    const name = (x: ProfileNode) => `${x.callFrame.functionName || '(anon)'}@${x.callFrame.url.split('/').pop()}:${x.callFrame.lineNumber}:${x.callFrame.columnNumber ?? 0}`;
    self.set(name(n), (self.get(name(n)) ?? 0) + 1);
    // The outermost app frames (what the task was doing), two deep.
    const chain: string[] = [];
    for (let p: number | undefined = id; p !== undefined; p = parent.get(p)) {
      const x = byId.get(p);
      if (x && x.callFrame.url) chain.unshift(name(x));
    }
    const k = chain.slice(0, 3).join(' > ');
    callers.set(k, (callers.get(k) ?? 0) + 1);
  });
  const top = (m: Map<string, number>, k: number) => [...m.entries()].sort((a, b) => b[1] - a[1]).slice(0, k).map(([n, v]) => `${n} ${Math.round((100 * v) / (total || 1))}%`).join(' | ');
  return `self: ${top(self, 6)}\n#         stacks: ${top(callers, 4)}`;
}

/** Self time by script and the top functions of a V8 CPU profile (FIRST_LOAD_PROFILE). */
function summariseProfile(nodes: ProfileNode[]): string {
  const byUrl = new Map<string, number>();
  const byFn = new Map<string, number>();
  for (const n of nodes) {
    const file = n.callFrame.url.split('/').pop() || `(${n.callFrame.functionName || 'native'})`;
    byUrl.set(file, (byUrl.get(file) ?? 0) + (n.hitCount ?? 0));
    const k = `${n.callFrame.functionName || '(anon)'} ${file}:${n.callFrame.lineNumber}`;
    byFn.set(k, (byFn.get(k) ?? 0) + (n.hitCount ?? 0));
  }
  const total = [...byUrl.values()].reduce((a, b) => a + b, 0) || 1;
  const top = (m: Map<string, number>, n: number) =>
    [...m.entries()].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `${k} ${((100 * v) / total).toFixed(1)}%`).join(' | ');
  return `by script: ${top(byUrl, 12)}\n#   top functions: ${top(byFn, 25)}`;
}

async function loadOnce(url: string, profile: boolean): Promise<Run & { profile?: string }> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-gpu'],
  });
  try {
    // The phone Lighthouse's mobile profile emulates (Moto G Power: 412x823 CSS pixels at 1.75).
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.addInitScript(MARK_APP_RENDER);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    if (profile) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
      await cdp.send('Profiler.start');
    }
    await cdp.send('Tracing.start', {
      transferMode: 'ReturnAsStream',
      traceConfig: { recordMode: 'recordAsMuchAsPossible', includedCategories: ['__metadata', 'toplevel', 'loading', 'blink.user_timing', 'devtools.timeline', ...(profile ? ['v8', 'disabled-by-default-devtools.timeline'] : [])] },
    });
    const loadStart = loadavg()[0];
    await page.goto(url);
    await page.waitForFunction(() => typeof (window as unknown as { __appRenderedAt?: number }).__appRenderedAt === 'number', undefined, { timeout: 120_000 });
    await page.waitForTimeout(AFTER_RENDER_MS);
    const inPage = await page.evaluate(() => {
      const rendered = (window as unknown as { __appRenderedAt: number }).__appRenderedAt;
      const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((e) => e.initiatorType === 'script' || /\.m?js(\?|$)/.test(e.name));
      const before = scripts.filter((e) => e.responseEnd <= rendered);
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN;
      return {
        markMs: performance.getEntriesByName('first-load-bench')[0]?.startTime ?? NaN,
        rendered,
        fcp,
        scripts: before.length,
        gzip: before.reduce((a, e) => a + e.encodedBodySize, 0),
        raw: before.reduce((a, e) => a + e.decodedBodySize, 0),
      };
    });
    const events = await readTrace(cdp);
    const prof = profile ? ((await cdp.send('Profiler.stop')) as { profile: CpuProfile }).profile : undefined;
    const loadEnd = loadavg()[0];
    // The page's renderer main thread: the CrRendererMain with the most work; times from its navigationStart.
    const mains = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
    // A task is a RunTask (with the detailed timeline categories), else a ThreadControllerImpl::RunTask: not both,
    // as one is nested in the other.
    const taskName = events.some((e) => e.name === 'RunTask') ? 'RunTask' : 'ThreadControllerImpl::RunTask';
    const tasksBy = new Map<string, TraceEvent[]>();
    for (const e of events) {
      const key = `${e.pid}:${e.tid}`;
      if (e.ph !== 'X' || !mains.has(key) || e.name !== taskName) continue;
      tasksBy.set(key, [...(tasksBy.get(key) ?? []), e]);
    }
    const [main, tasks] = [...tasksBy.entries()].sort((a, b) => b[1].reduce((s, t) => s + (t.tdur ?? 0), 0) - a[1].reduce((s, t) => s + (t.tdur ?? 0), 0))[0];
    // Trace time of the page's time origin: the init script's user-timing mark, less its page time.
    const mark = events.find((e) => e.name === 'first-load-bench' && `${e.pid}` === main.split(':')[0]) ?? events.find((e) => e.name === 'first-load-bench');
    if (!mark) throw new Error('the trace has no first-load-bench mark');
    const t0 = mark.ts - inPage.markMs * 1000;
    const ms = (ts: number) => (ts - t0) / 1000;
    const after = tasks.filter((t) => ms(t.ts) >= inPage.fcp);
    const long = after.filter((t) => (t.dur ?? 0) / 1000 >= 50);
    const cpuLong = after.filter((t) => (CPU_SLOWDOWN * (t.tdur ?? 0)) / 1000 >= 50);
    const cpuMs = (list: TraceEvent[]) => list.reduce((a, t) => a + (t.tdur ?? 0) / 1000, 0);
    return {
      fcpMs: r1(inPage.fcp),
      appRenderedMs: r1(inPage.rendered),
      scriptsBeforeRender: inPage.scripts,
      jsGzipKiBBeforeRender: r1(inPage.gzip / 1024),
      jsRawKiBBeforeRender: r1(inPage.raw / 1024),
      longTasks: long.length,
      longestTaskMs: r1(Math.max(0, ...after.map((t) => (t.dur ?? 0) / 1000))),
      blockingMs: r1(long.reduce((a, t) => a + (t.dur ?? 0) / 1000 - 50, 0)),
      cpuX4LongTasks: cpuLong.length,
      cpuX4BlockingMs: r1(cpuLong.reduce((a, t) => a + (CPU_SLOWDOWN * (t.tdur ?? 0)) / 1000 - 50, 0)),
      longestTaskCpuMs: r1(Math.max(0, ...tasks.filter((t) => ms(t.ts) >= 0).map((t) => (t.tdur ?? 0) / 1000))),
      mainThreadCpuToRenderMs: r1(cpuMs(tasks.filter((t) => ms(t.ts) >= 0 && ms(t.ts) <= inPage.rendered))),
      mainThreadCpuMs: r1(cpuMs(tasks.filter((t) => ms(t.ts) >= 0))),
      loadAverage: r1((loadStart + loadEnd) / 2),
      tasks: tasks.filter((t) => ms(t.ts) >= 0 && (t.dur ?? 0) / 1000 >= 50).map((t) => `${Math.round(ms(t.ts))}: ${Math.round((t.dur ?? 0) / 1000)}/${Math.round((t.tdur ?? 0) / 1000)}`),
      ...(prof ? { profile: `${summariseProfile(prof.nodes)}\n#   inside the tasks over 12.5 ms of CPU:\n${insideTasks(events, main, t0, tasks, prof)}` } : {}),
    };
  } finally {
    await browser.close();
  }
}

/** What ran inside each task over 12.5 ms of CPU (50 ms at 4x): its direct timeline children, longest first. */
function insideTasks(events: TraceEvent[], main: string, t0: number, tasks: TraceEvent[], prof: CpuProfile): string {
  const children = events.filter((e) => e.ph === 'X' && `${e.pid}:${e.tid}` === main && e.name !== 'RunTask' && e.name !== 'ThreadControllerImpl::RunTask' && (e.dur ?? 0) >= 1000);
  const lines: string[] = [];
  for (const t of tasks) {
    if ((t.tdur ?? 0) < 12_500 || t.ts < t0) continue;
    const end = t.ts + (t.dur ?? 0);
    const inside = children.filter((c) => c.ts >= t.ts && c.ts + (c.dur ?? 0) <= end);
    // Direct children only: not inside another child.
    const direct = inside.filter((c) => !inside.some((o) => o !== c && o.ts <= c.ts && o.ts + (o.dur ?? 0) >= c.ts + (c.dur ?? 0) && (o.dur ?? 0) > (c.dur ?? 0)));
    const label = (c: TraceEvent) => {
      const d = c.args?.data as { url?: string; functionName?: string; type?: string } | undefined;
      const what = d?.url ? d.url.split('/').pop() : (d?.functionName ?? d?.type ?? '');
      return `${c.name}${what ? `(${what})` : ''} ${Math.round((c.tdur ?? c.dur ?? 0) / 1000)}`;
    };
    lines.push(`#     ${Math.round((t.ts - t0) / 1000)} ms, CPU ${Math.round((t.tdur ?? 0) / 1000)} ms: ${direct.sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0)).slice(0, 8).map(label).join(', ')}`);
    const nested = inside.filter((c) => !direct.includes(c) && /Layout|UpdateLayoutTree|ParseAuthorStyleSheet|v8\.|GC/.test(c.name));
    if (nested.length) lines.push(`#       nested: ${nested.sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0)).slice(0, 6).map(label).join(', ')}`);
    if ((t.tdur ?? 0) >= 25_000) lines.push(`#       ${topInWindow(prof, t.ts, end)}`);
  }
  return lines.join('\n');
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)];
}

export default async function firstLoadBench(): Promise<Record<string, unknown>> {
  if (!existsSync(join(builtAppDir(), 'index.html'))) throw new Error('no built app: run `npm run build` first');
  const runs = Math.max(1, Number(process.env.FIRST_LOAD_RUNS ?? 3) || 3);
  const profile = Boolean(process.env.FIRST_LOAD_PROFILE);
  // FIRST_LOAD_BASELINE_DIR: another build (e.g. of main) measured in turns with this one, so that both see the
  // same load from other processes.
  const baselineDir = process.env.FIRST_LOAD_BASELINE_DIR;
  const builds = [{ name: '', e2e: await startE2E() }];
  if (baselineDir) builds.push({ name: 'baseline ', e2e: await startE2E({ staticDir: baselineDir }) });
  const out: Record<string, unknown> = {};
  try {
    for (const path of (process.env.FIRST_LOAD_PATHS ?? '/,/login').split(',')) {
      const all = new Map<string, Run[]>(builds.map((b) => [b.name, []]));
      for (let i = 0; i < runs; i++) {
        for (const { name, e2e } of builds) {
          const { profile: summary, ...run } = await loadOnce(e2e.url(path), profile && i === 0);
          all.get(name)!.push(run);
          log(
            `${name}${path} run ${i + 1}/${runs}: FCP ${run.fcpMs} ms, app rendered ${run.appRenderedMs} ms after ${run.scriptsBeforeRender} scripts (${run.jsGzipKiBBeforeRender} KiB gzip, ${run.jsRawKiBBeforeRender} KiB raw); ` +
              `long tasks ${run.longTasks} (longest ${run.longestTaskMs} ms, blocking ${run.blockingMs} ms); from CPU x4: ${run.cpuX4LongTasks} long, blocking ${run.cpuX4BlockingMs} ms, longest task CPU ${run.longestTaskCpuMs} ms; ` +
              `main-thread CPU ${run.mainThreadCpuToRenderMs} ms to render, ${run.mainThreadCpuMs} ms in all; load average ${run.loadAverage}\n#   tasks >= 50 ms (start: wall/CPU ms) ${run.tasks.join(', ')}`,
          );
          if (summary) log(`${name}${path} profile ${summary}`);
        }
      }
      for (const [name, list] of all) {
        const figures: Record<string, unknown> = {};
        for (const k of Object.keys(list[0]) as (keyof Run)[]) {
          if (k === 'tasks') continue;
          figures[k] = median(list.map((r) => r[k] as number));
          if (runs > 1) figures[`${k}Runs`] = list.map((r) => r[k]);
        }
        out[`${name}${path === '/' ? 'welcome' : 'login'}`] = figures;
      }
    }
  } finally {
    for (const b of builds) await b.e2e.close();
  }
  return out;
}
