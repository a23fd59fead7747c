/**
 * Adding a large video: the app's copy of a picked file into the Origin Private File System
 * (src/media/copy-to-storage.ts), in Chromium with a profile on disk as a racer's browser has (an off-the-record
 * context keeps OPFS in memory, which would measure the profile, not the copy). The file is 4 GB
 * (VIDEO_COPY_GB sets it), a GoPro chapter's size, of random bytes (the copy does not read it as video), picked
 * through a file input by path so the page holds no copy of it. Figures: MB/s, the progress reports (how many, the
 * longest wait between two), and the peak growth of Chromium's resident memory (every process, by role, sampled
 * every 250 ms): goal "memory flat". Printed, not asserted; load average before and after.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { ARTIFACTS, round } from './domain-data';
import { buildBenchPage, CHROMIUM_LAUNCH, openBenchPage, serveBenchPage } from './bench-browser';
import { chromiumProcesses, rssByRole, type ProcessRss } from './process-memory';

const log = (s: string) => console.log(`# video-copy: ${s}`);
const GB = Number(process.env.VIDEO_COPY_GB ?? 4);
const RUNS = 3;

const mb = (kib: number) => round(kib / 1024);
const rss = (ps: readonly ProcessRss[]) => ps.reduce((t, p) => t + p.rssKiB, 0);

export default async function videoCopyBench(): Promise<Record<string, unknown>> {
  const dir = path.join(ARTIFACTS, 'video-copy');
  mkdirSync(dir, { recursive: true });
  const source = path.join(dir, `source-${GB}gb.bin`);
  if (!existsSync(source) || statSync(source).size !== GB * 1024 ** 3) {
    log(`writing a ${GB} GB source file`);
    execFileSync('sh', ['-c', `head -c ${GB * 1024 ** 3} /dev/urandom > '${source}'`]);
  }
  const pageDir = await buildBenchPage({ name: 'video-copy' });
  const server = await serveBenchPage({ dir: pageDir, data: () => undefined });
  const { chromium } = await import('playwright-core');
  const profile = mkdtempSync(path.join(dir, 'profile-'));
  const context = await chromium.launchPersistentContext(profile, CHROMIUM_LAUNCH);
  const loadBefore = loadavg()[0];
  try {
    const { page } = await openBenchPage(context, server, 60_000);
    await page.setInputFiles('#pick', source);
    type CopyRun = { ms: number; bytes: number; reports: number; longestGapMs: number; lastReport: [number, number] };
    const runs: { run: CopyRun; growthMB: number | null; byRole: Record<string, number | null> }[] = [];
    for (let k = 0; k < RUNS; k++) {
      const baseline = chromiumProcesses();
      const base = rssByRole(baseline);
      let peak = rss(baseline);
      const peakByRole: Record<string, number> = {};
      let sampling = true;
      const sampler = (async () => {
        while (sampling) {
          const now = chromiumProcesses();
          peak = Math.max(peak, rss(now));
          for (const [role, r] of Object.entries(rssByRole(now))) peakByRole[role] = Math.max(peakByRole[role] ?? 0, r.rssKiB - (base[role]?.rssKiB ?? 0));
          await new Promise((r) => setTimeout(r, 250));
        }
      })();
      const run = await page.evaluate(() => (window as unknown as { copyBench: { run(): Promise<CopyRun> } }).copyBench.run());
      sampling = false;
      await sampler;
      const growthMB = mb(peak - rss(baseline));
      const byRole = Object.fromEntries(Object.entries(peakByRole).map(([role, kib]) => [role, mb(kib)]));
      runs.push({ run, growthMB, byRole });
      log(`run ${k + 1}: ${round(run.bytes / 1024 ** 2)} MB in ${round(run.ms / 1000, 1)} s (${round(run.bytes / 1024 ** 2 / (run.ms / 1000))} MB/s); ${run.reports} progress reports, longest gap ${round(run.longestGapMs)} ms, last ${run.lastReport[0]}/${run.lastReport[1]}; Chromium RSS peak growth ${growthMB} MB; by role ${JSON.stringify(byRole)}`);
    }
    const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
    const median = (xs: number[]) => sorted(xs)[Math.floor(xs.length / 2)];
    const growth = runs.map((r) => r.growthMB ?? NaN);
    const speed = runs.map((r) => r.run.bytes / 1024 ** 2 / (r.run.ms / 1000));
    const loadAfter = loadavg()[0];
    log(`${GB} GB copy: median ${round(median(speed))} MB/s; RSS peak growth median ${median(growth)} MB (spread ${round(Math.max(...growth) - Math.min(...growth))}); load ${round(loadBefore, 2)} -> ${round(loadAfter, 2)}`);
    return {
      gigabytes: GB,
      runs: RUNS,
      medianMBps: round(median(speed)),
      peakRssGrowthMB: growth,
      medianPeakRssGrowthMB: median(growth),
      progressReports: runs.map((r) => r.run.reports),
      longestProgressGapMs: round(Math.max(...runs.map((r) => r.run.longestGapMs))),
      loadAverage1m: [round(loadBefore, 2), round(loadAfter, 2)],
    };
  } finally {
    await context.close();
    server.close();
    rmSync(profile, { recursive: true, force: true });
  }
}
