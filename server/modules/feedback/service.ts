import type { z } from 'zod';
import {
  feedbackMessages as m, feedbackScoreLabel, feedbackScreenKey, pageOf,
  type feedbackCommentQuery, type FeedbackCommentPage, type feedbackExportRequest, type FeedbackRequest, type FeedbackScreenSummary,
  type FeedbackSummary,
} from '@contract';
import type { AppDeps } from '../../deps';
import { badRequest, conflict } from '../../errors';
import { kstDate, toKstIso } from '../../lib/time';
import { buildWorkbook, EXPORT_MAX_ROWS, type WorkbookExport } from '../../lib/xlsx';
import { recordAccess, type AccessActor } from '@server/modules/access-record';
import type { ScreenStatusOf } from '@server/modules/seo';
import * as repo from './repo';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'visitorKeys'>;

/** Who answers: the address and browser, turned into the day's salted key and never stored. */
export interface Visitor {
  address: string;
  userAgent: string | undefined;
}

/**
 * A comment as stored: plain text, trimmed, line ends as `\n`, other control characters dropped
 * (they have no use in a comment and confuse a spreadsheet); blank is none.
 */
export function cleanComment(comment: string | undefined): string | null {
  if (comment === undefined) return null;
  // eslint-disable-next-line no-control-regex
  const text = comment.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '').trim();
  return text === '' ? null : text;
}

/**
 * `POST /api/feedback`: one answer per screen, visitor and Korean calendar day. A second answer
 * that day is refused (409) rather than taking the first's place: a shared office address and
 * browser give colleagues one key, and one of them must not silently replace another's answer;
 * the form says the day's answer is in.
 */
export async function submitFeedback(deps: Deps, visitor: Visitor, input: FeedbackRequest, statusOf: ScreenStatusOf): Promise<void> {
  const path = feedbackScreenKey(input.path);
  // A board or post that is not there (the page's own 404, kept per board: seo/not-found.ts) is no
  // screen to rate. With the database unsure, the answer is taken rather than lost.
  if (path === null || (await statusOf(path).catch(() => 200)) === 404) throw badRequest(m.notAScreen, { field: 'path' });
  const now = deps.clock.now();
  const visitorKey = await deps.visitorKeys.keyOf(visitor.address, visitor.userAgent, now);
  const stored = await repo.insertFeedback(deps.db, { path, day: kstDate(now), visitorKey, score: input.score, comment: cleanComment(input.comment), createdAt: now });
  if (!stored) throw conflict(m.alreadyAnswered);
}

type Period = repo.Period;

/** A period the console may read: `from` not after `to`, at most 366 days. */
function checkPeriod(period: Period): Period {
  if (period.from > period.to) throw badRequest(m.badPeriod, { field: 'from' });
  const days = (Date.parse(`${period.to}T00:00:00Z`) - Date.parse(`${period.from}T00:00:00Z`)) / 86_400_000;
  if (days > 366) throw badRequest(m.periodTooLong, { field: 'from' });
  return period;
}

function summaryOf(distribution: number[]): Omit<FeedbackScreenSummary, 'path'> {
  const count = distribution.reduce((a, b) => a + b, 0);
  const sum = distribution.reduce((a, n, i) => a + n * (i + 1), 0);
  return { count, average: count === 0 ? 0 : Math.round((sum / count) * 100) / 100, distribution };
}

/** `GET /api/admin/feedback`: each screen's average, count and distribution, most answers first. */
export async function feedbackSummary(deps: Deps, query: Period): Promise<FeedbackSummary> {
  const period = checkPeriod(query);
  const rows = await repo.scoreCountsQuery(deps.db, period);
  const byPath = new Map<string, number[]>();
  const total = [0, 0, 0, 0, 0];
  for (const row of rows) {
    let counts = byPath.get(row.path);
    if (!counts) byPath.set(row.path, (counts = [0, 0, 0, 0, 0]));
    counts[row.score - 1]! += row.count;
    total[row.score - 1]! += row.count;
  }
  const screens = [...byPath].map(([path, distribution]) => ({ path, ...summaryOf(distribution) }));
  screens.sort((a, b) => b.count - a.count || a.path.localeCompare(b.path));
  return { ...period, screens, total: summaryOf(total) };
}

/** `GET /api/admin/feedback/comments`: the period's comments, newest first. */
export async function feedbackComments(deps: Deps, query: z.output<typeof feedbackCommentQuery>): Promise<FeedbackCommentPage> {
  const period = checkPeriod(query);
  const path = query.path === undefined ? undefined : (feedbackScreenKey(query.path) ?? query.path.toLowerCase());
  const rows = await repo.commentPageQuery(deps.db, period, path, (query.page - 1) * query.size, query.size);
  const [total] = await repo.commentCountQuery(deps.db, period, path);
  return {
    content: rows.map(({ createdAt, ...row }) => ({ ...row, createdDate: toKstIso(createdAt) })),
    ...pageOf(total?.count ?? 0, query),
  };
}

/**
 * `POST /api/admin/feedback/export-data`: the period's answers as .xlsx, and one FEEDBACK_EXPORT
 * record with the reason (comments are free text that may hold personal data).
 */
export async function exportFeedback(deps: Deps, actor: AccessActor, request: z.output<typeof feedbackExportRequest>): Promise<WorkbookExport> {
  const { reason, ...query } = request;
  const period = checkPeriod(query);
  const rows = await repo.answersQuery(deps.db, period, EXPORT_MAX_ROWS + 1);
  if (rows.length > EXPORT_MAX_ROWS) throw badRequest(m.exportTooLarge);
  const data = await buildWorkbook({
    name: '만족도 조사',
    columns: [
      { header: '날짜', width: 12, value: (row) => row.day },
      { header: '일시', width: 26, value: (row) => toKstIso(row.createdAt) },
      { header: '화면', width: 40, value: (row) => row.path },
      { header: '점수', width: 8, value: (row) => row.score },
      { header: '만족도', width: 12, value: (row) => feedbackScoreLabel(row.score) },
      { header: '의견', width: 60, value: (row) => row.comment ?? '' },
    ],
    rows,
  });
  const now = deps.clock.now();
  await recordAccess(deps.db, actor, now, {
    action: 'FEEDBACK_EXPORT',
    subjectType: 'feedback',
    subject: `만족도 조사 ${period.from} ~ ${period.to}`,
    detail: { from: period.from, to: period.to },
    reason,
    rowCount: rows.length,
  });
  return { fileName: `만족도조사_${period.from}_${period.to}.xlsx`, data, rowCount: rows.length };
}
