import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { changeUserKeyRequest } from '@contract';
import { endpointRoutes } from '@contract/endpoint-routes';
import { apiCall, endpoint } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** `POST /api/user/change-user-key/{id}`: a new e-mail address or mobile number, confirmed by pincode. */
export const changeUserKey = (id: number, body: z.input<typeof changeUserKeyRequest>) =>
  apiCall<unknown>(endpoint(endpointRoutes.user.changeUserKey, { id }), { body });

export function useChangeUserKey(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof changeUserKeyRequest>) => changeUserKey(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.user.detail(id) }),
  });
}
