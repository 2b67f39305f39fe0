import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { searchTermHidden, searchTermVisit } from '../../db/schema';

/** The popular list's window: the last 7 days, today included (Korean calendar dates). */
export const POPULAR_DAYS = 7;
/** How many popular terms the field shows. */
export const POPULAR_SHOWN = 10;
/** How many terms the console lists, hidden ones included. */
export const POPULAR_CONSOLE = 50;

/** A visitor's search of a term on a day; the same visitor again that day adds nothing. */
export async function recordSearch(db: Db, day: string, term: string, visitorKey: string): Promise<void> {
  await db.insert(searchTermVisit).values({ day, term, visitorKey }).onConflictDoNothing();
}

const searches = sql<number>`count(*)::int`;

/**
 * Whether staff hid the row's term. The outer column is qualified by hand: in a select from one
 * table Drizzle writes a column bare, which inside the subquery would mean the hidden table's own
 * (server/modules/board/repo.ts liveItemCount says the same).
 */
const hiddenTerm = sql<boolean>`EXISTS (SELECT 1 FROM ${searchTermHidden} h WHERE h.term = ${searchTermVisit}.${sql.identifier(searchTermVisit.term.name)})`;

/**
 * The terms most visitors searched since `sinceDay`, hidden ones left out: a range of the primary
 * key (day first), grouped by term. The grouping and the ranking sort the window's distinct terms,
 * not its rows' posts; the answer may be a minute old (max-age), so it runs at most once a minute per cache.
 */
export function popularQuery(db: Db, sinceDay: string, limit = POPULAR_SHOWN) {
  return db
    .select({ term: searchTermVisit.term, searches })
    .from(searchTermVisit)
    .where(
      and(
        gte(searchTermVisit.day, sinceDay),
        sql`NOT ${hiddenTerm}`,
      ),
    )
    .groupBy(searchTermVisit.term)
    .orderBy(sql`${searches} DESC`, searchTermVisit.term)
    .limit(limit);
}

/** The console's list: the window's terms with their counts and whether staff hid them. */
export function consoleQuery(db: Db, sinceDay: string) {
  return db
    .select({
      term: searchTermVisit.term,
      searches,
      hidden: hiddenTerm,
    })
    .from(searchTermVisit)
    .where(gte(searchTermVisit.day, sinceDay))
    .groupBy(searchTermVisit.term)
    .orderBy(sql`${searches} DESC`, searchTermVisit.term)
    .limit(POPULAR_CONSOLE);
}

export async function hideTerm(db: Db, term: string, by: number | null): Promise<void> {
  await db.insert(searchTermHidden).values({ term, hiddenBy: by }).onConflictDoNothing();
}

export async function showTerm(db: Db, term: string): Promise<void> {
  await db.delete(searchTermHidden).where(eq(searchTermHidden.term, term));
}

/** Housekeeping: searches of days before `day` are no longer needed. */
export async function deleteSearchesBefore(db: Db, day: string): Promise<number> {
  const rows = await db.delete(searchTermVisit).where(lt(searchTermVisit.day, day)).returning({ day: searchTermVisit.day });
  return rows.length;
}
