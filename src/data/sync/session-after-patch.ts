import type { SessionSummary } from '../../contracts/entities';
import type { LocalSession } from '../db/rows';

/**
 * What a PATCH's answer (the server's summary) changes in the local session row. When the fields were edited again
 * while the PATCH was in flight, the row keeps its own edits (sent again) and is still Pending; otherwise it takes
 * the server's fields and is Completed.
 */
export function sessionAfterPatch(summary: SessionSummary, editedMeanwhile: boolean): Partial<LocalSession> {
  return {
    summary,
    serverUpdatedAt: summary.updatedAt,
    syncState: editedMeanwhile ? 'Pending' : 'Completed',
    lastError: null,
    ...(editedMeanwhile
      ? {}
      : {
          name: summary.name,
          circuitId: summary.circuitId,
          vehicleCategoryId: summary.vehicleCategoryId,
          favorite: summary.favorite,
          weatherConditions: summary.weatherConditions,
          visibility: summary.visibility,
          updatedAt: summary.updatedAt,
        }),
  };
}
