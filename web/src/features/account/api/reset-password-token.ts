import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { resetPasswordTokenRequest, resetPasswordTokenResponse } from '@contract';
import { apiPost } from '@web/lib/api';

/** `POST /api/user/reset-password-token`: mails a pincode and returns the token to reset with. */
export const requestResetPasswordToken = (body: z.input<typeof resetPasswordTokenRequest>) =>
  apiPost<z.infer<typeof resetPasswordTokenResponse>>('/api/user/reset-password-token', body, { anonymous: true });

export function useRequestResetPasswordToken() {
  return useMutation({ mutationFn: requestResetPasswordToken });
}
