import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { siteMenu } from '../../db/schema';
import type { StoredEntry } from './tree';

/** The one file that reads and writes `site_menu` (docs/decisions/0022-module-surfaces.md). */

/** The header menu's row key (the table could hold other menus later). */
export const HEADER_MENU = 'header';

export interface MenuRow {
  items: StoredEntry[];
  revision: number;
}

/** The menu's row by its key: one primary-key lookup (query-plans.api.test.ts). */
export const menuRowQuery = (db: Db, key: string) =>
  db.select({ items: siteMenu.items, revision: siteMenu.revision }).from(siteMenu).where(eq(siteMenu.key, key)).limit(1);

export async function findMenuRow(db: Db, key: string, opts: { forUpdate?: boolean } = {}): Promise<MenuRow | null> {
  const query = menuRowQuery(db, key);
  const [row] = opts.forUpdate ? await query.for('update') : await query;
  return row ? { items: row.items as StoredEntry[], revision: row.revision } : null;
}

/** Writes the menu if its row is missing (the seed, on every start); true when it wrote it. */
export async function insertMenuIfMissing(db: Db, key: string, items: StoredEntry[]): Promise<boolean> {
  const rows = await db.insert(siteMenu).values({ key, items }).onConflictDoNothing({ target: siteMenu.key }).returning({ key: siteMenu.key });
  return rows.length > 0;
}

/**
 * Replaces the menu if it is still at `revision`, and answers the new revision, or null when
 * another save came first (the row moved on, or no row: the caller inserts).
 */
export async function replaceMenu(db: Db, key: string, revision: number, items: StoredEntry[], by: number, at: Date): Promise<number | null> {
  const [row] = await db
    .update(siteMenu)
    .set({ items, revision: sql`${siteMenu.revision} + 1`, modifiedBy: by, modifiedAt: at })
    .where(and(eq(siteMenu.key, key), eq(siteMenu.revision, revision)))
    .returning({ revision: siteMenu.revision });
  return row?.revision ?? null;
}
