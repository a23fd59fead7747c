import { describe, expect, it } from 'vitest';
import { deleteNeedsServer, editQueueStep } from '../../../../src/data/repositories/queued-changes';
import type { OutboxKind } from '../../../../src/data/db/rows';

const NOW = 1_000;
const entry = (kind: OutboxKind, leaseUntil = 0) => ({ kind, leaseUntil });

describe('editQueueStep', () => {
  it('adds a PATCH when nothing is queued', () => {
    expect(editQueueStep([], { visibility: undefined }, NOW)).toEqual({ kind: 'add' });
  });

  it('lets a create not sent yet carry the edit, but patches after one in flight', () => {
    expect(editQueueStep([entry('create-session')], { visibility: 'team' }, NOW)).toEqual({ kind: 'carried' });
    expect(editQueueStep([entry('create-session', NOW + 1)], {}, NOW)).toEqual({ kind: 'add' });
  });

  it('lets a replace not sent yet carry the edit unless it changes who sees the session', () => {
    expect(editQueueStep([entry('replace-session')], {}, NOW)).toEqual({ kind: 'carried' });
    expect(editQueueStep([entry('replace-session')], { visibility: 'public' }, NOW)).toEqual({ kind: 'add' });
    expect(editQueueStep([entry('replace-session', NOW + 1)], {}, NOW)).toEqual({ kind: 'add' });
  });

  it('merges into the PATCH already waiting', () => {
    const patch = entry('patch-session');
    expect(editQueueStep([entry('delete-session'), patch], {}, NOW)).toEqual({ kind: 'merge', patch });
  });
});

describe('deleteNeedsServer', () => {
  it('deletes on the server a session uploaded, or one whose upload is in flight', () => {
    expect(deleteNeedsServer(42, [], NOW)).toBe(true);
    expect(deleteNeedsServer(null, [entry('create-session', NOW + 1)], NOW)).toBe(true);
  });

  it('leaves the server alone for a session never uploaded', () => {
    expect(deleteNeedsServer(null, [], NOW)).toBe(false);
    expect(deleteNeedsServer(null, [entry('create-session')], NOW)).toBe(false);
  });
});
