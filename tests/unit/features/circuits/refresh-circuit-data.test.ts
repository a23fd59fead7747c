import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../src/data/api/api-error';
import { refreshCircuitData, type CircuitTable } from '../../../../src/features/circuits/refresh-circuit-data';

async function run(fail: Partial<Record<CircuitTable, unknown>>) {
  const asked: CircuitTable[] = [];
  const reported: string[] = [];
  await refreshCircuitData(
    async (table) => {
      asked.push(table);
      if (table in fail) throw fail[table];
    },
    (m) => reported.push(m),
  );
  return { asked, reported };
}

describe("the circuits screen's refresh", () => {
  it('refreshes circuits, countries and circuit types, and says nothing when all succeed', async () => {
    expect(await run({})).toEqual({ asked: ['circuits', 'countries', 'circuitTypes'], reported: [] });
  });

  it("reports the server's message once, however many tables failed", async () => {
    const err = new ApiError('INTERNAL', 'Internal Server Error', 500);
    expect((await run({ circuits: err, countries: err, circuitTypes: err })).reported).toEqual(['Internal Server Error']);
  });

  it('stays silent when a table failed only because there is no connection', async () => {
    expect((await run({ circuits: new ApiError('NETWORK', 'You are offline.'), countries: new ApiError('TIMEOUT', 'No answer within 30 s') })).reported).toEqual([]);
  });

  it("says 'No message available' for a failure without a message", async () => {
    expect((await run({ countries: new Error('') })).reported).toEqual(['No message available']);
  });
});
