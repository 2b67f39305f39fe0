import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { FeedbackCommentPage, FeedbackExportRequest, FeedbackSummary } from '@contract';
import { endpointRoutes } from '@contract/endpoint-routes';
import { apiCall, apiDownload, endpoint } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** Both days included (Korean calendar days, YYYY-MM-DD). */
export interface FeedbackPeriod {
  from: string;
  to: string;
}

export const COMMENT_PAGE_SIZE = 20;

/** `GET /api/admin/feedback`: each screen's average, count and distribution in the period. */
export function useFeedbackSummary(period: FeedbackPeriod) {
  return useQuery({
    queryKey: queryKeys.admin.feedback.summary(period),
    queryFn: () => apiCall<FeedbackSummary>(endpoint(endpointRoutes.feedback.summary), { query: { ...period } }),
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/admin/feedback/comments`: a page of the period's comments (of one screen, or all), newest first. */
export function useFeedbackComments(period: FeedbackPeriod, path: string | undefined, page: number) {
  const query = { ...period, path, page, size: COMMENT_PAGE_SIZE };
  return useQuery({
    queryKey: queryKeys.admin.feedback.comments(query),
    queryFn: () => apiCall<FeedbackCommentPage>(endpoint(endpointRoutes.feedback.comments), { query: { ...query } }),
    placeholderData: keepPreviousData,
  });
}

/** `POST /api/admin/feedback/export-data`: the period's answers as .xlsx; the export is recorded. */
export const exportFeedback = (request: FeedbackExportRequest) => apiDownload(endpoint(endpointRoutes.feedback.exportData), { body: request });
