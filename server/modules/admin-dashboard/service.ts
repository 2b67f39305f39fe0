import { sql } from 'drizzle-orm';
import type { AdminDashboard } from '@contract';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/client';
import { toKstIso } from '../../lib/time';

type Deps = Pick<AppDeps, 'db' | 'clock'>;
const DAY_MS = 24 * 60 * 60 * 1000;
/** "This week" on the dashboard: the last 7 days up to now (contract/admin-dashboard.ts). */
export const WEEK_MS = 7 * DAY_MS;

type Rows<T> = { rows: T[] };
async function one<T>(db: Db, query: ReturnType<typeof sql>): Promise<T> {
  const result = (await db.execute(query)) as unknown as Rows<T>;
  return result.rows[0]!;
}

/**
 * The dashboard's statements, each counted over an index (dashboard query-plan test):
 * - members: `app_user_status_idx (status, ...)` and `app_user_created_idx (created_at DESC, ...)`;
 * - posts: the total from the counters the board triggers keep; the week per board over
 *   `board_item_created_idx (board_code, created_at DESC, ...)`, an index-only range each;
 * - inquiries: `board_item_inquiry_status_idx (board_code, inquiry_status, ...)`, index-only;
 * - sign-in failures: `signin_failure_at_idx`;
 * - comments: `board_item_comment_created_idx (created_at) WHERE deleted_at IS NULL`, index-only.
 */
export const statements = {
  members: (week: Date) =>
    sql`SELECT (SELECT count(*)::int FROM app_user WHERE status = 'ACTIVE') AS active,
               (SELECT count(*)::int FROM app_user WHERE created_at >= ${week.toISOString()}::timestamptz) AS new_this_week`,
  posts: (week: Date) =>
    sql`SELECT (SELECT coalesce(sum(item_count), 0)::int FROM board_item_count) AS total,
               (SELECT coalesce(sum(c.n), 0)::int FROM board b, LATERAL (
                  SELECT count(*) AS n FROM board_item i
                  WHERE i.board_code = b.board_code AND i.deleted_at IS NULL AND i.created_at >= ${week.toISOString()}::timestamptz) c
               ) AS this_week`,
  inquiries: () =>
    sql`SELECT coalesce(sum(c.n) FILTER (WHERE s.status = 'RECEIVED'), 0)::int AS received,
               coalesce(sum(c.n) FILTER (WHERE s.status = 'IN_PROGRESS'), 0)::int AS in_progress
        FROM board b
        CROSS JOIN (VALUES ('RECEIVED'), ('IN_PROGRESS')) AS s(status)
        CROSS JOIN LATERAL (
          SELECT count(*) AS n FROM board_item i
          WHERE i.board_code = b.board_code AND i.deleted_at IS NULL AND i.inquiry_status = s.status) c
        WHERE b.list_style = 'inquiry'`,
  signin: (day: Date) =>
    sql`SELECT count(*)::int AS failures, count(*) FILTER (WHERE locked)::int AS lockouts
        FROM signin_failure WHERE at >= ${day.toISOString()}::timestamptz`,
  comments: (week: Date) =>
    sql`SELECT count(*)::int AS n FROM board_item_comment
        WHERE created_at >= ${week.toISOString()}::timestamptz AND deleted_at IS NULL`,
};

/** `GET /api/admin/dashboard`: a handful of counts (the caller is checked by the route). */
export async function dashboard(deps: Deps): Promise<AdminDashboard> {
  const { db } = deps;
  const now = deps.clock.now();
  const weekFrom = new Date(now.getTime() - WEEK_MS);
  const dayFrom = new Date(now.getTime() - DAY_MS);

  const [members, posts, inquiries, signin, comments] = await Promise.all([
    one<{ active: number; new_this_week: number }>(db, statements.members(weekFrom)),
    one<{ total: number; this_week: number }>(db, statements.posts(weekFrom)),
    one<{ received: number; in_progress: number }>(db, statements.inquiries()),
    one<{ failures: number; lockouts: number }>(db, statements.signin(dayFrom)),
    one<{ n: number }>(db, statements.comments(weekFrom)),
  ]);

  return {
    at: toKstIso(now),
    weekFrom: toKstIso(weekFrom),
    dayFrom: toKstIso(dayFrom),
    members: { active: members.active, newThisWeek: members.new_this_week },
    posts: { total: posts.total, thisWeek: posts.this_week },
    comments: { thisWeek: comments.n },
    inquiries: { waiting: inquiries.received + inquiries.in_progress, received: inquiries.received, inProgress: inquiries.in_progress },
    signin: { failures: signin.failures, lockouts: signin.lockouts },
  };
}
