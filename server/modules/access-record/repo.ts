import { and, eq, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { AccessAction } from '@contract';
import type { AccessActor, AccessEntry } from './record';
import type { Db } from '../../db/client';
import { accessRecord, appUser } from '../../db/schema';

/** A resolved filter: moments, not the strings of the query. */
export interface RecordFilter {
  /** at >= from */
  from?: Date;
  /** at < before (a day's end) or at <= until (a moment): at most one of them. */
  before?: Date;
  until?: Date;
  actorId?: number;
  action?: AccessAction;
}

function conditions(f: RecordFilter): SQL | undefined {
  const where: SQL[] = [];
  if (f.from) where.push(gte(accessRecord.at, f.from));
  if (f.before) where.push(lt(accessRecord.at, f.before));
  if (f.until) where.push(lte(accessRecord.at, f.until));
  if (f.actorId !== undefined) where.push(eq(accessRecord.actorId, f.actorId));
  if (f.action) where.push(eq(accessRecord.action, f.action));
  return where.length ? and(...where) : undefined;
}

/**
 * Newest first, in the order of the index that serves the filter, so no list sorts:
 * `access_record_at_idx (at DESC, id DESC)` for the whole list and a period;
 * `access_record_actor_idx` / `access_record_action_idx` (…, id DESC) for one account or one
 * action. Ids follow the chain, which is the order records were written in; the two orders differ
 * only for records written within the same moment by concurrent requests.
 */
function order(f: RecordFilter): SQL[] {
  // Written as the indexes are (DESC NULLS LAST; plain DESC would mean NULLS FIRST and a sort).
  return f.actorId !== undefined || f.action
    ? [sql`${accessRecord.id} DESC NULLS LAST`]
    : [sql`${accessRecord.at} DESC NULLS LAST`, sql`${accessRecord.id} DESC NULLS LAST`];
}

/** A page's ids: an index-only scan to the offset (the rows themselves are read by id after). */
export function pageIdsQuery(db: Db, f: RecordFilter, offset: number, limit: number) {
  return db
    .select({ id: accessRecord.id })
    .from(accessRecord)
    .where(conditions(f))
    .orderBy(...order(f))
    .limit(limit)
    .offset(offset);
}

/**
 * The exact number of matching records, counted in the same index (index-only). Records are never
 * deleted, so this grows with the table: about 10 ms at 100,000 records (see query-plans test).
 */
export function countQuery(db: Db, f: RecordFilter) {
  return db.select({ n: sql<number>`count(*)::int` }).from(accessRecord).where(conditions(f));
}

const columns = {
  id: accessRecord.id,
  at: accessRecord.at,
  actorId: accessRecord.actorId,
  actorKey: accessRecord.actorKey,
  address: accessRecord.address,
  action: accessRecord.action,
  subjectType: accessRecord.subjectType,
  subject: accessRecord.subject,
  detail: accessRecord.detail,
  reason: accessRecord.reason,
  rowCount: accessRecord.rowCount,
};

export function rowsByIdQuery(db: Db, ids: number[]) {
  return db.select(columns).from(accessRecord).where(inArray(accessRecord.id, ids));
}

export type RecordRow = Awaited<ReturnType<typeof rowsByIdQuery>>[number];

/** The rows of these ids, in the ids' order (a join or ORDER BY would sort; putting them back here does not). */
export async function rowsById(db: Db, ids: number[]): Promise<RecordRow[]> {
  if (ids.length === 0) return [];
  const rows = await rowsByIdQuery(db, ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is RecordRow => r !== undefined);
}

/** Up to `limit` matching records, newest first, whole rows (the export). */
export function listRowsQuery(db: Db, f: RecordFilter, limit: number) {
  return db.select(columns).from(accessRecord).where(conditions(f)).orderBy(...order(f)).limit(limit);
}

/**
 * The staff account a filter names: its sign-in key exactly, else (all digits) its id. Accounts
 * are looked up, not the records' `actor_key`, so the actor index serves the list.
 */
export async function findActorId(db: Db, actor: string): Promise<number | null> {
  const [byKey] = await db.select({ id: appUser.id }).from(appUser).where(eq(appUser.userKeyCode, actor)).limit(1);
  if (byKey) return byKey.id;
  if (!/^\d{1,15}$/.test(actor)) return null;
  const [byId] = await db.select({ id: appUser.id }).from(appUser).where(eq(appUser.id, Number(actor))).limit(1);
  return byId?.id ?? null;
}

/**
 * One access record (record.ts, recordAccess); false when no account has the actor's id. The
 * actor's key is copied from `app_user` in the same statement (read only; the user module owns
 * that table). The id, the previous row's hash and this row's hash are set by the database
 * (migration 0008), under a lock that serialises the chain.
 */
export async function insertAccessRecord(db: Db, actor: AccessActor, at: Date, entry: AccessEntry): Promise<boolean> {
  const result = await db.execute(sql`
    INSERT INTO access_record (id, at, actor_id, actor_key, address, action, subject_type, subject, detail, reason, row_count, prev_hash, hash)
    SELECT 0, ${at.toISOString()}::timestamptz, u.id, u.user_key_code, ${actor.address}, ${entry.action},
           ${entry.subjectType}, ${entry.subject}, ${JSON.stringify(entry.detail ?? {})}::jsonb,
           ${entry.reason ?? null}, ${entry.rowCount ?? null}, '', ''
    FROM app_user u WHERE u.id = ${actor.userId}`);
  return (result as unknown as { rowCount: number | null }).rowCount === 1;
}

/** The actions that change the site's own words (issue 22): content, menu and pop-ups. */
export const siteChangeActions = ['CONTENT_UPDATE', 'CONTENT_RESTORE', 'MENU_UPDATE', 'POPUP_CREATE', 'POPUP_UPDATE', 'POPUP_DELETE'] as const satisfies readonly AccessAction[];

/**
 * The newest `limit` changes to content, the menu and pop-ups (the dashboard). One walk of
 * access_record_action_idx (action, id DESC) per action, each stopping at `limit`, merged newest
 * first by a Merge Append: no sort, and none of the personal-data records (most of the table) read.
 */
export function latestSiteChangesQuery(limit: number): SQL {
  const perAction = siteChangeActions.map(
    (action) => sql`(SELECT id, at, actor_key, action, subject_type, subject, detail FROM access_record
      WHERE action = ${action} ORDER BY id DESC NULLS LAST LIMIT ${limit})`,
  );
  return sql`SELECT id, at, actor_key, action, subject_type, subject, detail FROM (${sql.join(perAction, sql` UNION ALL `)}) AS changes
    ORDER BY id DESC NULLS LAST LIMIT ${limit}`;
}

export interface SiteChangeRow {
  id: number;
  at: Date;
  actorKey: string;
  action: AccessAction;
  subjectType: string;
  subject: string;
  detail: Record<string, unknown>;
}

export async function latestSiteChanges(db: Db, limit: number): Promise<SiteChangeRow[]> {
  const result = (await db.execute(latestSiteChangesQuery(limit))) as unknown as {
    rows: { id: string | number; at: Date | string; actor_key: string; action: AccessAction; subject_type: string; subject: string; detail: Record<string, unknown> }[];
  };
  return result.rows.map((r) => ({
    id: Number(r.id),
    at: new Date(r.at),
    actorKey: r.actor_key,
    action: r.action,
    subjectType: r.subject_type,
    subject: r.subject,
    detail: r.detail,
  }));
}

interface ChainRow {
  id: string;
  hash: string;
  prev_hash: string;
  canonical: string;
}

/** The chain check (verify.ts): the records after id `after`, in id order (a walk of the primary key), with the text each hash covers. */
export function chainBatch(after: string, batchSize: number) {
  return sql`
    SELECT r.id::text AS id, r.hash, r.prev_hash, access_record_canonical(r) AS canonical
    FROM access_record r WHERE r.id > ${after}::bigint ORDER BY r.id LIMIT ${batchSize}`;
}

export async function readChainBatch(db: Db, after: string, batchSize: number): Promise<ChainRow[]> {
  const result = (await db.execute(chainBatch(after, batchSize))) as unknown as { rows: ChainRow[] };
  return result.rows;
}

/**
 * The chain's length and its last record's hash, in one statement (one snapshot: a record written
 * meanwhile is in both or in neither). The count is an index-only walk of the primary key: the
 * console asks for it when its access-record screen opens, not per request of the site.
 */
export const chainHeadQuery = sql`
  SELECT (SELECT count(*)::int FROM access_record) AS count,
         coalesce((SELECT hash FROM access_record ORDER BY id DESC LIMIT 1), repeat('0', 64)) AS last_hash`;

export async function chainHead(db: Db): Promise<{ count: number; lastHash: string }> {
  const result = (await db.execute(chainHeadQuery)) as unknown as { rows: { count: number; last_hash: string }[] };
  const row = result.rows[0]!;
  return { count: row.count, lastHash: row.last_hash };
}
