import { and, asc, between, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { boardItem, visitCount, visitHour, visitVisitorDay, visitVisitorHour } from '../../db/schema';

export const countKinds = ['screen', 'post', 'referrer', 'device', 'browser'] as const;
export type CountKind = (typeof countKinds)[number];

/**
 * A hit of a public screen, classified (counter.ts): a batch of them is stored as they are, and
 * the database groups them (storeVisits).
 */
export interface VisitRow {
  /** The Korean date and hour of the hit. */
  day: string;
  hour: number;
  /** The day's salted visitor key (module visitor-key): no address. */
  visitorKey: string;
  bot: boolean;
  device: string;
  browser: string;
  screen: string;
  /** `board/itemNo` for a post's screen, else null. */
  post: string | null;
  /** The page sent for the hit was made from that post (Hit.postShown): it exists, no lookup. */
  postShown: boolean;
  /** The referring host when another site, else null. */
  referrer: string | null;
}

/**
 * Writes one batch in one statement, grouped by the database: the visitor keys not yet seen that
 * day and hour by any instance are inserted (their primary keys de-duplicate, across instances
 * too), and only those add to the visitor counts; views add as they come. A post's views count
 * only if the post exists: looked up (by board_item_no_uq) only for posts no hit's page was made
 * from. Each table's rows go in key order ("C", code units), so two instances flushing at once
 * wait for each other instead of deadlocking. One statement: the batch is stored whole or not at
 * all, and the Node process, which serves the pages, only serialises the rows (JSON.stringify, one
 * native call; the driver's array literals escape each element in JavaScript). One JSON text read
 * by json_to_recordset, not an array a column: its backend kept 8 MB after a batch of 5,000 hits
 * where ten unnested columns left 13 (issue 24: the grouping and parameters in Node were a fifth of
 * a new visitor's page; the backends' memory counts in the bench's target).
 */
export function storeVisitsQuery(rows: readonly VisitRow[]) {
  return sql`
    WITH hit AS (
      SELECT day, hour, "visitorKey" AS visitor_key, bot, device, browser, screen, post, "postShown" AS post_shown, referrer
      FROM json_to_recordset(${sql.param(JSON.stringify(rows))}::json)
        AS h(day date, hour int, "visitorKey" text, bot boolean, device text, browser text, screen text, post text, "postShown" boolean, referrer text)
    ), visitor AS (
      -- Robot, device and browser follow from the user agent, which the key is made of.
      SELECT day, hour, visitor_key, bool_or(bot) AS bot, min(device) AS device, min(browser) AS browser, count(*)::int AS views
      FROM hit GROUP BY day, hour, visitor_key
    ), new_day AS (
      INSERT INTO ${visitVisitorDay} (day, visitor_key)
      SELECT day, visitor_key FROM visitor ORDER BY day, visitor_key COLLATE "C"
      ON CONFLICT DO NOTHING
      RETURNING day, visitor_key
    ), new_hour AS (
      INSERT INTO ${visitVisitorHour} (day, hour, visitor_key)
      SELECT day, hour, visitor_key FROM visitor ORDER BY day, hour, visitor_key COLLATE "C"
      ON CONFLICT DO NOTHING
      RETURNING day, hour, visitor_key
    ), first_hour AS (
      -- A visitor new today counts for the day in the earliest hour this batch saw them.
      SELECT v.day, v.visitor_key, min(v.hour) AS hour FROM visitor v JOIN new_day n USING (day, visitor_key) GROUP BY v.day, v.visitor_key
    ), counted AS (
      SELECT v.day, v.hour, v.bot, v.device, v.browser, v.views,
             nh.visitor_key IS NOT NULL AS new_hour, fh.visitor_key IS NOT NULL AS new_today
      FROM visitor v
      LEFT JOIN new_hour nh ON nh.day = v.day AND nh.hour = v.hour AND nh.visitor_key = v.visitor_key
      LEFT JOIN first_hour fh ON fh.day = v.day AND fh.visitor_key = v.visitor_key AND fh.hour = v.hour
    ), hours AS (
      INSERT INTO ${visitHour} AS t (day, hour, bot, views, visitors, day_visitors)
      SELECT day, hour, bot, sum(views)::int, (count(*) FILTER (WHERE new_hour))::int, (count(*) FILTER (WHERE new_today))::int
      FROM counted GROUP BY day, hour, bot ORDER BY day, hour, bot
      ON CONFLICT (day, hour, bot) DO UPDATE
        SET views = t.views + excluded.views, visitors = t.visitors + excluded.visitors, day_visitors = t.day_visitors + excluded.day_visitors
    ), tally AS (
      -- Robots are counted apart (visit_hour), never in the top lists.
      SELECT kind, day, value, sum(views)::int AS views, sum(visitors)::int AS visitors, bool_or(shown) AS shown
      FROM (
        SELECT 'device' AS kind, day, device AS value, views, new_today::int AS visitors, true AS shown FROM counted WHERE NOT bot
        UNION ALL SELECT 'browser', day, browser, views, new_today::int, true FROM counted WHERE NOT bot
        UNION ALL SELECT 'screen', day, screen, 1, 0, true FROM hit WHERE NOT bot
        UNION ALL SELECT 'post', day, post, 1, 0, post_shown FROM hit WHERE NOT bot AND post IS NOT NULL
        UNION ALL SELECT 'referrer', day, referrer, 1, 0, true FROM hit WHERE NOT bot AND referrer IS NOT NULL
      ) AS k
      GROUP BY kind, day, value
    )
    INSERT INTO ${visitCount} AS c (kind, day, value, views, visitors)
    SELECT t.kind, t.day, t.value, t.views, t.visitors
    FROM tally t
    -- A guessed post number is left out (each counted value is a row); the lateral, with its
    -- LIMIT, keeps the lookup one index probe a post not shown, never a scan of the posts.
    LEFT JOIN LATERAL (
      SELECT true AS found FROM ${boardItem} b
      WHERE NOT t.shown AND b.board_code = split_part(t.value, '/', 1) AND b.item_no = split_part(t.value, '/', 2)::int
      LIMIT 1
    ) p ON true
    WHERE t.shown OR p.found
    ORDER BY t.kind, t.day, t.value COLLATE "C"
    ON CONFLICT (kind, day, value) DO UPDATE SET views = c.views + excluded.views, visitors = c.visitors + excluded.visitors`;
}

export async function storeVisits(db: Db, rows: readonly VisitRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(storeVisitsQuery(rows));
}

/** Hours of the days `from`..`to` (Korean dates, both included), in order, over visit_hour's primary key. */
export const hourRowsQuery = (db: Db, from: string, to: string) =>
  db
    .select()
    .from(visitHour)
    .where(between(visitHour.day, from, to))
    .orderBy(asc(visitHour.day), asc(visitHour.hour), asc(visitHour.bot));

export type HourRow = typeof visitHour.$inferSelect;

export async function hourRows(db: Db, from: string, to: string): Promise<HourRow[]> {
  return hourRowsQuery(db, from, to);
}

/**
 * The `limit` values of a kind with the most views over `from`..`to`: the kind's days read from
 * visit_count's primary key (kind, day, value), summed per value; only the sums are sorted.
 */
export const topQuery = (db: Db, kind: CountKind, from: string, to: string, limit: number) =>
  db
    .select({ value: visitCount.value, views: sql<number>`sum(${visitCount.views})::int`, visitors: sql<number>`sum(${visitCount.visitors})::int` })
    .from(visitCount)
    .where(and(eq(visitCount.kind, kind), between(visitCount.day, from, to)))
    .groupBy(visitCount.value)
    .orderBy(sql`sum(${visitCount.views}) DESC`, asc(visitCount.value))
    .limit(limit);

export async function topValues(db: Db, kind: CountKind, from: string, to: string, limit: number) {
  return topQuery(db, kind, from, to, limit);
}

/** The same sums for the given values only (the previous period of a top list). */
export const valueTotalsQuery = (db: Db, kind: CountKind, from: string, to: string, values: readonly string[]) =>
  db
    .select({ value: visitCount.value, views: sql<number>`sum(${visitCount.views})::int`, visitors: sql<number>`sum(${visitCount.visitors})::int` })
    .from(visitCount)
    .where(and(eq(visitCount.kind, kind), between(visitCount.day, from, to), inArray(visitCount.value, [...values])))
    .groupBy(visitCount.value);

export async function valueTotals(db: Db, kind: CountKind, from: string, to: string, values: readonly string[]) {
  if (values.length === 0) return [];
  return valueTotalsQuery(db, kind, from, to, values);
}

/** Housekeeping: statistics of days before `day` (the retention setting); answers how many rows went. */
export async function deleteVisitsBefore(db: Db, day: string): Promise<number> {
  const hoursGone = await db.delete(visitHour).where(lt(visitHour.day, day)).returning({ day: visitHour.day });
  // Every kind named, so the delete ranges over the primary key (kind, day, value).
  const countsGone = await db
    .delete(visitCount)
    .where(and(inArray(visitCount.kind, [...countKinds]), lt(visitCount.day, day)))
    .returning({ day: visitCount.day });
  return hoursGone.length + countsGone.length;
}

/** Housekeeping: the de-duplicating visitor keys of days before `day`; only today's are used. */
export async function deleteVisitorKeysBefore(db: Db, day: string): Promise<number> {
  const daysGone = await db.delete(visitVisitorDay).where(lt(visitVisitorDay.day, day)).returning({ day: visitVisitorDay.day });
  const hoursGone = await db.delete(visitVisitorHour).where(lt(visitVisitorHour.day, day)).returning({ day: visitVisitorHour.day });
  return daysGone.length + hoursGone.length;
}
