import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../deps';
import { deleteViewsBefore } from '@server/modules/board';
import { deleteUnattachedBefore } from '@server/modules/file';
import { deleteMessagesBefore } from '@server/modules/delivery';
import { deleteExpiredRefreshTokens } from '@server/auth/refresh-tokens';
import { deleteSigninFailuresBefore } from '@server/modules/user';
import { deleteVisitorKeysBefore, deleteVisitsBefore } from '@server/modules/visit';
import { deleteFeedbackBefore } from '@server/modules/feedback';
import { deleteSearchesBefore, POPULAR_DAYS } from '@server/modules/search';
import { addMs, DAY_MS } from '../../lib/clock';
import { kstDate } from '../../lib/time';


/**
 * How long each kind of row outlives its use. Personal data is kept no longer than needed (PIPA);
 * deleted posts and comments are not pruned: they are kept for audit (decision 0007).
 */
export const retention = {
  /**
   * Past `expires_at`. A spent or revoked token is kept until then: presenting a spent token
   * again revokes its family (session/service.ts), and an expired one is refused anyway.
   */
  refreshTokenMs: DAY_MS,
  /** Since `created_at`: every e-mail and SMS with its recipient (personal data). */
  outboxMs: 30 * DAY_MS,
  /** Since `created_at`, for uploads no post took (with their bytes and thumbnail). */
  unattachedUploadMs: DAY_MS,
  /**
   * Days before today (Korea) whose view rows go. A view is counted once per visitor, post and
   * day against today's row only, so older rows de-duplicate nothing; two days leave room for
   * clocks that disagree around midnight.
   */
  boardItemViewDays: 2,
  /**
   * Since `at`: failed sign-ins hold the key typed (an e-mail or number, or a password typed in
   * the wrong box) and the address. The dashboard counts the last 24 hours; 30 days leave room to
   * look into an attack.
   */
  signinFailureMs: 30 * DAY_MS,
  /**
   * Days before today (Korea) whose site searches go (issue 23): the popular terms read the last 7
   * days, today and the 6 before, so older rows (a term and a daily visitor key) count for nothing.
   */
  searchTermDays: POPULAR_DAYS - 1,
  /**
   * Days before today (Korea) whose visitor keys go (issue 23): only today's de-duplicate a
   * visitor, and they are useless after their day's salt is gone; two days as for views.
   */
  visitorKeyDays: 2,
  /** Visitor statistics: VISIT_RETENTION_DAYS (default two years), the operator's choice. */
  visitDaysDefault: 730,
  /**
   * Days before today (Korea) whose page-satisfaction answers go (issue 23): about two years, as
   * visitor statistics. A score and a salted key are not personal data, but a comment is free text
   * that may hold some.
   */
  feedbackDays: 730,
} as const;

// Not pruned here, as their own modules already do it when they issue new ones: upload tickets
// (upload/service.ts, an hour past expiry), pincode tokens (user-key/service.ts, a day past
// expiry) and CAPTCHA challenges (captcha/service.ts, an hour past expiry).

export interface PruneCounts {
  refreshTokens: number;
  outbox: number;
  unattachedUploads: number;
  boardItemViews: number;
  signinFailures: number;
  /** Visitor statistics rows past VISIT_RETENTION_DAYS, and visitor keys past their use. */
  visits: number;
  visitorKeys: number;
  feedback: number;
  searchTerms: number;
}

export type HousekeepingDeps = Pick<AppDeps, 'db' | 'files'> & { log?: Pick<FastifyBaseLogger, 'warn'>; visitRetentionDays?: number };

/**
 * Deletes data no longer needed, one statement per kind (each commits on its own), and answers
 * how many rows of each kind went. Stored bytes are removed only after their rows are gone.
 */
export async function prune(deps: HousekeepingDeps, now: Date): Promise<PruneCounts> {
  const { db } = deps;

  const tokens = await deleteExpiredRefreshTokens(db, addMs(now, -retention.refreshTokenMs));

  const messages = await deleteMessagesBefore(db, addMs(now, -retention.outboxMs));

  // Never one a post is taking at the same moment (file/repo.ts).
  const uploads = await deleteUnattachedBefore(db, addMs(now, -retention.unattachedUploadMs));
  for (const upload of uploads) {
    for (const name of [upload.storedName, upload.thumbnailName]) {
      if (!name) continue;
      try {
        await deps.files.remove(name); // a file already gone is not an error
      } catch (err) {
        deps.log?.warn({ err, fileId: upload.id }, 'housekeeping could not remove a stored file');
      }
    }
  }

  const views = await deleteViewsBefore(db, kstDate(addMs(now, -retention.boardItemViewDays * DAY_MS)));

  const failures = await deleteSigninFailuresBefore(db, addMs(now, -retention.signinFailureMs));

  const visits = await deleteVisitsBefore(db, kstDate(addMs(now, -(deps.visitRetentionDays ?? retention.visitDaysDefault) * DAY_MS)));
  const visitorKeys = await deleteVisitorKeysBefore(db, kstDate(addMs(now, -retention.visitorKeyDays * DAY_MS)));
  const feedback = await deleteFeedbackBefore(db, kstDate(addMs(now, -retention.feedbackDays * DAY_MS)));
  const searches = await deleteSearchesBefore(db, kstDate(addMs(now, -retention.searchTermDays * DAY_MS)));

  return {
    visits,
    visitorKeys,
    refreshTokens: tokens,
    outbox: messages,
    unattachedUploads: uploads.length,
    boardItemViews: views,
    signinFailures: failures,
    feedback,
    searchTerms: searches,
  };
}
