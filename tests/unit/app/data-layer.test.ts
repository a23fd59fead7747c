import { describe, expect, it, vi } from 'vitest';
import type { SyncNotice } from '../../../src/data/sync/sync-notices';

/** The real data layer (Dexie, API, sync engine) is replaced by a fake whose notices the test emits. */
const boot = vi.hoisted(() => ({ imported: 0, started: [] as unknown[], emit: null as null | ((n: SyncNotice) => void) }));
vi.mock('../../../src/app/data-boot', () => {
  boot.imported++;
  return {
    appAuth: {},
    startData: (router: unknown) => boot.started.push(router),
    watchSyncNotices: (show: (n: SyncNotice) => void) => {
      boot.emit = show;
      return () => undefined;
    },
  };
});

import { loadDataLayer, setDataLayerRouter, watchSyncNotices } from '../../../src/app/data-layer';

describe('the shell door to the lazily loaded data layer', () => {
  it('takes sync notice subscribers before the load, starts the layer once with the router and forwards its notices', async () => {
    const seen: unknown[] = [];
    const stop = watchSyncNotices((n) => seen.push(n.message));
    expect(boot.imported).toBe(0);
    const router = { name: 'router' };
    setDataLayerRouter(router as never);
    await Promise.all([loadDataLayer(), loadDataLayer()]);
    expect(boot.imported).toBe(1);
    expect(boot.started).toEqual([router]);
    boot.emit?.({ tone: 'success', message: 'sessionUploaded' });
    stop();
    boot.emit?.({ tone: 'success', message: 'sessionUpdateFailed' });
    expect(seen).toEqual(['sessionUploaded']);
  });
});
