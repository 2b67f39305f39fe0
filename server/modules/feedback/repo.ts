import { and, asc, count, desc, eq, gte, isNotNull, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pageFeedback } from '../../db/schema';

/** The page_feedback table's one owner (issue 23). */

export interface NewFeedback {
  path: string;
  day: string;
  visitorKey: string;
  score: number;
  comment: string | null;
  /** The app's clock, which also gave `day`. */
  createdAt: Date;
}

/**
 * Stores an answer unless this visitor already answered this screen that day (the unique index
 * decides, so two answers sent at once cannot both land): true when stored.
 */
export async function insertFeedback(db: Db, answer: NewFeedback): Promise<boolean> {
  const rows = await db.insert(pageFeedback).values(answer).onConflictDoNothing().returning({ id: pageFeedback.id });
  return rows.length > 0;
}

/** Both days included. */
export interface Period {
  from: string;
  to: string;
}

const inPeriod = (period: Period) => and(gte(pageFeedback.day, period.from), lte(pageFeedback.day, period.to));

/**
 * Each screen's count per score in a period: an index-only range of page_feedback_day_idx,
 * grouped in memory (a few hundred screens at most).
 */
export function scoreCountsQuery(db: Db, period: Period) {
  return db
    .select({ path: pageFeedback.path, score: pageFeedback.score, count: count() })
    .from(pageFeedback)
    .where(inPeriod(period))
    .groupBy(pageFeedback.path, pageFeedback.score);
}

const withComment = (period: Period, path: string | undefined) =>
  and(inPeriod(period), isNotNull(pageFeedback.comment), path === undefined ? undefined : eq(pageFeedback.path, path));

/** One page of the period's comments (of one screen, or all), newest first: by day, then as written. */
export function commentPageQuery(db: Db, period: Period, path: string | undefined, offset: number, limit: number) {
  return db
    .select({
      id: pageFeedback.id,
      path: pageFeedback.path,
      score: pageFeedback.score,
      comment: sql<string>`${pageFeedback.comment}`,
      day: sql<string>`${pageFeedback.day}::text`,
      createdAt: pageFeedback.createdAt,
    })
    .from(pageFeedback)
    .where(withComment(period, path))
    .orderBy(desc(pageFeedback.day), desc(pageFeedback.id))
    .offset(offset)
    .limit(limit);
}

export function commentCountQuery(db: Db, period: Period, path: string | undefined) {
  return db.select({ count: count() }).from(pageFeedback).where(withComment(period, path));
}

/** Every answer of a period for the export, by day and screen as page_feedback_day_idx keeps them (at most `limit`). */
export function answersQuery(db: Db, period: Period, limit: number) {
  return db
    .select({
      id: pageFeedback.id,
      path: pageFeedback.path,
      score: pageFeedback.score,
      comment: pageFeedback.comment,
      day: sql<string>`${pageFeedback.day}::text`,
      createdAt: pageFeedback.createdAt,
    })
    .from(pageFeedback)
    .where(inPeriod(period))
    .orderBy(asc(pageFeedback.day), asc(pageFeedback.path), asc(pageFeedback.score))
    .limit(limit);
}

/** Housekeeping: deletes the answers of days before `day`; answers how many went. */
export async function deleteFeedbackBefore(db: Db, day: string): Promise<number> {
  const rows = await db.delete(pageFeedback).where(lt(pageFeedback.day, day)).returning({ id: pageFeedback.id });
  return rows.length;
}
