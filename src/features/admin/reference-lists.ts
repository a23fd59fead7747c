/**
 * Reference lists for the admin forms' selects (offline copies from the data layer), and the refresh after an
 * admin write so every screen's offline lists follow the change.
 */
import { useLiveQuery } from '../../data/live-query';
import { useEffect } from 'react';
import type { ReferenceRows, ReferenceTable } from '../../data/services';
import { referenceRepository } from '../../data/services';

export function useReferenceList<K extends ReferenceTable>(table: K): ReferenceRows[K][] {
  useEffect(() => {
    void referenceRepository.refresh(table).catch(() => undefined);
  }, [table]);
  return useLiveQuery(() => referenceRepository.list(table), [table]) ?? [];
}

/** Forces a refetch of one table after a write (failures keep the stored copy). */
export function refreshReference(table: ReferenceTable): void {
  void referenceRepository.refresh(table, { force: true }).catch(() => undefined);
}

/** Select options from named rows. */
export function options(rows: readonly { id: number; name: string }[]): { value: string; label: string }[] {
  return rows.map((r) => ({ value: String(r.id), label: r.name }));
}
