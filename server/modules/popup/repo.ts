import { asc, desc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { popup } from '../../db/schema';

/** The `popup` table's one owner (docs/decisions/0022-module-surfaces.md). */
export type PopupRow = typeof popup.$inferSelect;
export type PopupValues = Pick<PopupRow, 'title' | 'body' | 'imageFileId' | 'imageAlt' | 'linkUrl' | 'startsAt' | 'endsAt' | 'screen'>;

/** At most this many not-yet-ended pop-ups are read for visitors (staff keep a handful). */
export const CURRENT_LIMIT = 50;

/**
 * The pop-ups not ended at `now`, active and scheduled, in the order of `popup_active_idx`
 * (ends_at, starts_at, id): a range of the index, the ended ones never read, no sort.
 */
export function currentQuery(db: Db, now: Date) {
  return db
    .select()
    .from(popup)
    .where(gt(popup.endsAt, now))
    .orderBy(asc(popup.endsAt), asc(popup.startsAt), asc(popup.id))
    .limit(CURRENT_LIMIT);
}

export const listCurrent = (db: Db, now: Date): Promise<PopupRow[]> => currentQuery(db, now);

/** Every pop-up, ended ones too, for the console: the latest start first. */
export function listAll(db: Db): Promise<PopupRow[]> {
  return db.select().from(popup).orderBy(desc(popup.startsAt), desc(popup.id));
}

export async function findById(db: Db, id: number, forUpdate = false): Promise<PopupRow | undefined> {
  const query = db.select().from(popup).where(eq(popup.id, id));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function insert(db: Db, values: PopupValues, createdBy: number, now: Date): Promise<PopupRow> {
  const [row] = await db.insert(popup).values({ ...values, createdBy, createdAt: now, modifiedAt: now }).returning();
  return row!;
}

export async function update(db: Db, id: number, values: PopupValues, now: Date): Promise<PopupRow> {
  const [row] = await db.update(popup).set({ ...values, modifiedAt: now }).where(eq(popup.id, id)).returning();
  return row!;
}

export async function remove(db: Db, id: number): Promise<void> {
  await db.delete(popup).where(eq(popup.id, id));
}
