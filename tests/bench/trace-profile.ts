/**
 * Where a thread's time went, from a Chromium trace recorded with the 'disabled-by-default-v8.cpu_profiler'
 * category: V8 samples every thread's stack (about every 0.1-1 ms) and the trace carries the samples as Profile and
 * ProfileChunk events. Figures are ms of samples by function: 'self' where the function itself was running,
 * 'total' with everything it called. Sampled time is wall time of the thread while it ran JavaScript: on a loaded
 * machine a function the thread was descheduled in looks slower, so compare shares within one profile.
 */
import type { TraceEvent } from './bench-browser';

/** The trace category that records the samples. */
export const CPU_PROFILE_CATEGORY = 'disabled-by-default-v8.cpu_profiler';

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url?: string; lineNumber?: number };
}

interface ChunkData {
  cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
  timeDeltas?: number[];
}

export interface FunctionTime {
  /** 'name file:line' (line 0-based as V8 gives it), or V8's own names: '(idle)', '(program)', '(garbage collector)'. */
  name: string;
  ms: number;
}

export interface ThreadProfile {
  /** ms of all the samples of the matching threads. */
  sampledMs: number;
  self: FunctionTime[];
  total: FunctionTime[];
}

function frameName(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  const file = url ? url.slice(url.lastIndexOf('/') + 1) : '';
  return file ? `${functionName || '(anonymous)'} ${file}:${lineNumber ?? -1}` : functionName || '(anonymous)';
}

const sorted = (times: Map<string, number>, top: number): FunctionTime[] =>
  [...times]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, ms]) => ({ name, ms: Math.round(ms * 10) / 10 }));

/**
 * The CPU profile of the threads whose name matches `threadName` (e.g. /^DedicatedWorker thread$/), summed over
 * them; the `top` functions by self and by total time. A sample's time is the gap to the thread's next sample.
 */
export function threadProfile(events: readonly TraceEvent[], threadName: RegExp, top = 25): ThreadProfile {
  const threads = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && threadName.test(String(e.args?.name ?? ''))).map((e) => `${e.pid}:${e.tid}`));
  const profiles = new Map<string, { nodes: Map<number, ProfileNode>; samples: number[]; deltas: number[] }>();
  const idOf = (e: TraceEvent) => `${e.pid}:${(e as TraceEvent & { id?: string }).id}`;
  for (const e of events) if (e.name === 'Profile' && threads.has(`${e.pid}:${e.tid}`)) profiles.set(idOf(e), { nodes: new Map(), samples: [], deltas: [] });
  for (const e of events) {
    const profile = e.name === 'ProfileChunk' ? profiles.get(idOf(e)) : undefined;
    if (!profile) continue;
    const data = (e.args?.data ?? {}) as ChunkData;
    for (const node of data.cpuProfile?.nodes ?? []) profile.nodes.set(node.id, node);
    profile.samples.push(...(data.cpuProfile?.samples ?? []));
    profile.deltas.push(...(data.timeDeltas ?? []));
  }
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  let sampledMs = 0;
  for (const { nodes, samples, deltas } of profiles.values()) {
    for (let i = 0; i < samples.length; i++) {
      const ms = (deltas[i + 1] ?? 0) / 1000;
      let node = nodes.get(samples[i]);
      if (!node) continue;
      sampledMs += ms;
      const own = frameName(node);
      self.set(own, (self.get(own) ?? 0) + ms);
      // Each function once per sample, however deep it recurses.
      const seen = new Set<string>();
      while (node) {
        const name = frameName(node);
        if (!seen.has(name)) total.set(name, (total.get(name) ?? 0) + ms);
        seen.add(name);
        node = node.parent === undefined ? undefined : nodes.get(node.parent);
      }
    }
  }
  return { sampledMs: Math.round(sampledMs * 10) / 10, self: sorted(self, top), total: sorted(total, top) };
}
