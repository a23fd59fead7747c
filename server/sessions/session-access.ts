import type { FastifyRequest } from 'fastify';
import { hasZone } from '../../src/domain/value-format/wall-clock';
import type { Queryable } from '../db/db';
import { ApiError, notFound } from '../errors';
import { caller } from '../auth/guard';
import { circuitExists, findSummary, vehicleCategoryExists } from './session-store';

/** Who may touch a session, what its references must be, and its date: shared by the sessions routes. */

/** A racer may touch their own sessions, an admin anyone's; everything else (and a missing session) is a 404. */
export function mayTouch(request: FastifyRequest, owner: { userId: number } | null): owner is { userId: number; changed: boolean } {
  const me = caller(request);
  return owner !== null && (owner.userId === me.id || me.role === 'admin');
}

/** The circuit must be one the session's owner sees (another racer's own circuit is unknown to them). */
export async function checkReferences(q: Queryable, input: { circuitId?: number | null; vehicleCategoryId?: number | null }, ownerId: number): Promise<void> {
  if (input.circuitId != null && !(await circuitExists(q, input.circuitId, ownerId))) {
    throw new ApiError(400, 'VALIDATION', 'unknownCircuitId', { circuitId: 'Does not exist' });
  }
  if (input.vehicleCategoryId != null && !(await vehicleCategoryExists(q, input.vehicleCategoryId))) {
    throw new ApiError(400, 'VALIDATION', 'unknownVehicleCategoryId', { vehicleCategoryId: 'Does not exist' });
  }
}

export function parseDate(value: string): string {
  // A date-time without a zone is read as UTC, the same on every server whatever its own zone (the app sends
  // instants; before it did, it sent the track's wall-clock time, which `new Date` read in the server's zone).
  const d = new Date(value.includes('T') && !hasZone(value) ? `${value}Z` : value);
  if (Number.isNaN(d.getTime()) || d.getUTCFullYear() < 1970 || d.getUTCFullYear() > 9999) {
    throw new ApiError(400, 'VALIDATION', { id: 'invalidBody', params: { details: 'date: must be an ISO date' } }, { date: 'Must be an ISO date' });
  }
  return d.toISOString();
}

/** The summary of a session that exists (it was just written or checked). */
export const summaryOf = async (q: Queryable, id: number) => (await findSummary(q, id)) ?? Promise.reject(notFound('sessionNotFound'));
