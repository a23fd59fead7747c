import type { OutboxEntry, SessionEdit } from '../db/rows';

type QueuedEntry = Pick<OutboxEntry, 'kind' | 'leaseUntil'>;

/**
 * What an edit of a session adds to its queued entries at `now`:
 * - `carried`: an entry not sent yet sends the edited fields anyway: a create (its POST reads every field), or a
 *   replace when the edit leaves who sees it alone (a PUT reads every field but that, which only a PATCH sends; a
 *   create carries it through completeCreate). One in flight (leased) may not carry it, so a PATCH follows it.
 * - `merge`: the edit joins the PATCH already waiting.
 * - `add`: a new PATCH.
 */
export function editQueueStep<E extends QueuedEntry>(
  entries: readonly E[],
  edit: Pick<SessionEdit, 'visibility'>,
  now: number,
): { kind: 'carried' } | { kind: 'merge'; patch: E } | { kind: 'add' } {
  const create = entries.find((e) => e.kind === 'create-session');
  if (create && create.leaseUntil <= now) return { kind: 'carried' };
  const replace = entries.find((e) => e.kind === 'replace-session');
  if (replace && replace.leaseUntil <= now && edit.visibility === undefined) return { kind: 'carried' };
  const patch = entries.find((e) => e.kind === 'patch-session');
  return patch ? { kind: 'merge', patch } : { kind: 'add' };
}

/**
 * Whether deleting a session here must also delete it on the server: it was uploaded, or its upload is in flight
 * (leased at `now`) and will have made a server row by the time the delete is sent.
 */
export function deleteNeedsServer(serverId: number | null, entries: readonly QueuedEntry[], now: number): boolean {
  return serverId !== null || entries.some((e) => e.kind === 'create-session' && e.leaseUntil > now);
}
