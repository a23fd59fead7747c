#!/usr/bin/env node
/**
 * `npm test`: the whole suite, in the order that fails fastest.
 *   1. type check (app, worker, server, tests), lint (import boundaries, no import cycles) and knip (no unused
 *      files, exports or dependencies; then again in production mode, tests not counted as users), two at a time
 *   2. unit tests (Vitest, Node)
 *   3. server tests on PGlite, then again on PostgreSQL when one answers
 *      (TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test; set it to 'off' to skip)
 *   4. production build, then browser end-to-end tests in Debian's Chromium
 * Ends with each stage's wall time and share of the cores busy (and the load average, as the machine may be
 * shared), then one line 'N passed, N failed' summed over every Vitest run, and exits non-zero on any failure.
 * `npm test -- --quick` skips the build and the browser tests.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import net from 'node:net';

const quick = process.argv.includes('--quick');
const out = mkdtempSync(join(tmpdir(), 'astro-test-'));
let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];
/** Every failed test's stage, file and name, printed again at the very end (CI keeps only the tail of the log). */
const failedTests = [];
/** Each stage's label, wall time (s) and result, for the summary at the end. */
const stages = [];
const loadAtStart = loadavg()[0];
const suiteStarted = Date.now();
const suiteCpuFrom = cpuTimes();

/**
 * The machine's CPU time so far (jiffies, all cores: busy and in all) from /proc/stat, or undefined off Linux. Over a
 * stage, busy / all says whether its cores were kept at work: a stage far under 100 % leaves room for another.
 */
function cpuTimes() {
  try {
    const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
    // user nice system idle iowait irq softirq steal (guest time is already counted in user).
    const [user, nice, system, idle, iowait, irq, softirq, steal] = fields.map(Number);
    const busy = user + nice + system + irq + softirq + steal;
    return { busy, all: busy + idle + iowait };
  } catch {
    return undefined;
  }
}

/** The share of the machine's CPU time busy since `from` (a cpuTimes()), in per cent. */
function busySince(from) {
  const to = cpuTimes();
  return from && to && to.all > from.all ? (100 * (to.busy - from.busy)) / (to.all - from.all) : undefined;
}

function stageDone(label, started, ok, indent = false, cpuFrom = undefined) {
  const seconds = (Date.now() - started) / 1000;
  stages.push({ label, seconds, ok, indent, busy: busySince(cpuFrom) });
  return seconds;
}

