import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { retireRequest } from '@contract';
import { endpointRoutes } from '@contract/endpoint-routes';
import { apiCall, endpoint } from '@web/lib/api';

/** `POST /api/user/retire`: the member leaves, confirming with the password. */
export const retire = (body: z.input<typeof retireRequest>) => apiCall<unknown>(endpoint(endpointRoutes.user.retire), { body });

export function useRetire() {
  return useMutation({ mutationFn: retire });
}
