import type { FeedbackRequest } from '@contract/feedback';
import { endpointRoutes } from '@contract/endpoint-routes';
import { apiCall, endpoint } from '@web/lib/api';

/**
 * `POST /api/feedback`: one answer about the screen. Sent without the token: the answer is the
 * visitor's, not the member's, and nothing ties it to an account.
 */
export const sendFeedback = (answer: FeedbackRequest) => apiCall<Record<string, never>>(endpoint(endpointRoutes.feedback.create), { body: answer, anonymous: true });
