import { describe, expect, it } from 'vitest';
import { threadProfile } from '../../bench/trace-profile';
import type { TraceEvent } from '../../bench/bench-browser';

const frame = (functionName: string, line = 0) => ({ functionName, url: 'http://127.0.0.1/assets/worker.js', lineNumber: line });

/** A worker thread (pid 1, tid 2) and a main thread (tid 3), each with a profile of root -> a -> b (-> a again). */
function trace(): TraceEvent[] {
  const profile = (tid: number, id: string): TraceEvent[] => [
    { name: 'Profile', ph: 'P', pid: 1, tid, ts: 0, id } as TraceEvent,
    {
      name: 'ProfileChunk',
      ph: 'P',
      pid: 1,
      tid: 9,
      ts: 1,
      id,
      args: {
        data: {
          cpuProfile: {
            nodes: [
              { id: 1, callFrame: { functionName: '(root)' } },
              { id: 2, parent: 1, callFrame: frame('a', 10) },
              { id: 3, parent: 2, callFrame: frame('b', 20) },
              { id: 4, parent: 3, callFrame: frame('a', 10) },
              { id: 5, parent: 1, callFrame: { functionName: '(idle)' } },
            ],
            // b, b, a (inside b), a, idle; each sample lasts until the next one (the last has no end, so no time).
            samples: [3, 3, 4, 2, 5, 5],
          },
          timeDeltas: [0, 1000, 2000, 500, 4000, 1500],
        },
      },
    } as TraceEvent,
  ];
  return [
    { name: 'thread_name', ph: 'M', pid: 1, tid: 2, ts: 0, args: { name: 'DedicatedWorker thread' } },
    { name: 'thread_name', ph: 'M', pid: 1, tid: 3, ts: 0, args: { name: 'CrRendererMain' } },
    ...profile(2, '0x1'),
    ...profile(3, '0x2'),
  ];
}

describe('CPU profile of a trace thread', () => {
  it('gives each function its own samples as self time and, once per sample however deep it recurses, its callees as total time', () => {
    const p = threadProfile(trace(), /^DedicatedWorker thread$/);
    expect(p.sampledMs).toBe(9);
    expect(p.self).toEqual([
      { name: 'a worker.js:10', ms: 4.5 },
      { name: 'b worker.js:20', ms: 3 },
      { name: '(idle)', ms: 1.5 },
    ]);
    expect(p.total).toEqual([
      { name: '(root)', ms: 9 },
      { name: 'a worker.js:10', ms: 7.5 },
      { name: 'b worker.js:20', ms: 3.5 },
      { name: '(idle)', ms: 1.5 },
    ]);
  });

  it('reads only the threads named, and lists the top functions asked for', () => {
    expect(threadProfile(trace(), /^CrRendererMain$/).sampledMs).toBe(9);
    expect(threadProfile(trace(), /^Compositor$/)).toEqual({ sampledMs: 0, self: [], total: [] });
    expect(threadProfile(trace(), /Worker|Main/, 1).total).toEqual([{ name: '(root)', ms: 18 }]);
  });
});
