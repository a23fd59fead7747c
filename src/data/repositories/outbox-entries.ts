/** New outbox rows, as every writer of the sessions repository queues them. */
import type { NewOutboxEntry } from '../db/rows';

/** A queued server write for `session`, due at once, not leased. `extra` sets the kind's own fields. */
export function newOutboxEntry(
  ownerId: number,
  kind: NewOutboxEntry['kind'],
  session: { localId: number; filename: string },
  createdAt: number,
  extra: Partial<NewOutboxEntry> = {},
): NewOutboxEntry {
  return {
    ownerId,
    kind,
    sessionLocalId: session.localId,
    filename: session.filename,
    patch: null,
    serverId: null,
    attempts: 0,
    nextAttemptAt: 0,
    leaseUntil: 0,
    lastError: null,
    createdAt,
    ...extra,
  };
}
