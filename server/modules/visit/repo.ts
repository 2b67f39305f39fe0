import { and, asc, between, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { withTransaction } from '../../db/transaction';
import { visitCount, visitHour, visitVisitorDay, visitVisitorHour } from '../../db/schema';

/** One visitor's page loads and navigations in one hour of a Korean day, as a batch holds them. */
export interface VisitorHour {
  day: string;
  hour: number;
  visitorKey: string;
  bot: boolean;
  device: string;
  browser: string;
  views: number;
}

export const countKinds = ['screen', 'post', 'referrer', 'device', 'browser'] as const;
export type CountKind = (typeof countKinds)[number];

/** Views of one screen, post or referring host on a day (people only). */
export interface CountViews {
  kind: 'screen' | 'post' | 'referrer';
  day: string;
  value: string;
  views: number;
}

const dayHourKey = (day: string, hour: number, visitorKey: string) => `${day}|${hour}|${visitorKey}`;

/** A column of a batch's rows as one array parameter: a statement over `unnest` of such columns writes any number of rows. */
const column = <T>(rows: readonly T[], pick: (row: T) => string | number) => sql.param(rows.map(pick));

/**
 * Strings in code-unit order: any order the same on every instance keeps their writes from
 * deadlocking, and this one costs no collation (localeCompare's sorts of a batch under new
 * visitors were 3 % of a kept post page's CPU, issue 24).
 */
const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Writes one batch (module visit, counter.ts) in one transaction: the visitor keys not yet seen
 * that day and hour by any instance are inserted (their primary keys de-duplicate), and only
 * those add to the visitor counts; views add as they come. Rows go in key order, so two
 * instances flushing at once wait for each other instead of deadlocking.
 */
export async function storeVisits(db: Db, visitors: readonly VisitorHour[], counts: readonly CountViews[]): Promise<void> {
  if (visitors.length === 0 && counts.length === 0) return;
  await withTransaction(db, async (tx) => {
    const dayRows = [...new Map(visitors.map((v) => [`${v.day}|${v.visitorKey}`, { day: v.day, visitorKey: v.visitorKey }])).values()].sort(
      (a, b) => byCodeUnits(a.day, b.day) || byCodeUnits(a.visitorKey, b.visitorKey),
    );
    const hourRows = [...new Map(visitors.map((v) => [dayHourKey(v.day, v.hour, v.visitorKey), v])).values()]
      .map(({ day, hour, visitorKey }) => ({ day, hour, visitorKey }))
      .sort((a, b) => byCodeUnits(a.day, b.day) || a.hour - b.hour || byCodeUnits(a.visitorKey, b.visitorKey));
    // Each table's rows in one statement of one array a column (issue 24: Drizzle's insert of a
    // busy batch's rows, several thousand, took milliseconds of the event loop to build).
    const newDays = new Set<string>();
    if (dayRows.length > 0) {
      const added = (await tx.execute(sql`
        INSERT INTO ${visitVisitorDay} (day, visitor_key)
        SELECT * FROM unnest(${column(dayRows, (r) => r.day)}::date[], ${column(dayRows, (r) => r.visitorKey)}::text[])
        ON CONFLICT DO NOTHING
        RETURNING day::text AS day, visitor_key AS "visitorKey"`)) as unknown as { rows: { day: string; visitorKey: string }[] };
      for (const r of added.rows) newDays.add(`${r.day}|${r.visitorKey}`);
    }
    const newHours = new Set<string>();
    if (hourRows.length > 0) {
      const added = (await tx.execute(sql`
        INSERT INTO ${visitVisitorHour} (day, hour, visitor_key)
        SELECT * FROM unnest(${column(hourRows, (r) => r.day)}::date[], ${column(hourRows, (r) => r.hour)}::int[], ${column(hourRows, (r) => r.visitorKey)}::text[])
        ON CONFLICT DO NOTHING
        RETURNING day::text AS day, hour, visitor_key AS "visitorKey"`)) as unknown as { rows: { day: string; hour: number; visitorKey: string }[] };
      for (const r of added.rows) newHours.add(dayHourKey(r.day, r.hour, r.visitorKey));
    }

    // A visitor new today counts for the day in the earliest hour this batch saw them.
    const firstHour = new Map<string, number>();
    for (const v of visitors) {
      const key = `${v.day}|${v.visitorKey}`;
      if (newDays.has(key) && (firstHour.get(key) ?? 24) > v.hour) firstHour.set(key, v.hour);
    }
    const hours = new Map<string, typeof visitHour.$inferInsert>();
    const tally = new Map<string, { kind: CountKind; day: string; value: string; views: number; visitors: number }>();
    const add = (kind: CountKind, day: string, value: string, views: number, visitors: number) => {
      const key = `${kind}|${day}|${value}`;
      const row = tally.get(key) ?? { kind, day, value, views: 0, visitors: 0 };
      row.views += views;
      row.visitors += visitors;
      tally.set(key, row);
    };
    for (const v of visitors) {
      const key = `${v.day}|${v.hour}|${v.bot}`;
      const row = hours.get(key) ?? { day: v.day, hour: v.hour, bot: v.bot, views: 0, visitors: 0, dayVisitors: 0 };
      row.views += v.views;
      if (newHours.has(dayHourKey(v.day, v.hour, v.visitorKey))) row.visitors += 1;
      const newToday = firstHour.get(`${v.day}|${v.visitorKey}`) === v.hour;
      if (newToday) row.dayVisitors += 1;
      hours.set(key, row);
      if (v.bot) continue;
      add('device', v.day, v.device, v.views, newToday ? 1 : 0);
      add('browser', v.day, v.browser, v.views, newToday ? 1 : 0);
    }
    for (const c of counts) add(c.kind, c.day, c.value, c.views, 0);

    const hourValues = [...hours.values()].sort((a, b) => byCodeUnits(a.day, b.day) || a.hour - b.hour || Number(a.bot) - Number(b.bot));
    if (hourValues.length > 0) {
      await tx
        .insert(visitHour)
        .values(hourValues)
        .onConflictDoUpdate({
          target: [visitHour.day, visitHour.hour, visitHour.bot],
          set: {
            views: sql`${visitHour.views} + excluded.views`,
            visitors: sql`${visitHour.visitors} + excluded.visitors`,
            dayVisitors: sql`${visitHour.dayVisitors} + excluded.day_visitors`,
          },
        });
    }
    const countValues = [...tally.values()].sort((a, b) => byCodeUnits(a.kind, b.kind) || byCodeUnits(a.day, b.day) || byCodeUnits(a.value, b.value));
    if (countValues.length > 0) {
      await tx.execute(sql`
        INSERT INTO ${visitCount} AS c (kind, day, value, views, visitors)
        SELECT * FROM unnest(${column(countValues, (r) => r.kind)}::text[], ${column(countValues, (r) => r.day)}::date[],
                             ${column(countValues, (r) => r.value)}::text[], ${column(countValues, (r) => r.views)}::int[],
                             ${column(countValues, (r) => r.visitors)}::int[])
        ON CONFLICT (kind, day, value) DO UPDATE SET views = c.views + excluded.views, visitors = c.visitors + excluded.visitors`);
    }
  });
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
