import { and, eq, gt, lte, sql } from 'drizzle-orm';
import { contentCodes } from '@contract';
import type { Db } from '../../db/client';
import { contentVersion } from '../../db/schema';

/**
 * The content pages' versions (issue 22): the one file that reads and writes `content_version`
 * (docs/decisions/0022). Every read is one walk of an index (query-plans.api.test.ts):
 * the primary key (code, version) for one version and a page's whole history, and
 * content_version_published_idx (code, effective_from DESC, version DESC) for the published ones.
 */

const columns = {
  code: contentVersion.code,
  version: contentVersion.version,
  title: contentVersion.title,
  body: contentVersion.body,
  note: contentVersion.note,
  effectiveFrom: contentVersion.effectiveFrom,
  restoredFrom: contentVersion.restoredFrom,
  createdBy: contentVersion.createdBy,
  createdByName: contentVersion.createdByName,
  createdAt: contentVersion.createdAt,
};

/** A version without its body: the histories. */
const periodColumns = {
  version: contentVersion.version,
  title: contentVersion.title,
  note: contentVersion.note,
  effectiveFrom: contentVersion.effectiveFrom,
  restoredFrom: contentVersion.restoredFrom,
  createdBy: contentVersion.createdBy,
  createdByName: contentVersion.createdByName,
  createdAt: contentVersion.createdAt,
};

/** Written as the published index orders (DESC NULLS LAST), so no list sorts. */
const newestPublishedFirst = [sql`${contentVersion.effectiveFrom} DESC NULLS LAST`, sql`${contentVersion.version} DESC NULLS LAST`];
const published = sql`${contentVersion.effectiveFrom} IS NOT NULL`;

/** The current version: the published one with the latest effective date up to `now`. */
export function currentQuery(db: Db, code: string, now: Date) {
  return db
    .select(columns)
    .from(contentVersion)
    .where(and(eq(contentVersion.code, code), published, lte(contentVersion.effectiveFrom, now)))
    .orderBy(...newestPublishedFirst)
    .limit(1);
}

/** The current version's head: its title, text and date, not its body (the screens' HTML heads, the sitemap). */
export function currentHeadQuery(db: Db, code: string, now: Date) {
  return db
    .select({ title: contentVersion.title, bodyText: sql<string>`left(${contentVersion.bodyText}, 400)`, effectiveFrom: contentVersion.effectiveFrom })
    .from(contentVersion)
    .where(and(eq(contentVersion.code, code), published, lte(contentVersion.effectiveFrom, now)))
    .orderBy(...newestPublishedFirst)
    .limit(1);
}

export async function findCurrentHead(db: Db, code: string, now: Date) {
  return (await currentHeadQuery(db, code, now))[0] ?? null;
}

/** One version, whatever its state (the primary key). */
export function versionQuery(db: Db, code: string, version: number) {
  return db
    .select(columns)
    .from(contentVersion)
    .where(and(eq(contentVersion.code, code), eq(contentVersion.version, version)))
    .limit(1);
}

/**
 * How many versions a page's history lists, newest first (the public one and the console's): far
 * more than a page ever has (its yearly revisions and edits), and a bound that keeps each read one
 * walk of its index, in order, where a planner (PostgreSQL 15 here) would rather sort a bitmap
 * scan of a page whose versions are a large part of the table (query-plans.api.test.ts).
 */
export const PUBLISHED_HISTORY_MAX = 200;

/** The published versions, newest effective date first; with `until`, only those in effect by then. */
export function publishedQuery(db: Db, code: string, until?: Date) {
  return db
    .select(periodColumns)
    .from(contentVersion)
    .where(and(eq(contentVersion.code, code), published, until ? lte(contentVersion.effectiveFrom, until) : undefined))
    .orderBy(...newestPublishedFirst)
    .limit(PUBLISHED_HISTORY_MAX);
}

/**
 * A page's versions whatever their state, newest first (a backward walk of the primary key): the
 * console's history (the newest PUBLISHED_HISTORY_MAX) or, with 1, the newest, the base of the next save.
 */
