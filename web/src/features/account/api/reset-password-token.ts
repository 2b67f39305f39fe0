import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { resetPasswordTokenRequest, resetPasswordTokenResponse } from '@contract';
import { endpointRoutes } from '@contract/endpoint-routes';
import { apiCall, endpoint } from '@web/lib/api';

/** `POST /api/user/reset-password-token`: mails a pincode and returns the token to reset with. */
export const requestResetPasswordToken = (body: z.input<typeof resetPasswordTokenRequest>) =>
  apiCall<z.infer<typeof resetPasswordTokenResponse>>(endpoint(endpointRoutes.user.resetPasswordToken), { body, anonymous: true });

export function useRequestResetPasswordToken() {
  return useMutation({ mutationFn: requestResetPasswordToken });
}
