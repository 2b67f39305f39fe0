import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { SignupRequest, signupResponse } from '@contract';
import { endpointRoutes } from '@contract/endpoint-routes';
import { apiCall, endpoint } from '@web/lib/api';

/** `POST /api/user/signup`: creates the member; answers with the name to greet. */
export const signup = (body: SignupRequest) => apiCall<z.infer<typeof signupResponse>>(endpoint(endpointRoutes.user.signup), { body, anonymous: true });

export function useSignup() {
  return useMutation({ mutationFn: signup });
}
