/**
 * Overlay video export in Chromium, through the real queue and worker (video-export-page.ts): synthetic H.264
 * videos with an AAC track made by ffmpeg (720p30 and 1080p30, frames carrying a moving pattern), exported at their
 * own size with the player's gauges and bare (decode + encode only, no overlay) in the same browser run.
 * Figures: the overlay pipeline's time against the bare one (goal <= 1.25x), frames per second at 720p30 and
 * 1080p30 (aim: faster than real time at 720p30), and the peak growth of Chromium's resident memory (every process,
 * /proc) during a long 1080p export read from OPFS as the app's videos are (goal <= 300 MB for 10 minutes:
 * VIDEO_EXPORT_LONG_S sets the length, 600 s by default; about 4 minutes of export here), with each process's
 * share (browser, renderer, GPU, storage and other utilities) at the peak. Load average before and after: the
 * machine is shared.
 *
 * The browser runs with a persistent profile on disk (a fresh temporary folder, removed afterwards), as a racer's
 * browser does: a plain `browser.newPage()` opens an off-the-record context, whose storage (the private file system
 * included) lives in memory, so the source staged into OPFS and every byte of the exported file would count as
 * Chromium's resident memory (measured that way: +1078 MB for 10 minutes, growing with the file). With
 * VIDEO_EXPORT_PROFILE=memory the bench runs off the record as before, to compare.
 */
