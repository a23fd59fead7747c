/** Test rig: a simulated ASTRO on a virtual clock, its transport, a recording sink, and the controller. */
import { VirtualClock } from '../../helpers/virtual-clock';
import { AstroController, type DeviceEvent } from '../../../src/device/flows/astro-controller';
import type { DownloadedSession, SessionSink } from '../../../src/device/sink';
import { SimulatedAstro, type SimulatedAstroOptions, type StoredSession } from '../../../src/device/simulated/simulated-astro';
import { SimulatedTransport } from '../../../src/device/simulated/simulated-transport';
import { utf8 } from '../../../src/device/protocol/text';
import { StorageError } from '../../../src/data/storage/storage-error';

export class RecordingSink implements SessionSink {
  readonly saved: DownloadedSession[] = [];
  failNext = false;
  /** The next save fails as the app's repository does on a full disk (StorageError code QUOTA_EXCEEDED). */
  fullNext = false;
  async save(session: DownloadedSession, stored?: () => void): Promise<void> {
    if (this.failNext) {
      this.failNext = false;
      throw new Error('the database refused the write');
    }
    if (this.fullNext) {
      this.fullNext = false;
      throw new StorageError('QUOTA_EXCEEDED', 'Not enough storage space to save the session. Free some space and try again.');
    }
    this.saved.push({ filename: session.filename, laps: session.laps.slice(), nmea: session.nmea.slice() });
    stored?.();
  }
}

/** A session whose files span several chunks; text chosen to contain `_`, `;` and newlines. */
export function fakeSession(filename: string, nmeaLines = 120): StoredSession {
  const laps = utf8('1;0;15000;0;0;0;80.00;20.00\n2;1;60000;20000;20000;20000;110.50;30.25\n3;2;70000;23000;24000;23000;100.00;25.00\n');
  let nmea = '';
  for (let i = 0; i < nmeaLines; i++) nmea += `${i < 20 ? 0 : i < 70 ? 1 : 2};${i * 40};41.53${String(i).padStart(5, '0')};-8.45${String(i).padStart(5, '0')};${(60 + (i % 30)).toFixed(2)}\n`;
  return { filename, laps, nmea: utf8(nmea) };
}

export function rig(options: SimulatedAstroOptions = {}) {
  const clock = new VirtualClock();
  const device = new SimulatedAstro({ clock, ...options });
  const transport = new SimulatedTransport(device);
  const sink = new RecordingSink();
  const logs: string[] = [];
  const controller = new AstroController({ transport, sink, clock, log: (m) => logs.push(m) });
  const events: DeviceEvent[] = [];
  controller.onEvent((e) => events.push(e));
  return { clock, device, transport, sink, controller, events, logs };
}

/** Lets the virtual clock and the microtask queue run until `done()` holds (or fails after many turns). */
export async function until(done: () => boolean, turns = 20000): Promise<void> {
  for (let i = 0; i < turns; i++) {
    if (done()) return;
    await new Promise((r) => setTimeout(r, 0));
  }
  throw new Error('condition not reached');
}

/** Lets everything pending settle (a fixed number of macrotask turns). */
export async function settle(turns = 200): Promise<void> {
  for (let i = 0; i < turns; i++) await new Promise((r) => setTimeout(r, 0));
}
