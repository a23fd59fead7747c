/**
 * Fault injection for the simulated ASTRO. Each fault fires once, at the first moment it matches.
 */
import type { CommandName } from '../protocol/commands';
import type { FileKind } from '../protocol/replies';

export type Fault =
  /** On the nth (1-based, default 1) write of `command`: drop the link, answer ERROR?p=code, or ignore it. */
  | { on: 'command'; command: CommandName; nth?: number; action: 'disconnect' | 'error' | 'ignore'; code?: string }
  /** When chunk `index` of a `kind` file is due: drop the link, answer ERROR, skip it (gap) or resend the previous (repeat). */
  | { on: 'chunk'; kind?: FileKind; filename?: string; index: number; action: 'disconnect' | 'error' | 'gap' | 'repeat'; code?: string }
  /** BOF announces `delta` more bytes than the file has. */
  | { on: 'bof'; kind?: FileKind; filename?: string; action: 'wrong-size'; delta?: number }
  /** Drop the link once at least `bytes` firmware bytes have arrived. */
  | { on: 'firmware-bytes'; bytes: number; action: 'disconnect' };

export class FaultBook {
  private readonly pending: Fault[];
  private readonly seen = new Map<string, number>();
  constructor(faults: Fault[] = []) {
    this.pending = [...faults];
  }
  add(fault: Fault): void {
    this.pending.push(fault);
  }
  /** Counts a command write and returns the fault it triggers, if any. */
  onCommand(name: CommandName): Fault | undefined {
    const n = (this.seen.get(name) ?? 0) + 1;
    this.seen.set(name, n);
    return this.take((f) => f.on === 'command' && f.command === name && (f.nth ?? 1) === n);
  }
  onChunk(filename: string, kind: FileKind, index: number): Fault | undefined {
    return this.take((f) => f.on === 'chunk' && f.index === index && (!f.kind || f.kind === kind) && (!f.filename || f.filename === filename));
  }
  onBof(filename: string, kind: FileKind): Fault | undefined {
    return this.take((f) => f.on === 'bof' && (!f.kind || f.kind === kind) && (!f.filename || f.filename === filename));
  }
  onFirmwareBytes(received: number): Fault | undefined {
    return this.take((f) => f.on === 'firmware-bytes' && received >= f.bytes);
  }
  private take(match: (f: Fault) => boolean): Fault | undefined {
    const i = this.pending.findIndex(match);
    return i < 0 ? undefined : this.pending.splice(i, 1)[0];
  }
}