import { execFileSync } from 'node:child_process';
import { createReadStream, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { ARTIFACTS, round } from './domain-data';
import { buildBenchPage, CHROMIUM_LAUNCH, serveBenchPage, openBenchPage } from './bench-browser';
import { chromiumProcesses, rssByRole, type ProcessRss } from './process-memory';

const log = (s: string) => console.log(`# video-export: ${s}`);
const CLIP_S = Number(process.env.VIDEO_EXPORT_CLIP_S ?? 10);
const LONG_S = Number(process.env.VIDEO_EXPORT_LONG_S ?? 600);
/** 'disk' (default): a persistent profile on disk; 'memory': off the record (storage in memory). */
const PROFILE = process.env.VIDEO_EXPORT_PROFILE === 'memory' ? 'memory' : 'disk';

/** A synthetic clip: a moving test pattern with a frame counter, AAC stereo tone; cached in tests/.artifacts. */
function clip(dir: string, height: 720 | 1080, seconds: number): string {
  const width = (height * 16) / 9;
  const file = path.join(dir, `clip-${height}p30-${seconds}s.mp4`);
  if (existsSync(file)) return file;
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=s=${width}x${height}:r=30:d=${seconds}`, '-f', 'lavfi', '-i', `sine=f=440:d=${seconds}:sample_rate=48000`, '-ac', '2', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-g', '60', '-b:v', '8M', '-c:a', 'aac', '-b:a', '128k', '-shortest', file]);
  return file;
}

/** A long clip: the short one looped without re-encoding. */
function looped(dir: string, source: string, seconds: number): string {
  const file = path.join(dir, `long-${path.basename(source, '.mp4')}-${seconds}s.mp4`);
  if (existsSync(file)) return file;
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-stream_loop', '-1', '-i', source, '-t', String(seconds), '-c', 'copy', file]);
  return file;
}

const mb = (kib: number) => round(kib / 1024);
const sumOf = (ps: readonly ProcessRss[], key: 'rssKiB' | 'pssKiB') => ps.reduce((t, p) => t + p[key], 0);

/** Each role's resident memory in MB: RSS (anonymous / file / shared) and PSS, growth from the baseline. */
function roleFigures(at: readonly ProcessRss[], baseline: readonly ProcessRss[]): Record<string, string> {
  const now = rssByRole(at);
  const before = rssByRole(baseline);
  const out: Record<string, string> = {};
  for (const [role, r] of Object.entries(now)) {
    const b = before[role];
    out[role] = `rss ${mb(r.rssKiB)} (anon ${mb(r.anonKiB)}, file ${mb(r.fileKiB)}, shmem ${mb(r.shmemKiB)}), pss ${mb(r.pssKiB)}; growth ${b ? `rss ${mb(r.rssKiB - b.rssKiB)} (anon ${mb(r.anonKiB - b.anonKiB)}, file ${mb(r.fileKiB - b.fileKiB)}, shmem ${mb(r.shmemKiB - b.shmemKiB)}), pss ${mb(r.pssKiB - b.pssKiB)}` : 'new process'}`;
  }
  return out;
}

export default async function videoExportBench(): Promise<Record<string, unknown>> {
  const dir = path.join(ARTIFACTS, 'video-export-clips');
  mkdirSync(dir, { recursive: true });
  log('making the synthetic clips with ffmpeg');
  const c720 = clip(dir, 720, CLIP_S);
  const c1080 = clip(dir, 1080, CLIP_S);
  const long = looped(dir, clip(dir, 1080, 20), LONG_S);
  log('building the bench page with vite');
  const pageDir = await buildBenchPage({ name: 'video-export' });
  const server = await serveBenchPage({
    dir: pageDir,
    data: () => undefined,
    extra: (url, res) => {
      const m = /^\/video\/([\w.-]+)$/.exec(url.pathname);
      if (!m || !existsSync(path.join(dir, m[1]))) return false;
      res.writeHead(200, { 'content-type': 'video/mp4' });
      createReadStream(path.join(dir, m[1])).pipe(res);
      return true;
    },
  });
  const { chromium } = await import('playwright-core');
  const profile = PROFILE === 'disk' ? mkdtempSync(path.join(ARTIFACTS, 'video-export-profile-')) : null;
  const browser = profile ? await chromium.launchPersistentContext(profile, CHROMIUM_LAUNCH) : await chromium.launch(CHROMIUM_LAUNCH);
  log(`profile: ${profile ? `persistent, on disk (${profile})` : 'off the record (storage in memory)'}`);
  const loadBefore = loadavg()[0];
  try {
    const { page } = await openBenchPage(browser, server, 60_000);
    type Run = { ms: number; frames: number; bytes: number; codec: string; width: number; height: number; audioKept: boolean };
    const run = (video: string, overlay: boolean, height: 720 | 1080, seconds: number) =>
      page.evaluate((o) => (window as unknown as { exportBench: { run(o: unknown): Promise<Run> } }).exportBench.run(o), { video: path.basename(video), overlay, height, seconds });
    const fps = (r: Run) => round(r.frames / (r.ms / 1000), 1);

    // Warm-up (codecs, worker chunk), then bare and overlay alternated twice at 720p30; the ratio of the sums.
    await run(c720, true, 720, 2);
    const bare: Run[] = [];
    const overlay: Run[] = [];
    for (let k = 0; k < 2; k++) {
      bare.push(await run(c720, false, 720, CLIP_S));
      overlay.push(await run(c720, true, 720, CLIP_S));
      log(`720p30 ${CLIP_S} s: bare ${round(bare[k].ms)} ms (${fps(bare[k])} fps), overlay ${round(overlay[k].ms)} ms (${fps(overlay[k])} fps), audio kept ${overlay[k].audioKept}`);
    }
    const sum = (rs: Run[]) => rs.reduce((s, r) => s + r.ms, 0);
    const ratio = sum(overlay) / sum(bare);
    const o1080 = await run(c1080, true, 1080, CLIP_S);
    const b1080 = await run(c1080, false, 1080, CLIP_S);
    log(`1080p30 ${CLIP_S} s: overlay ${round(o1080.ms)} ms (${fps(o1080)} fps), bare ${round(b1080.ms)} ms (${fps(b1080)} fps)`);

    // The long export: Chromium's resident memory sampled every 500 ms, from after its source is stored in OPFS.
    await page.evaluate((v) => (window as unknown as { exportBench: { prepare(v: string): Promise<void> } }).exportBench.prepare(v), path.basename(long));
    const baseline = chromiumProcesses();
    let peak = baseline;
    const peakByRole: Record<string, number> = {};
    let peakPss = sumOf(baseline, 'pssKiB');
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const now = chromiumProcesses();
        if (sumOf(now, 'rssKiB') > sumOf(peak, 'rssKiB')) peak = now;
        peakPss = Math.max(peakPss, sumOf(now, 'pssKiB'));
        for (const [role, r] of Object.entries(rssByRole(now))) peakByRole[role] = Math.max(peakByRole[role] ?? 0, r.rssKiB);
        await new Promise((r) => setTimeout(r, 500));
      }
    })();
    const longRun = await run(long, true, 1080, LONG_S);
    sampling = false;
    await sampler;
    const growthMB = mb(sumOf(peak, 'rssKiB') - sumOf(baseline, 'rssKiB'));
    const pssGrowthMB = mb(peakPss - sumOf(baseline, 'pssKiB'));
    const atPeak = roleFigures(peak, baseline);
    const baselineByRole = Object.fromEntries(Object.entries(rssByRole(baseline)).map(([role, r]) => [role, mb(r.rssKiB)]));
    const peakRoleGrowth = Object.fromEntries(Object.entries(peakByRole).map(([role, k]) => [role, mb(k - (rssByRole(baseline)[role]?.rssKiB ?? 0))]));
    log(`long 1080p30 ${LONG_S} s with overlay: ${round(longRun.ms / 1000, 1)} s (${fps(longRun)} fps), Chromium RSS ${mb(sumOf(baseline, 'rssKiB'))} MB before, peak growth ${growthMB} MB (PSS ${pssGrowthMB} MB)`);
    for (const [role, line] of Object.entries(atPeak)) log(`  at the peak, ${role}: ${line}`);
    log(`  each role's own peak growth (RSS MB): ${JSON.stringify(peakRoleGrowth)}`);
    const loadAfter = loadavg()[0];
    log(`overlay / bare at 720p30: ${round(ratio, 3)}x (goal <= 1.25); load average ${round(loadBefore, 2)} -> ${round(loadAfter, 2)}`);
    return {
      input: `ffmpeg testsrc2 + 48 kHz AAC, H.264 ultrafast 8 Mbit/s; clips ${CLIP_S} s, long ${LONG_S} s`,
      codec: overlay[0].codec,
      overlayOverBareRatio720p30: round(ratio, 3),
      fps720p30: { overlay: overlay.map(fps), bare: bare.map(fps) },
      fps1080p30: { overlay: fps(o1080), bare: fps(b1080) },
      profile: PROFILE,
      long1080p30: {
        seconds: LONG_S,
        wallS: round(longRun.ms / 1000, 1),
        fps: fps(longRun),
        rssBaselineMB: mb(sumOf(baseline, 'rssKiB')),
        peakRssGrowthMB: growthMB,
        peakPssGrowthMB: pssGrowthMB,
        rssBaselineByRoleMB: baselineByRole,
        peakRssGrowthByRoleMB: peakRoleGrowth,
        atPeakByRole: atPeak,
        bytes: longRun.bytes,
      },
      audioKept: overlay[0].audioKept,
      goals: { overlayOverBareRatio: 1.25, fps720p30: 30, peakRssGrowthMBFor600s: 300 },
      loadAverage1m: { before: round(loadBefore, 2), after: round(loadAfter, 2) },
    };
  } finally {
    await browser.close();
    server.close();
    if (profile) rmSync(profile, { recursive: true, force: true });
  }
}
