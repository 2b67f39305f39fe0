import { asc, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { accessRecord } from '../db/schema';

/** The id of the newest access record, 0 when there is none. */
export async function lastRecordId(db: Db): Promise<number> {
  const [row] = await db.select({ id: sql<number>`coalesce(max(${accessRecord.id}), 0)::int` }).from(accessRecord);
  return row!.id;
}

/** The access records written after `afterId`, oldest first. */
export function recordsSince(db: Db, afterId: number) {
  return db.select().from(accessRecord).where(gt(accessRecord.id, afterId)).orderBy(asc(accessRecord.id));
}

/** Runs `work` and answers the access records it wrote. */
export async function recorded(db: Db, work: () => Promise<unknown>) {
  const before = await lastRecordId(db);
  await work();
  return recordsSince(db, before);
}