export function newestVersionsQuery(db: Db, code: string, limit = PUBLISHED_HISTORY_MAX) {
  return db
    .select(periodColumns)
    .from(contentVersion)
    .where(eq(contentVersion.code, code))
    .orderBy(sql`${contentVersion.version} DESC`)
    .limit(limit);
}

/** The next version of a page to take effect after `now`, if one is scheduled. */
export function nextScheduledQuery(db: Db, code: string, now: Date) {
  return db
    .select(periodColumns)
    .from(contentVersion)
    .where(and(eq(contentVersion.code, code), gt(contentVersion.effectiveFrom, now)))
    .orderBy(sql`${contentVersion.effectiveFrom} ASC NULLS FIRST`, sql`${contentVersion.version} ASC NULLS FIRST`)
    .limit(1);
}

/**
 * The next moment any page's answer changes by itself: the earliest effective date after `now`
 * (content_version_effective_idx). Cached answers end there (guest-reads.ts).
 */
export function nextBoundaryQuery(db: Db, now: Date) {
  return db
    .select({ at: sql<Date | string | null>`min(${contentVersion.effectiveFrom})` })
    .from(contentVersion)
    .where(gt(contentVersion.effectiveFrom, now));
}

export type VersionRow = Awaited<ReturnType<typeof versionQuery>>[number];
export type PeriodRow = Awaited<ReturnType<typeof publishedQuery>>[number];

export async function findCurrent(db: Db, code: string, now: Date): Promise<VersionRow | null> {
  return (await currentQuery(db, code, now))[0] ?? null;
}

export async function findVersion(db: Db, code: string, version: number): Promise<VersionRow | null> {
  return (await versionQuery(db, code, version))[0] ?? null;
}

export async function findLatest(db: Db, code: string): Promise<PeriodRow | null> {
  return (await newestVersionsQuery(db, code, 1))[0] ?? null;
}

export async function findNextScheduled(db: Db, code: string, now: Date): Promise<PeriodRow | null> {
  return (await nextScheduledQuery(db, code, now))[0] ?? null;
}

export async function nextBoundary(db: Db, now: Date): Promise<Date | null> {
  const [row] = await nextBoundaryQuery(db, now);
  return row?.at ? new Date(row.at) : null;
}

export interface NewVersion {
  code: string;
  version: number;
  title: string;
  body: unknown;
  bodyText: string;
  note: string;
  effectiveFrom: Date | null;
  restoredFrom: number | null;
  createdBy: number | null;
  createdByName: string;
  createdAt: Date;
}

/**
 * A new version. The primary key (code, version) refuses a second version of one number: two
 * staff saving over the same base, one of them fails with a unique violation (service.ts: 409).
 */
export async function insertVersion(db: Db, row: NewVersion): Promise<VersionRow> {
  const [inserted] = await db.insert(contentVersion).values(row).returning(columns);
  return inserted!;
}

/** The codes that have at least one version (every page's history starts at version 1). */
export async function codesWithVersions(db: Db): Promise<Set<string>> {
  const rows = await db.select({ code: contentVersion.code }).from(contentVersion).where(eq(contentVersion.version, 1));
  return new Set(rows.map((r) => r.code));
}


/**
 * Every page's current version's title and text (the site search, issue 23): for each page code,
 * the first row of its walk of content_version_published_idx (a probe per page). A DISTINCT ON over
 * the versions would read every page's whole history, which a server at the default
 * random_page_cost reads by a scan and a sort.
 */
export function currentTextsQuery(db: Db, now: Date) {
  const current = db
    .select({
      code: contentVersion.code,
      title: contentVersion.title,
      bodyText: contentVersion.bodyText,
      effectiveFrom: contentVersion.effectiveFrom,
    })
    .from(contentVersion)
    .where(and(sql`${contentVersion.code} = page.code`, published, lte(contentVersion.effectiveFrom, now)))
    .orderBy(...newestPublishedFirst)
    .limit(1)
    .as('current');
  return db
    .select({ code: current.code, title: current.title, bodyText: current.bodyText, effectiveFrom: current.effectiveFrom })
    .from(sql`unnest(${sql.param([...contentCodes])}::text[]) AS page(code)`)
    .crossJoinLateral(current);
}
