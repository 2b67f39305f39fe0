import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { signinRequest, TokenPair } from '@contract';
import { apiPost } from '@web/lib/api';

/** `POST /api/user/signin`: the token pair and the login user, or INVALID_CREDENTIAL / NOT_FOUND / NOT_ACCEPTABLE. */
export const signin = (body: z.input<typeof signinRequest>) => apiPost<TokenPair>('/api/user/signin', body, { anonymous: true });

export function useSignin() {
  return useMutation({ mutationFn: signin });
}
