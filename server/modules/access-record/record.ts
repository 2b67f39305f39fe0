import type { FastifyRequest } from 'fastify';
import type { AccessAction, AccessSubjectType } from '@contract';
import type { Db } from '../../db/client';
import { insertAccessRecord } from './repo';

/** Who did it and from where: the signed-in staff member and the request's address. */
export interface AccessActor {
  userId: number;
  address: string;
}

export function accessActor(request: FastifyRequest, caller: { userId: number }): AccessActor {
  return { userId: caller.userId, address: request.ip };
}

export interface AccessEntry {
  action: AccessAction;
  subjectType: AccessSubjectType;
  /** Which records (ids, a member's key) or which filter, in words a reviewer reads. */
  subject: string;
  detail?: Record<string, unknown>;
  /** Required for exports and imports (the caller's schema checks it). */
  reason?: string | null;
  rowCount?: number | null;
}

/**
 * Writes one access record (issue 9, PIPA). Call it with the transaction that does the change, so
 * the change and its record are kept or lost together. The id, the previous row's hash and this
 * row's hash are set by the database (migration 0008), under a lock that serialises the chain.
 */
export async function recordAccess(db: Db, actor: AccessActor, at: Date, entry: AccessEntry): Promise<void> {
  // The actor is the signed-in caller, so the row exists; if it ever did not, the change must not
  // go through unrecorded (throwing rolls the caller's transaction back).
  if (!(await insertAccessRecord(db, actor, at, entry))) throw new Error(`access record not written: no account ${actor.userId}`);
}
