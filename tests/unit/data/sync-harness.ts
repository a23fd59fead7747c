import 'fake-indexeddb/auto';
import type { SessionSummary } from '../../../src/contracts/entities';
import { ApiError } from '../../../src/data/api/api-error';
import type { SessionPatch, SessionPatchResult, SessionWrite } from '../../../src/data/api/sessions';
import { readSessionUpload } from '../../../src/contracts/session-upload';
import { AstroDb } from '../../../src/data/db/database';
import { createSessionsRepository } from '../../../src/data/repositories/sessions-repository';
import type { Analyser } from '../../../src/data/repositories/sessions-repository-types';
import { createOutboxStore } from '../../../src/data/sync/outbox-store';
import { SyncEngine } from '../../../src/data/sync/sync-engine';
import type { SyncEvent, SyncTransport } from '../../../src/data/sync/sync-types';

/**
 * A test bench for the sync engine: a real Dexie database on fake-indexeddb, the real outbox store and
 * sessions repository, a fake sessions server that deduplicates POSTs on (user, filename) like the real one,
 * a manual clock with timers, and a network switch.
 */

class ManualClock {
  t = 1_800_000_000_000;
  private timers: { at: number; fn: () => void; id: number }[] = [];
  private seq = 0;
  now = () => this.t;
  setTimeout = (fn: () => void, ms: number) => {
    const id = ++this.seq;
    this.timers.push({ at: this.t + ms, fn, id });
    return id;
  };
  clearTimeout = (h: unknown) => {
    this.timers = this.timers.filter((x) => x.id !== h);
  };
  /** The time of the next pending timer, or null. */
  nextTimerAt(): number | null {
    return this.timers.length ? Math.min(...this.timers.map((x) => x.at)) : null;
  }
  /** Moves time forward, firing due timers in order. */
  advance(ms: number): void {
    const end = this.t + ms;
    for (;;) {
      const due = this.timers.filter((x) => x.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.timers = this.timers.filter((x) => x !== due);
      this.t = due.at;
      due.fn();
    }
    this.t = end;
  }
}

class Network {
  online = true;
  private listeners = new Set<() => void>();
  isOnline = () => this.online;
  onOnline = (l: () => void) => {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  };
  goOffline(): void {
    this.online = false;
  }
  goOnline(): void {
    this.online = true;
    for (const l of this.listeners) l();
  }
}

/** A status, a kind of failure, or the exact error the server answers with. */
type Fault = number | 'network' | 'timeout' | 'timeout-after-store' | 'hang-after-store' | 'unauthorized' | ApiError;

/** The server side: rows per (user, filename); counts every request. */
class FakeSessionsServer {
  rows = new Map<string, SessionSummary & { laps: string; coordinates: string }>();
  posts = 0;
  /** The `date` of every create body, as sent. */
  sentDates: string[] = [];
  patches: { id: number; body: SessionPatch }[] = [];
  /** Every PUT that reached the server: the session id and the laps text it carried. */
  puts: { id: number; laps: string }[] = [];
  deletes: number[] = [];
  faults: Fault[] = [];
  /** When set, PATCH answers conflict: true (someone else changed the row). */
  changedElsewhere = false;
  private nextId = 100;
  reachable = true;
  constructor(private readonly clock: ManualClock) {}

  private fault(store?: () => void): Promise<never> | null {
    if (!this.reachable) return Promise.reject(new ApiError('NETWORK', 'Failed to fetch'));
    const f = this.faults.shift();
    if (f === undefined) return null;
    if (f instanceof ApiError) return Promise.reject(f);
    if (f === 'network') return Promise.reject(new ApiError('NETWORK', 'Failed to fetch'));
    if (f === 'timeout') return Promise.reject(new ApiError('TIMEOUT', 'No answer within 300 s'));
    if (f === 'timeout-after-store') {
      store?.();
      return Promise.reject(new ApiError('TIMEOUT', 'No answer within 300 s'));
    }
    if (f === 'hang-after-store') {
      store?.();
      return new Promise<never>(() => undefined);
    }
    if (f === 'unauthorized') return Promise.reject(new ApiError('UNAUTHORIZED', 'Unauthorized', 401, { message: 'Unauthorized', code: 'UNAUTHORIZED' }));
    return Promise.reject(new ApiError(f >= 500 ? 'INTERNAL' : 'VALIDATION', f >= 500 ? 'Internal Server Error' : 'Invalid request body', f, { message: 'x', code: 'x' }));
  }

  private store(body: SessionWrite): SessionSummary {
    const existing = this.rows.get(body.filename);
    if (existing) return existing;
    const stamp = new Date(this.clock.now()).toISOString();
    const row = {
      id: this.nextId++,
      name: body.name,
      filename: body.filename,
      userId: 7,
      circuitId: body.circuitId ?? null,
      vehicleCategoryId: body.vehicleCategoryId ?? null,
      date: new Date(body.date).toISOString(),
      favorite: body.favorite ?? false,
      weatherConditions: body.weatherConditions ?? null,
      lapsBytes: body.laps.length,
      coordinatesBytes: body.coordinates.length,
      bestLapMs: null,
      lapCount: 0,
      circuit: null,
      vehicleCategory: null,
      user: { firstName: 'Ana' },
      visibility: 'private' as const,
      createdAt: stamp,
      updatedAt: stamp,
      laps: body.laps,
      coordinates: body.coordinates,
    };
    this.rows.set(body.filename, row);
    return row;
  }

  private summary(row: SessionSummary & { laps?: string; coordinates?: string }): SessionSummary {
    const { laps: _l, coordinates: _c, ...s } = row;
    return s;
  }

