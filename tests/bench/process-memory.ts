/**
 * Resident memory of a browser's processes, from /proc (Linux): the processes are found as descendants of this
 * Node process (Playwright starts Chromium as a child), each named by its Chromium role (`--type=` and
 * `--utility-sub-type=` on its command line), so a growth can be laid at the right process's door.
 */
import { readdirSync, readFileSync } from 'node:fs';

/**
 * Resident memory of one process, KiB: anonymous (heap), file-backed and shared-memory pages (VmRSS = the three),
 * and the proportional share (PSS: a page shared by n processes counts 1/n in each, so PSS sums without counting
 * the frames the GPU, renderer and utility processes share several times).
 */
export interface ProcessRss {
  pid: number;
  /** 'browser', 'renderer', 'gpu-process', 'utility:storage.mojom.StorageService', 'zygote', ... */
  role: string;
  rssKiB: number;
  anonKiB: number;
  fileKiB: number;
  shmemKiB: number;
  pssKiB: number;
}

const readOr = (file: string): string => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
};

/** The pids descending from `root` (the root excluded), read from /proc/<pid>/stat's parent field. */
function descendants(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    // The parent pid is the 2nd field after the command name, which sits in parentheses and may hold spaces.
    const stat = readOr(`/proc/${name}/stat`);
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (!Number.isFinite(ppid)) continue;
    const list = children.get(ppid) ?? [];
    list.push(Number(name));
    children.set(ppid, list);
  }
  const out: number[] = [];
  const queue = [root];
  while (queue.length > 0) {
    for (const c of children.get(queue.shift()!) ?? []) {
      out.push(c);
      queue.push(c);
    }
  }
  return out;
}

/** A Chromium process's role from its command line; null when it is not Chromium. */
function roleOf(pid: number): string | null {
  // Chromium rewrites its command line (setproctitle): the arguments may be joined by spaces instead of NULs.
  const args = readOr(`/proc/${pid}/cmdline`).split(/[\0 ]/);
  if (!/chrom/i.test(args[0] ?? '')) return null;
  const flag = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const type = flag('type');
  if (!type) return 'browser';
  const sub = flag('utility-sub-type');
  return sub ? `${type}:${sub}` : type;
}

const kib = (status: string, field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);

/** Every Chromium process under this Node process, with its resident memory now. */
export function chromiumProcesses(): ProcessRss[] {
  const out: ProcessRss[] = [];
  for (const pid of descendants(process.pid)) {
    const role = roleOf(pid);
    if (!role) continue;
    const status = readOr(`/proc/${pid}/status`);
    if (!status) continue;
    const pssKiB = kib(readOr(`/proc/${pid}/smaps_rollup`), 'Pss');
    out.push({ pid, role, rssKiB: kib(status, 'VmRSS'), anonKiB: kib(status, 'RssAnon'), fileKiB: kib(status, 'RssFile'), shmemKiB: kib(status, 'RssShmem'), pssKiB });
  }
  return out;
}

/** Resident memory summed by role, KiB (several renderers or utilities add up under one role). */
export function rssByRole(processes: readonly ProcessRss[]): Record<string, ProcessRss> {
  const out: Record<string, ProcessRss> = {};
  for (const p of processes) {
    const r = (out[p.role] ??= { pid: p.pid, role: p.role, rssKiB: 0, anonKiB: 0, fileKiB: 0, shmemKiB: 0, pssKiB: 0 });
    r.rssKiB += p.rssKiB;
    r.anonKiB += p.anonKiB;
    r.fileKiB += p.fileKiB;
    r.shmemKiB += p.shmemKiB;
    r.pssKiB += p.pssKiB;
  }
  return out;
}
