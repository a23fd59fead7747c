/**
 * Circuit sync: START_CIRCUIT_SYNC, per country START_COUNTRY_CIRCUITS, its CIRCUIT_DATA blocks,
 * END_COUNTRY_CIRCUITS, then END_CIRCUIT_SYNC; 50 ms between writes; progress in blocks sent.
 * 'No circuits found.' when nothing is sendable; a disconnect, a failed write or a device ERROR ends it as
 * 'Error during circuit update.'.
 */
import { commands, type Command } from '../protocol/commands';
import { CIRCUIT_BLOCK_PAUSE_MS } from '../protocol/limits';
import { planCircuitSync, type SyncCircuit } from './circuit-blocks';
import type { FlowContext } from './flow-context';

export type CircuitSyncResult =
  | { ok: true; countries: number; blocks: number }
  | { ok: false; code: 'no-circuits' | 'failed'; detail: string };

export async function runCircuitSync(
  ctx: FlowContext,
  circuits: SyncCircuit[],
  onProgress: (percent: number) => void,
): Promise<CircuitSyncResult> {
  const plan = planCircuitSync(circuits);
  if (plan.length === 0) return { ok: false, code: 'no-circuits', detail: 'no circuit with a country and a type' };
  const total = plan.reduce((n, c) => n + c.blocks.length, 0);
  let deviceError: string | null = null;
  const off = ctx.link.onReply((reply) => {
    if (reply.type === 'error') deviceError = reply.code;
  });
  let sent = 0;
  const write = async (command: Command): Promise<string | null> => {
    if (!ctx.connected()) return 'disconnected';
    if (!(await ctx.link.send(command))) return `${command.name} not written`;
    await ctx.clock.sleep(CIRCUIT_BLOCK_PAUSE_MS);
    if (deviceError) return `device error ${deviceError}`;
    return ctx.connected() ? null : 'disconnected';
  };
  try {
    onProgress(0);
    let problem = await write(commands.startCircuitSync());
    for (const country of plan) {
      if (problem) break;
      problem = await write(commands.startCountryCircuits(country.country));
      for (const block of country.blocks) {
        if (problem) break;
        problem = await write(commands.circuitData(block));
        sent++;
        if (!problem) onProgress(Math.min(100, (100 * sent) / total));
      }
      if (!problem) problem = await write(commands.endCountryCircuits());
    }
    if (!problem) problem = await write(commands.endCircuitSync());
    if (problem) return { ok: false, code: 'failed', detail: problem };
    onProgress(100);
    return { ok: true, countries: plan.length, blocks: total };
  } finally {
    off();
  }
}