  transport(): SyncTransport {
    return {
      create: async (upload) => {
        // The outbox hands over the stored Blobs; the real transport reads them the same way.
        const body = await readSessionUpload(upload);
        this.posts++;
        this.sentDates.push(body.date);
        const f = this.fault(() => this.store(body));
        if (f) return f;
        return this.summary(this.store(body));
      },
      replace: async (id, upload) => {
        const body = await readSessionUpload(upload);
        const f = this.fault();
        if (f) return f;
        const row = [...this.rows.values()].find((r) => r.id === id);
        if (!row) throw new ApiError('NOT_FOUND', 'Session not found.', 404);
        this.puts.push({ id, laps: body.laps });
        Object.assign(row, {
          name: body.name,
          laps: body.laps,
          coordinates: body.coordinates,
          lapsBytes: body.laps.length,
          coordinatesBytes: body.coordinates.length,
          favorite: body.favorite ?? false,
          weatherConditions: body.weatherConditions ?? null,
          updatedAt: new Date(this.clock.now() + 1).toISOString(),
        });
        return this.summary(row);
      },
      patch: async (id, body) => {
        const f = this.fault();
        if (f) return f;
        this.patches.push({ id, body });
        const row = [...this.rows.values()].find((r) => r.id === id);
        if (!row) throw new ApiError('NOT_FOUND', 'Session not found.', 404);
        const { baseUpdatedAt: _b, ...changes } = body;
        Object.assign(row, changes, { updatedAt: new Date(this.clock.now() + 1).toISOString() });
        const result: SessionPatchResult = { ...this.summary(row), conflict: this.changedElsewhere };
        return result;
      },
      remove: async (id) => {
        const f = this.fault();
        if (f) return f;
        this.deletes.push(id);
        const row = [...this.rows.values()].find((r) => r.id === id);
        if (!row) throw new ApiError('NOT_FOUND', 'Session not found.', 404);
        this.rows.delete(row.filename);
      },
      findServerId: async (filename) => {
        const f = this.fault();
        if (f) return f;
        return this.rows.get(filename)?.id ?? null;
      },
    };
  }
}

export const LAPS = '1;0;0;0;0;0;0;0\n2;1;61234;20000;21000;20234;98.5;41.2\n3;2;60500;19900;20800;19800;99.1;42.0\n';
export const NMEA = '1;0;41.1;-8.1;50.5\n1;40;41.2;-8.2;51.5\n';

export interface Bench {
  db: AstroDb;
  clock: ManualClock;
  network: Network;
  server: FakeSessionsServer;
  repo: ReturnType<typeof createSessionsRepository>;
  engine: SyncEngine;
  events: SyncEvent[];
  user: { id: number | null };
  /** A second engine on the same database (another tab, or the tab reopened). */
  newTab(): { engine: SyncEngine; events: SyncEvent[] };
  close(): Promise<void>;
}

/**
 * navigator.locks as the engines see it, for one origin: one holder at a time; `drop()` is the browser releasing
 * the lock of a tab that closed while holding it.
 */
export class FakeSyncLock {
  private held = false;
  readonly withLock = async (fn: (exclusive: boolean) => Promise<void>): Promise<boolean> => {
    if (this.held) return false;
    this.held = true;
    try {
      await fn(true);
    } finally {
      this.held = false;
    }
    return true;
  };
  drop(): void {
    this.held = false;
  }
}

/** `wrapTransport`: changes the engines' transport (e.g. holds a request in flight until the test releases it). */
export function createBench(
  options: { analyse?: Analyser | null; dbName?: string; lock?: FakeSyncLock; wrapTransport?: (t: SyncTransport) => SyncTransport } = {},
): Bench {
  const db = new AstroDb(options.dbName ?? `sync-${Math.random()}`);
  const clock = new ManualClock();
  const network = new Network();
  const server = new FakeSessionsServer(clock);
  const user = { id: 7 as number | null };
  const makeEngine = () => {
    const events: SyncEvent[] = [];
    const engine = new SyncEngine({
      store: createOutboxStore(() => db),
      transport: options.wrapTransport ? options.wrapTransport(server.transport()) : server.transport(),
      clock,
      network,
      currentUserId: () => user.id,
      random: () => 0.5,
      withLock: options.lock?.withLock,
    });
    engine.subscribe((e) => events.push(e));
    return { engine, events };
  };
  const main = makeEngine();
  const engines = [main.engine];
  const repo = createSessionsRepository({
    db: () => db,
    api: {
      list: async () => [...server.rows.values()].map(({ laps: _l, coordinates: _c, ...s }) => s),
      get: async (id) => {
        const row = [...server.rows.values()].find((r) => r.id === id);
        if (!row) throw new ApiError('NOT_FOUND', 'Session not found.', 404);
        return row;
      },
    },
    currentUserId: () => user.id,
    analyse: options.analyse === undefined ? null : options.analyse,
    now: clock.now,
    // As in the app: a queued write kicks the engine.
    onQueued: () => void main.engine.kick(),
  });
  return {
    db,
    clock,
    network,
    server,
    repo,
    engine: main.engine,
    events: main.events,
    user,
    newTab() {
      const t = makeEngine();
      engines.push(t.engine);
      return t;
    },
    async close() {
      for (const e of engines) e.stop();
      await db.delete();
    },
  };
}

/** Lets pending promise chains (Dexie transactions, engine runs) settle. */
export async function settle(rounds = 20): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise((r) => setTimeout(r, 0));
}
