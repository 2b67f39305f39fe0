// zod's configuration (Korean messages; jitless in the browser) before this module's schemas are built.
import './zod-ko';
import { z } from 'zod';
import { accessAction, accessSubjectTypes } from './access-record';

/**
 * `GET /api/admin/dashboard` (issue 9): the figures on the console's first screen. "This week"
 * is the last 7 days up to now (a rolling window, so Monday morning does not read zero);
 * "recent" is the last 24 hours.
 */
export const adminDashboard = z.object({
  /** When the figures were taken (KST ISO) and where the week and the day start. */
  at: z.string(),
  weekFrom: z.string(),
  dayFrom: z.string(),
  members: z.object({
    /** Members who can use the site (status ACTIVE). */
    active: z.number().int(),
    /** Sign-ups in the last 7 days. */
    newThisWeek: z.number().int(),
  }),
  posts: z.object({
    /** Live posts on every board. */
    total: z.number().int(),
    thisWeek: z.number().int(),
  }),
  comments: z.object({ thisWeek: z.number().int() }),
  /** Inquiries 접수 or 처리중 on the inquiry boards. */
  inquiries: z.object({ waiting: z.number().int(), received: z.number().int(), inProgress: z.number().int() }),
  signin: z.object({
    /** Wrong passwords and sign-ins to a locked account in the last 24 hours. */
    failures: z.number().int(),
    /** Accounts locked by repeated wrong passwords in the last 24 hours. */
    lockouts: z.number().int(),
  }),
  /**
   * The newest changes to the site's own words (issue 22: content, menu, pop-ups), newest first,
   * from the access records: who (the staff account's sign-in key), when, what.
   */
  latestChanges: z.array(
    z.object({
      id: z.number().int(),
      at: z.string(),
      actorKey: z.string(),
      action: accessAction,
      actionLabel: z.string(),
      subjectType: z.enum(accessSubjectTypes),
      subject: z.string(),
      detail: z.record(z.string(), z.unknown()),
    }),
  ),
});
export type AdminDashboard = z.infer<typeof adminDashboard>;

/** How many of the latest changes the dashboard shows. */
export const DASHBOARD_LATEST_CHANGES = 8;
