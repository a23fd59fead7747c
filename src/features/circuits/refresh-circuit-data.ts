/**
 * The circuits screen's refresh of its offline copies (circuits, countries, circuit types) when online. Failed
 * loads: one error toast with the server's message (in the user's language), however many of the three calls failed; a failure that
 * only means there is no connection stays silent (the stored copies are shown).
 */
import { translateError } from '../../app/i18n/setup';
import { isOfflineFailure } from '../../data/api/api-error';

const CIRCUIT_TABLES = ['circuits', 'countries', 'circuitTypes'] as const;
export type CircuitTable = (typeof CIRCUIT_TABLES)[number];

export async function refreshCircuitData(refresh: (table: CircuitTable) => Promise<unknown>, report: (message: string) => void): Promise<void> {
  const results = await Promise.allSettled(CIRCUIT_TABLES.map((table) => refresh(table)));
  const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected' && !isOfflineFailure(r.reason));
  if (!failure) return;
  const reason: unknown = failure.reason;
  report(translateError(reason instanceof Error ? reason : null));
}
