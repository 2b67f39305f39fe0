import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { signinRequest, TokenPair } from '@contract';
import { endpointRoutes } from '@contract/endpoint-routes';
import { apiCall, endpoint } from '@web/lib/api';

/** `POST /api/user/signin`: the token pair and the login user, or INVALID_CREDENTIAL / NOT_FOUND / NOT_ACCEPTABLE. */
export const signin = (body: z.input<typeof signinRequest>) => apiCall<TokenPair>(endpoint(endpointRoutes.session.signin), { body, anonymous: true });

export function useSignin() {
  return useMutation({ mutationFn: signin });
}