function run(label, cmd, args, env = {}) {
  const started = Date.now();
  const cpuFrom = cpuTimes();
  console.log(`\n=== ${label}: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = stageDone(label, started, r.status === 0, false, cpuFrom);
  console.log(`=== ${label}: ${r.status === 0 ? 'ok' : `FAILED (exit ${r.status})`} in ${seconds.toFixed(1)} s`);
  if (r.status !== 0) failures.push(label);
  return r.status === 0;
}

function vitest(label, project, env = {}, slowest = 0) {
  const file = join(out, `${label.replace(/\W+/g, '-')}.json`);
  run(label, 'npx', ['vitest', 'run', '--project', project, '--passWithNoTests', '--reporter=default', '--reporter=json', `--outputFile=${file}`], env);
  if (existsSync(file)) {
    const j = JSON.parse(readFileSync(file, 'utf8'));
    passed += j.numPassedTests ?? 0;
    // A suite that fails to load has no failed test of its own: count it once.
    failed += j.numFailedTests || j.numFailedTestSuites || 0;
    skipped += (j.numPendingTests ?? 0) + (j.numTodoTests ?? 0);
    for (const f of j.testResults ?? []) {
      const name = relative(process.cwd(), f.name);
      const bad = (f.assertionResults ?? []).filter((a) => a.status === 'failed');
      for (const a of bad) failedTests.push(`${label}: ${name} > ${a.fullName ?? a.title}: ${String(a.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 200)}`);
      if (!bad.length && f.status === 'failed') failedTests.push(`${label}: ${name}: ${String(f.message ?? '').split('\n')[0].slice(0, 200)}`);
    }
    if (slowest) {
      // The slowest files, where to look first when the stage grows.
      const files = (j.testResults ?? []).map((f) => ({ name: relative(process.cwd(), f.name), seconds: (f.endTime - f.startTime) / 1000, ok: f.status === 'passed' }));
      for (const f of files.sort((a, b) => b.seconds - a.seconds).slice(0, slowest)) stages.push({ label: f.name, seconds: f.seconds, ok: f.ok, indent: true });
    }
  } else {
    failed += 1;
  }
}

function pgReachable(url) {
  return new Promise((resolve) => {
    try {
      const u = new URL(url);
      const s = net.connect({ host: u.hostname, port: Number(u.port || 5432) });
      s.setTimeout(1500);
      s.on('connect', () => (s.destroy(), resolve(true)));
      s.on('error', () => resolve(false));
      s.on('timeout', () => (s.destroy(), resolve(false)));
    } catch {
      resolve(false);
    }
  });
}

/**
 * Runs the steps two at a time (ESLint and knip are single-threaded: one at a time leaves a core idle), each
 * step's output held and printed whole when it ends, so that two steps' lines do not interleave.
 */
async function runInPairs(steps) {
  const queue = [...steps];
  const worker = async () => {
    for (let step = queue.shift(); step; step = queue.shift()) {
      const [label, cmd, args] = step;
      const started = Date.now();
      const child = spawn(cmd, args, { env: process.env });
      let output = '';
      child.stdout.on('data', (d) => (output += d));
      child.stderr.on('data', (d) => (output += d));
      const status = await new Promise((resolve) => child.on('close', (code) => resolve(code)));
      process.stdout.write(`\n=== ${label}: ${cmd} ${args.join(' ')}\n${output}`);
      const seconds = stageDone(label, started, status === 0, true);
      console.log(`=== ${label}: ${status === 0 ? 'ok' : `FAILED (exit ${status})`} in ${seconds.toFixed(1)} s`);
      if (status !== 0) failures.push(label);
    }
  };
  await Promise.all([worker(), worker()]);
}

// The four type checks of package.json's "typecheck", lint and knip, the longest first (on a fresh clone: lint
// ~40 s, the type checks of the tests ~11-22, knip ~7, of the app ~6-11, knip in production mode ~4, of the server
// ~3-5, of the workers ~1 s on 2 cores), so that the two queues end close together. The type checks run TypeScript 7
// (the compiler written in Go, `typescript-go` in package.json; `typescript` 5.9 stays for typescript-eslint and
// knip, which load its JavaScript API): the same diagnostics as tsc 5.9 on this code, and on files with planted
// errors in each of the four projects, for 36-42 CPU seconds over the four without an incremental cache, against
// 86-105 for tsc 5.9 (two runs each, one after the other).
const tsc = (project) => ['node', ['node_modules/typescript-go/bin/tsc', '-p', project]];
const started = Date.now();
const checksCpuFrom = cpuTimes();
await runInPairs([
  ['lint', 'npm', ['run', '--silent', 'lint']],
  ['knip', 'npm', ['run', '--silent', 'knip']],
  ['typecheck (tests)', ...tsc('tests/tsconfig.json')],
  ['knip (production)', 'npm', ['run', '--silent', 'knip:production']],
  ['typecheck (app)', ...tsc('tsconfig.json')],
  ['typecheck (server)', ...tsc('server/tsconfig.json')],
  ['typecheck (workers)', ...tsc('workers/tsconfig.json')],
]);
// The group's own line goes before its steps' in the summary.
const checkSteps = stages.splice(0);
stages.push({ label: 'typecheck, lint and knip (two at a time)', seconds: (Date.now() - started) / 1000, ok: checkSteps.every((st) => st.ok), busy: busySince(checksCpuFrom) }, ...checkSteps);
console.log(`=== typecheck, lint and knip: ${stages[0].seconds.toFixed(1)} s`);
vitest('unit', 'unit*');
vitest('server (PGlite)', 'server', { DATABASE_URL: '' });
const pgUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
if (pgUrl !== 'off' && (await pgReachable(pgUrl))) {
  vitest('server (PostgreSQL)', 'server', { DATABASE_URL: pgUrl });
} else {
  console.log(`\n=== server (PostgreSQL): skipped, nothing answers at ${pgUrl}`);
  stages.push({ label: 'server (PostgreSQL): skipped', seconds: 0, ok: true });
}
if (!quick) {
  if (run('build', 'npm', ['run', '--silent', 'build'])) vitest('e2e', 'e2e', {}, 6);
  else failed += 1;
}

console.log(`\n=== Stage times (wall clock, ${availableParallelism()} cores; load average ${loadAtStart.toFixed(2)} at the start, ${loadavg()[0].toFixed(2)} at the end; cpu: the machine's cores busy over the stage)`);
const cpuColumn = (busy) => (busy === undefined ? '' : `  cpu ${busy.toFixed(0).padStart(3)} %`);
for (const st of stages) console.log(`${st.indent ? '    ' : '  '}${st.label.padEnd(st.indent ? 40 : 42)}${st.seconds.toFixed(1).padStart(8)} s  ${st.ok ? 'ok    ' : 'FAILED'}${cpuColumn(st.busy)}`);
console.log(`  ${'total'.padEnd(42)}${((Date.now() - suiteStarted) / 1000).toFixed(1).padStart(8)} s        ${cpuColumn(busySince(suiteCpuFrom))}`);
if (failures.length) console.log(`\nFailed steps: ${failures.join(', ')}`);
if (failedTests.length) console.log(`\nFailed tests:\n${failedTests.map((t) => `  ${t}`).join('\n')}`);
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failures.length || failed ? 1 : 0);
