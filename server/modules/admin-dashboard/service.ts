import { accessActionLabels, DASHBOARD_LATEST_CHANGES, type AccessSubjectType, type AdminDashboard } from '@contract';
import { latestSiteChanges, latestSiteChangesQuery } from '@server/modules/access-record';
import type { AppDeps } from '../../deps';
import { DAY_MS } from '../../lib/clock';
import { toKstIso } from '../../lib/time';
import { inquiryCounts, inquiryCountsQuery, postCounts, postCountsQuery } from '@server/modules/board';
import { commentCounts, commentCountsQuery } from '@server/modules/comment';
import { memberCounts, memberCountsQuery, signinFailureCounts, signinFailureCountsQuery } from '@server/modules/user';

type Deps = Pick<AppDeps, 'db' | 'clock'>;
/** "This week" on the dashboard: the last 7 days up to now (contract/admin-dashboard.ts). */
export const WEEK_MS = 7 * DAY_MS;

/**
 * The dashboard's statements, each in the repository of the table it counts and each counted over
 * an index (dashboard query-plan test): members and sign-in failures (user), posts (board),
 * inquiries (inquiry), comments (comment).
 */
export const statements = {
  members: memberCountsQuery,
  posts: postCountsQuery,
  inquiries: inquiryCountsQuery,
  signin: signinFailureCountsQuery,
  comments: commentCountsQuery,
  latestChanges: () => latestSiteChangesQuery(DASHBOARD_LATEST_CHANGES),
};

/** `GET /api/admin/dashboard`: a handful of counts (the caller is checked by the route). */
export async function dashboard(deps: Deps): Promise<AdminDashboard> {
  const { db } = deps;
  const now = deps.clock.now();
  const weekFrom = new Date(now.getTime() - WEEK_MS);
  const dayFrom = new Date(now.getTime() - DAY_MS);

  const [members, posts, inquiries, signin, comments, changes] = await Promise.all([
    memberCounts(db, weekFrom),
    postCounts(db, weekFrom),
    inquiryCounts(db),
    signinFailureCounts(db, dayFrom),
    commentCounts(db, weekFrom),
    latestSiteChanges(db, DASHBOARD_LATEST_CHANGES),
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
    latestChanges: changes.map((c) => ({
      id: c.id,
      at: toKstIso(c.at),
      actorKey: c.actorKey,
      action: c.action,
      actionLabel: accessActionLabels[c.action],
      subjectType: c.subjectType as AccessSubjectType,
      subject: c.subject,
      detail: c.detail,
    })),
  };
}
