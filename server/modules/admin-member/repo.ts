import { and, count, eq, gte, inArray, like, lt, or, sql, type SQL } from 'drizzle-orm';
import type { MemberFilter } from '@contract';
import type { Db } from '../../db/client';
import { appUser, twoFactor } from '../../db/schema';

/** KST midnight of a YYYY-MM-DD date (the console's dates are Korean calendar days). */
export const kstDayStart = (day: string) => new Date(`${day}T00:00:00+09:00`);
const nextKstDayStart = (day: string) => new Date(kstDayStart(day).getTime() + 24 * 60 * 60 * 1000);

/** `LIKE` pattern for "starts with": the keyword's own % _ and \ match themselves. */
export const startsWith = (keyword: string) => `${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A mobile number as stored (010-1234-5678) from what staff type (01012345678 or with hyphens). */
export function mobileForms(keyword: string): string[] {
  const digits = keyword.replace(/-/g, '');
  if (!/^\d{9,11}$/.test(digits)) return [keyword];
  const head = digits.slice(0, digits.startsWith('02') ? 2 : 3);
  const rest = digits.slice(head.length);
  const mid = rest.slice(0, rest.length - 4);
  return [...new Set([keyword, `${head}-${mid}-${rest.slice(-4)}`])];
}

/**
 * The member filter as SQL. Every part can be served by an index: the sign-up period by
 * app_user_created_idx, the keyword by the name and key prefix indexes and the e-mail and mobile
 * indexes (one BitmapOr, migration 0010). Role and status narrow rows the index already found.
 */
export function filterWhere(filter: MemberFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (filter.joinedFrom) parts.push(gte(appUser.createdAt, kstDayStart(filter.joinedFrom)));
  if (filter.joinedTo) parts.push(lt(appUser.createdAt, nextKstDayStart(filter.joinedTo)));
  if (filter.roleCode) parts.push(eq(appUser.roleCode, filter.roleCode));
  if (filter.status) parts.push(eq(appUser.status, filter.status));
  const keyword = filter.keyword?.trim();
  if (keyword) {
    parts.push(
      or(
        like(appUser.name, startsWith(keyword)),
        like(appUser.userKeyCode, startsWith(keyword)),
        eq(appUser.email, keyword.toLowerCase()),
        inArray(appUser.mobile, mobileForms(keyword)),
      ),
    );
  }
  return parts.length ? and(...parts) : undefined;
}

/** Written as app_user_created_idx (and the role and status indexes) are, NULLS placement included, so no sort is needed. */
const newestFirst = [sql`${appUser.createdAt} DESC NULLS LAST`, sql`${appUser.id} DESC NULLS LAST`];

const rowColumns = {
  id: appUser.id,
  userKeyCode: appUser.userKeyCode,
  name: appUser.name,
  email: appUser.email,
  mobile: appUser.mobile,
  userType: appUser.userType,
  roleCode: appUser.roleCode,
  status: appUser.status,
  createdAt: appUser.createdAt,
};
export interface MemberListRow {
  id: number;
  userKeyCode: string;
  name: string;
  email: string | null;
  mobile: string | null;
  userType: 'Member' | 'Admin';
  roleCode: string;
  status: 'ACTIVE' | 'LOCKED' | 'RETIRED';
  createdAt: Date;
}

/** A page of members, newest first (the order of app_user_created_idx, so no sort). */
export function pageQuery(db: Db, filter: MemberFilter, offset: number, limit: number) {
  return db
    .select(rowColumns)
    .from(appUser)
    .where(filterWhere(filter))
    .orderBy(...newestFirst)
    .limit(limit)
    .offset(offset);
}

export function countQuery(db: Db, filter: MemberFilter) {
  return db.select({ total: count() }).from(appUser).where(filterWhere(filter));
}

export async function listMembers(db: Db, filter: MemberFilter, offset: number, limit: number): Promise<{ rows: MemberListRow[]; total: number }> {
  // One after another: `db` is the caller's transaction (one connection, one query at a time).
  const rows = await pageQuery(db, filter, offset, limit);
  const [counted] = await countQuery(db, filter);
  return { rows, total: counted?.total ?? 0 };
}


const detailColumns = {
  ...rowColumns,
  profile: appUser.profile,
  failedSigninCount: appUser.failedSigninCount,
  lockedUntil: appUser.lockedUntil,
  retiredAt: appUser.retiredAt,
  sessionsRevokedAt: appUser.sessionsRevokedAt,
  // A subquery, not a join: findMember may lock the member's row FOR UPDATE. The outer column is
  // qualified by hand (Drizzle writes a bare "id" in a one-table select; see admin-board/repo.ts).
  twoFactorEnabled: sql<boolean>`EXISTS (SELECT 1 FROM ${twoFactor} WHERE ${twoFactor.userId} = ${appUser}.${sql.identifier(appUser.id.name)} AND ${twoFactor.confirmedAt} IS NOT NULL)`.mapWith(Boolean),
};
export type MemberRecord = MemberListRow & {
  profile: Record<string, unknown>;
  failedSigninCount: number;
  lockedUntil: Date | null;
  retiredAt: Date | null;
  sessionsRevokedAt: Date | null;
  twoFactorEnabled: boolean;
};

/** One member; `forUpdate` locks the row for the rest of the transaction (a change checks, then writes). */
export async function findMember(db: Db, id: number, opts: { forUpdate?: boolean } = {}): Promise<MemberRecord | undefined> {
  const query = db.select(detailColumns).from(appUser).where(eq(appUser.id, id));
  const [row] = opts.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function updateMember(db: Db, id: number, values: Partial<typeof appUser.$inferInsert>): Promise<void> {
  await db.update(appUser).set(values).where(eq(appUser.id, id));
}

/** Rows of an export: the same filter and order as the list, at most `limit`. */
export function exportQuery(db: Db, filter: MemberFilter, limit: number) {
  return db
    .select({ ...rowColumns, retiredAt: appUser.retiredAt })
    .from(appUser)
    .where(filterWhere(filter))
    .orderBy(...newestFirst)
    .limit(limit);
}

