import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { User } from '../../../src/contracts/entities';
import { ApiError } from '../../../src/data/api/api-error';
import { AstroDb } from '../../../src/data/db/database';
import { createDeviceVersionRepository, shownFirmwareVersion } from '../../../src/data/repositories/device-version-repository';

let db: AstroDb;
afterEach(async () => {
  await db?.delete();
});

const userWith = (firmwareVersion: string | null): User => ({
  id: 7, email: 'ana@example.com', firstName: 'Ana', lastName: 'Silva', birthdate: null, countryId: null, licenceId: null, active: true,
  verified: true, firmwareVersion, role: 'user', createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z',
});

/** A repository whose server is offline until `online` is set; records what reached it. */
function setup() {
  db = new AstroDb(`dv-${Math.random()}`);
  const net = { online: false, sent: [] as Array<[number, string]>, saved: [] as User[] };
  let tick = 0;
  const repo = createDeviceVersionRepository({
    db: () => db,
    send: async (userId, version) => {
      if (!net.online) throw new ApiError('NETWORK', 'Failed to fetch', 0);
      net.sent.push([userId, version]);
      return userWith(version);
    },
    saveUser: async (u) => {
      net.saved.push(u);
    },
    currentUserId: () => 7,
    now: () => new Date(Date.UTC(2026, 4, 1, 10, 0, tick++)),
  });
  return { repo, net };
}

describe('firmware version ASTRO reported', () => {
  it('is kept at once while offline and shown as not sent yet', async () => {
    const { repo, net } = setup();
    await repo.record('1.5.0');
    expect(net.sent).toEqual([]);
    const seen = await repo.seen(7);
    expect(seen).toMatchObject({ version: '1.5.0', sent: false });
    // The profile shows it over the server's older copy until the server has it.
    expect(shownFirmwareVersion(userWith('1.4.0'), seen)).toEqual({ version: '1.5.0', unsent: true });
  });

  it('is sent once when back online, and the profile then follows the server', async () => {
    const { repo, net } = setup();
    await repo.record('1.4.0');
    await repo.record('1.5.0'); // updated at the track: only the newest goes out
    net.online = true;
    expect(await repo.flush()).toBe(true);
    expect(net.sent).toEqual([[7, '1.5.0']]);
    expect(net.saved.map((u) => u.firmwareVersion)).toEqual(['1.5.0']);
    expect(await repo.seen(7)).toMatchObject({ version: '1.5.0', sent: true });
    expect(await repo.flush()).toBe(true);
    expect(net.sent).toHaveLength(1);
    // Another device reported a newer one since: the server's answer wins once ours was sent.
    expect(shownFirmwareVersion(userWith('1.6.0'), await repo.seen(7))).toEqual({ version: '1.6.0', unsent: false });
  });

  it('sends at once when online and does not send the same version again', async () => {
    const { repo, net } = setup();
    net.online = true;
    await repo.record('1.5.0');
    await repo.record('1.5.0');
    expect(net.sent).toEqual([[7, '1.5.0']]);
    await repo.record(' ');
    expect(net.sent).toHaveLength(1);
  });

  it('shows nothing before ASTRO was ever seen, and the server copy when this device saw none', () => {
    expect(shownFirmwareVersion(null, null)).toEqual({ version: null, unsent: false });
    expect(shownFirmwareVersion(userWith(null), null)).toEqual({ version: null, unsent: false });
    expect(shownFirmwareVersion(userWith('1.5.0'), null)).toEqual({ version: '1.5.0', unsent: false });
  });
});
