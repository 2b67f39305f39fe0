// zod's configuration (Korean messages; jitless in the browser) before this module's schemas are built.
import './zod-ko';
import { z } from 'zod';
import { accessReason } from './access-record';
import { FEEDBACK_COMMENT_MAX, FEEDBACK_PATH_MAX, feedbackMessages as m, feedbackScreenKey } from './feedback-values';
import { pageFields, pageQuery } from './paging';

export * from './feedback-values';

/**
 * `POST /api/feedback` (issue 23): one visitor's answer about one screen. `path` is the screen's
 * pathname as the browser shows it; the server counts it as `feedbackScreenKey(path)`. The
 * comment is plain text, shown as text; blank is none.
 */
export const feedbackRequest = z.object({
  path: z
    .string()
    .max(FEEDBACK_PATH_MAX, m.notAScreen)
    .refine((p) => feedbackScreenKey(p) !== null, m.notAScreen),
  score: z.number({ error: m.scoreRequired }).int(m.scoreRequired).min(1, m.scoreRequired).max(5, m.scoreRequired),
  comment: z.string().max(FEEDBACK_COMMENT_MAX, m.commentTooLong).optional(),
});
export type FeedbackRequest = z.input<typeof feedbackRequest>;

/** A Korean calendar day, `YYYY-MM-DD`. */
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, '날짜는 YYYY-MM-DD 형식으로 입력해주세요.')
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), {
    message: '날짜는 YYYY-MM-DD 형식으로 입력해주세요.',
  });

/** The console's period: both days included, at most a year (366 days) apart. */
export const feedbackPeriod = z.object({ from: day, to: day });

/** `GET /api/admin/feedback?from&to`: each screen's answers in the period. */
export const feedbackSummaryQuery = feedbackPeriod;

export const feedbackScreenSummary = z.object({
  path: z.string(),
  count: z.number().int(),
  /** The mean score, to two decimals. */
  average: z.number(),
  /** How many chose each score: index 0 is 매우 불만족 (1) … index 4 매우 만족 (5). */
  distribution: z.array(z.number().int()).length(5),
});
export type FeedbackScreenSummary = z.infer<typeof feedbackScreenSummary>;

export const feedbackSummary = z.object({
  from: z.string(),
  to: z.string(),
  /** Most answers first. */
  screens: z.array(feedbackScreenSummary),
  total: feedbackScreenSummary.omit({ path: true }),
});
export type FeedbackSummary = z.infer<typeof feedbackSummary>;

/** `GET /api/admin/feedback/comments?from&to&path&page&size`: the comments, newest first. */
export const feedbackCommentQuery = feedbackPeriod.extend({
  /** One screen's (its key as the summary lists it); absent: every screen's. */
  path: z.string().max(FEEDBACK_PATH_MAX).optional().transform((v) => v || undefined),
  ...pageQuery,
});

export const feedbackComment = z.object({
  id: z.number().int(),
  path: z.string(),
  score: z.number().int(),
  /** Plain text, shown as text (never as HTML). */
  comment: z.string(),
  day: z.string(),
  createdDate: z.string(),
});
export type FeedbackComment = z.infer<typeof feedbackComment>;

export const feedbackCommentPage = z.object({ content: z.array(feedbackComment), ...pageFields });
export type FeedbackCommentPage = z.infer<typeof feedbackCommentPage>;

/**
 * `POST /api/admin/feedback/export-data`: the period's answers as .xlsx. Comments are free text a
 * visitor may have put personal data in, so the export says why and is recorded, as every export.
 */
export const feedbackExportRequest = feedbackPeriod.extend({ reason: accessReason });
export type FeedbackExportRequest = z.input<typeof feedbackExportRequest>;
