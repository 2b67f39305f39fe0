import { and, count, eq, gte, inArray, isNull, like, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { MemberFilter, UserKeyType } from '@contract';
import type { Db } from '../../db/client';
import { firstRow } from '@server/db/first-row';
import { appUser, role, signinFailure, twoFactor } from '../../db/schema';
import { deleteMessagesTo } from '@server/modules/delivery';
import { deleteTokensOfMember } from '@server/modules/user-key';

const detailColumns = {
  id: appUser.id,
  userKeyCode: appUser.userKeyCode,
  name: appUser.name,
  userType: appUser.userType,
  status: appUser.status,
  email: appUser.email,
  mobile: appUser.mobile,
  profile: appUser.profile,
  passwordHash: appUser.passwordHash,
  createdAt: appUser.createdAt,
  roleCode: role.roleCode,
  permissions: role.permissions,
};

export interface UserRecord {
  id: number;
  userKeyCode: string;
  name: string;
  userType: 'Member' | 'Admin';
  status: 'ACTIVE' | 'LOCKED' | 'RETIRED';
  email: string | null;
  mobile: string | null;
  profile: Record<string, unknown>;
  passwordHash: string;
  createdAt: Date;
  roleCode: string;
  permissions: string[];
}

export async function findUser(db: Db, id: number): Promise<UserRecord | undefined> {
  const [row] = await db.select(detailColumns).from(appUser).innerJoin(role, eq(role.roleCode, appUser.roleCode)).where(eq(appUser.id, id));
  return row;
}

export async function insertUser(db: Db, values: typeof appUser.$inferInsert): Promise<number> {
  const [row] = await db.insert(appUser).values(values).returning({ id: appUser.id });
  return row!.id;
}

/** The member a reset pincode may go to: an active account with this e-mail address. */
export async function findActiveUserIdByEmail(db: Db, email: string): Promise<number | null> {
  const [row] = await db
    .select({ id: appUser.id })
    .from(appUser)
    .where(and(eq(appUser.email, email), eq(appUser.status, 'ACTIVE')));
  return row?.id ?? null;
}

/** Find-ID: the accounts of a verified e-mail address or mobile number, oldest first; retired ones excluded. */
export async function findUsersByVerifiedKey(db: Db, keyType: 'EMAIL' | 'MOBILE', keyCode: string) {
  return db
    .select({ userKeyCode: appUser.userKeyCode, createdAt: appUser.createdAt })
    .from(appUser)
    .where(
      and(
        ne(appUser.status, 'RETIRED'),
        or(eq(appUser.userKeyCode, keyCode), keyType === 'EMAIL' ? eq(appUser.email, keyCode) : eq(appUser.mobile, keyCode)),
      ),
    )
    .orderBy(appUser.createdAt, appUser.id);
}

export async function updateUser(db: Db, id: number, values: Partial<typeof appUser.$inferInsert>): Promise<boolean> {
  const rows = await db.update(appUser).set(values).where(eq(appUser.id, id)).returning({ id: appUser.id });
  return rows.length === 1;
}

/** A new password for an active account; also lifts a sign-in lock. False if the account is not active. */
export async function setPassword(db: Db, id: number, passwordHash: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(appUser)
    .set({ passwordHash, failedSigninCount: 0, lockedUntil: null, modifiedAt: now })
    .where(and(eq(appUser.id, id), eq(appUser.status, 'ACTIVE')))
    .returning({ id: appUser.id });
  return rows.length === 1;
}

/** Retirement: pincode tokens and sent messages that name the member's addresses go too. */
export async function deleteTracesOf(db: Db, userId: number, addresses: { email: string | null; mobile: string | null }): Promise<void> {
  await deleteTokensOfMember(db, userId, addresses);
  await deleteMessagesTo(db, [addresses.email, addresses.mobile].filter((r): r is string => r !== null));
  // Failed sign-ins keep the key typed, often the e-mail address or number.
  await db.delete(signinFailure).where(eq(signinFailure.userId, userId));
}

// The account as sign-in and every password check read it, its sign-in lock (user/attempts.ts) and its failed sign-ins.

export const userWithRoleColumns = {
  id: appUser.id,
  userKeyCode: appUser.userKeyCode,
  name: appUser.name,
  userType: appUser.userType,
  status: appUser.status,
  passwordHash: appUser.passwordHash,
  lockedUntil: appUser.lockedUntil,
  failedSigninCount: appUser.failedSigninCount,
  roleCode: role.roleCode,
  permissions: role.permissions,
};
export interface UserWithRole {
  id: number;
  userKeyCode: string;
  name: string;
  userType: 'Member' | 'Admin';
  status: 'ACTIVE' | 'LOCKED' | 'RETIRED';
  passwordHash: string;
  lockedUntil: Date | null;
  failedSigninCount: number;
  roleCode: string;
  permissions: string[];
}

/** The member with their role, by id (app_user_pkey). */
const userWithRoleById = (db: Db, id: number) =>
  db.select(userWithRoleColumns).from(appUser).innerJoin(role, eq(role.roleCode, appUser.roleCode)).where(eq(appUser.id, id));

export async function findUserById(db: Db, id: number): Promise<UserWithRole | undefined> {
  const [row] = await userWithRoleById(db, id);
  return row;
}

/**
 * The member with their role, their row held until the transaction ends (`db` is one): the hold
 * auth/refresh-tokens.ts memberHoldQuery takes, with the member read in the same statement, for a
 * sign-in or token exchange about to store a token (decision 0043).
 */
export async function holdUserById(tx: Db, id: number): Promise<UserWithRole | undefined> {
  const [row] = await heldUserQuery(tx, id);
  return row;
}

/** holdUserById's statement. Exported for the query-plan test. */
export function heldUserQuery(db: Db, id: number) {
  return userWithRoleById(db, id).for('no key update', { of: appUser });
}

/**
 * Counts a sign-in attempt before its password (and code) is checked, in one statement that
 * refuses it (null) while the account is locked. Counted after the check instead, a burst of
 * parallel attempts all passed the lock check during argon2's tens of milliseconds before any
 * was counted, so the five-attempt lock bounded nothing within a burst. The fifth in a row locks
 * sign-in until `lockUntil` and starts the count again; `lockedByThis` is that lock's end when
 * this attempt set it. A success clears the count (clearFailedSignins).
 */
export async function reserveSigninAttempt(
  db: Db,
  id: number,
  maxFailures: number,
  lockUntil: Date,
  now: Date,
): Promise<{ lockedByThis: Date | null } | null> {
  const reachesMax = sql`${appUser.failedSigninCount} + 1 >= ${maxFailures}`;
  const [row] = await db
    .update(appUser)
    .set({
      failedSigninCount: sql`CASE WHEN ${reachesMax} THEN 0 ELSE ${appUser.failedSigninCount} + 1 END`,
      lockedUntil: sql`CASE WHEN ${reachesMax} THEN ${lockUntil}::timestamptz ELSE ${appUser.lockedUntil} END`,
    })
    .where(and(eq(appUser.id, id), or(isNull(appUser.lockedUntil), lte(appUser.lockedUntil, now))))
    .returning({ lockedUntil: appUser.lockedUntil });
  if (!row) return null;
  return { lockedByThis: row.lockedUntil && row.lockedUntil.getTime() > now.getTime() ? row.lockedUntil : null };
}

/**
 * Gives back an attempt that turned out to be no failure (a right password whose code is still to
 * come): one fewer in the count, or, when it set the lock, the lock lifted with the count one short.
 */
export async function returnSigninAttempt(db: Db, id: number, maxFailures: number, lockedByThis: Date | null): Promise<void> {
  if (lockedByThis) {
    await db
      .update(appUser)
      .set({ failedSigninCount: maxFailures - 1, lockedUntil: null })
      .where(and(eq(appUser.id, id), eq(appUser.lockedUntil, lockedByThis)));
    return;
  }
  await db
    .update(appUser)
    .set({ failedSigninCount: sql`GREATEST(${appUser.failedSigninCount} - 1, 0)` })
    .where(eq(appUser.id, id));
}

export async function clearFailedSignins(db: Db, id: number): Promise<void> {
  await db.update(appUser).set({ failedSigninCount: 0, lockedUntil: null }).where(eq(appUser.id, id));
}

/**
 * One failed sign-in, for the console's dashboard (issue 9): who was tried (null for a key no
 * member has), from where, and whether this failure locked the account. One small insert.
 */
export async function insertSigninFailure(db: Db, values: typeof signinFailure.$inferInsert): Promise<void> {
  await db.insert(signinFailure).values(values);
}

/** Housekeeping: failed sign-ins recorded before `cutoff`; answers how many went. */
export async function deleteSigninFailuresBefore(db: Db, cutoff: Date): Promise<number> {
  const gone = await db.delete(signinFailure).where(lt(signinFailure.at, cutoff)).returning({ id: signinFailure.id });
  return gone.length;
}

/**
 * The account a sign-in key names under the site's authType (spec §3): the ID column
 * (`user_key_code`) on an ID site, the `email` column on an e-mail site and the `mobile` column on
 * a mobile site, so members who joined under an earlier authType sign in with the new key after a
 * switch (the console refuses a switch while an active member lacks it). System administrators
 * (userType Admin) also keep their ID on every authType, so a switch never locks them out.
 * `ambiguous` when a number belongs to more than one account.
 */
export async function findUserBySigninKey(
  db: Db,
  keyType: 'ID' | 'EMAIL' | 'MOBILE',
  typed: string,
): Promise<UserWithRole | 'ambiguous' | undefined> {
  const key = typed.trim();
  const adminId = and(eq(appUser.userType, 'Admin'), eq(appUser.userKeyCode, key));
  const where =
    keyType === 'ID'
      ? eq(appUser.userKeyCode, key)
      : keyType === 'EMAIL'
        ? or(eq(appUser.email, key.toLowerCase()), adminId)
        : or(and(eq(appUser.mobile, key), ne(appUser.status, 'RETIRED')), adminId);
  const rows = await db
    .select(userWithRoleColumns)
    .from(appUser)
    .innerJoin(role, eq(role.roleCode, appUser.roleCode))
    .where(where)
    .limit(2);
  if (rows.length > 1) return rows.find((r) => r.userType === 'Admin' && r.userKeyCode === key) ?? 'ambiguous';
  return rows[0];
}

/**
 * The console's dashboard (admin-dashboard): active members, over `app_user_status_idx (status, ...)`,
 * and those who joined since `week`, over `app_user_created_idx (created_at DESC, ...)`.
 */
export const memberCountsQuery = (week: Date) =>
  sql`SELECT (SELECT count(*)::int FROM app_user WHERE status = 'ACTIVE') AS active,
             (SELECT count(*)::int FROM app_user WHERE created_at >= ${week.toISOString()}::timestamptz) AS new_this_week`;

export const memberCounts = (db: Db, week: Date) => firstRow<{ active: number; new_this_week: number }>(db, memberCountsQuery(week));

/** The console's dashboard: failed sign-ins since `day` and how many of them locked an account, over `signin_failure_at_idx`. */
export const signinFailureCountsQuery = (day: Date) =>
  sql`SELECT count(*)::int AS failures, count(*) FILTER (WHERE locked)::int AS lockouts
      FROM signin_failure WHERE at >= ${day.toISOString()}::timestamptz`;

export const signinFailureCounts = (db: Db, day: Date) => firstRow<{ failures: number; lockouts: number }>(db, signinFailureCountsQuery(day));

/** The console's roles (admin-role): members per role, retired ones included: read from app_user_role_idx alone (an index-only scan). */
export function roleHoldersQuery(db: Db) {
  return db.select({ roleCode: appUser.roleCode, n: count() }).from(appUser).groupBy(appUser.roleCode);
}

/** Retired members per role: the few RETIRED rows found through app_user_status_idx. */
export function retiredRoleHoldersQuery(db: Db) {
  return db.select({ roleCode: appUser.roleCode, n: count() }).from(appUser).where(eq(appUser.status, 'RETIRED')).groupBy(appUser.roleCode);
}

/**
 * How many members who have not left hold each role. Two indexed counts instead of one that
 * filters by status, which would have to read every member's row.
 */
export async function roleHolderCounts(db: Db): Promise<Map<string, number>> {
  const [all, retired] = await Promise.all([roleHoldersQuery(db), retiredRoleHoldersQuery(db)]);
  const counts = new Map(all.map((r) => [r.roleCode, r.n]));
  for (const r of retired) counts.set(r.roleCode, (counts.get(r.roleCode) ?? 0) - r.n);
  return counts;
}

export async function roleHolderCount(db: Db, roleCode: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(appUser)
    .where(sql`${appUser.roleCode} = ${roleCode} AND ${appUser.status} <> 'RETIRED'`);
  return row?.n ?? 0;
}

// The console's members (admin-member): the list, its filter and export, one member, the console's changes.
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

const memberRowColumns = {
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
    .select(memberRowColumns)
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


const memberDetailColumns = {
  ...memberRowColumns,
  profile: appUser.profile,
  failedSigninCount: appUser.failedSigninCount,
  lockedUntil: appUser.lockedUntil,
  retiredAt: appUser.retiredAt,
  sessionsRevokedAt: appUser.sessionsRevokedAt,
  // A subquery, not a join: findMember may lock the member's row FOR UPDATE. The outer column is
  // qualified by hand (Drizzle writes a bare "id" in a one-table select; see board/repo.ts, liveItemCount).
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
  const query = db.select(memberDetailColumns).from(appUser).where(eq(appUser.id, id));
  const [row] = opts.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function updateMember(db: Db, id: number, values: Partial<typeof appUser.$inferInsert>): Promise<void> {
  await db.update(appUser).set(values).where(eq(appUser.id, id));
}

/** Rows of an export: the same filter and order as the list, at most `limit`. */
export function exportQuery(db: Db, filter: MemberFilter, limit: number) {
  return db
    .select({ ...memberRowColumns, retiredAt: appUser.retiredAt })
    .from(appUser)
    .where(filterWhere(filter))
    .orderBy(...newestFirst)
    .limit(limit);
}

/**
 * Whether a key is taken: an ID by any account (a retired member's ID stays reserved), an e-mail
 * address or mobile number by an account's key or by its e-mail or mobile field.
 */
export async function keyInUse(db: Db, type: UserKeyType, code: string): Promise<boolean> {
  const where =
    type === 'ID'
      ? eq(appUser.userKeyCode, code)
      : or(eq(appUser.userKeyCode, code), type === 'EMAIL' ? eq(appUser.email, code) : eq(appUser.mobile, code));
  const rows = await db.select({ id: appUser.id }).from(appUser).where(where).limit(1);
  return rows.length > 0;
}

/** Active members (not system administrators) without an e-mail address, or without a mobile number (the site settings' authType switch). */
export async function activeMembersWithout(db: Db, key: 'email' | 'mobile'): Promise<number> {
  const activeMembers = and(eq(appUser.status, 'ACTIVE'), ne(appUser.userType, 'Admin'));
  const column = key === 'email' ? appUser.email : appUser.mobile;
  const [lacking] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(appUser)
    .where(and(activeMembers, or(isNull(column), eq(column, ''))));
  return lacking?.count ?? 0;
}

/** Active members (not system administrators) whose mobile number another account that is not retired also has. */
export async function activeMembersSharingMobile(db: Db): Promise<number> {
  const result = (await db.execute(sql`
      SELECT count(*)::int AS count FROM app_user u
      WHERE u.status = 'ACTIVE' AND u.user_type <> 'Admin' AND u.mobile IS NOT NULL
        AND EXISTS (SELECT 1 FROM app_user o WHERE o.mobile = u.mobile AND o.id <> u.id AND o.status <> 'RETIRED')`)) as unknown as {
    rows: { count: number }[];
  };
  return Number(result.rows[0]?.count ?? 0);
}

/** A member's name, as a post or a comment shows its writer. */
export async function memberName(db: Db, userId: number): Promise<string | undefined> {
  const [row] = await db.select({ name: appUser.name }).from(appUser).where(eq(appUser.id, userId));
  return row?.name;
}
