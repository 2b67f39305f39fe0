import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { resetPasswordRequest } from '@contract';
import { endpointRoutes } from '@contract/endpoint-routes';
import { apiCall, endpoint } from '@web/lib/api';

/** `POST /api/user/reset-password`: the pincode and the new password, with the token from the request. */
export const resetPassword = (body: z.input<typeof resetPasswordRequest>) =>
  apiCall<unknown>(endpoint(endpointRoutes.user.resetPassword), { body, anonymous: true });

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
