import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { patchUserRequest } from '@contract';
import { endpointRoutes } from '@contract/endpoint-routes';
import { apiCall, endpoint } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** `PATCH /api/user/{id}`: name and extra profile fields. */
export const updateUser = (id: number, body: z.input<typeof patchUserRequest>) => apiCall<unknown>(endpoint(endpointRoutes.user.update, { id }), { body });

export function useUpdateUser(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof patchUserRequest>) => updateUser(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.user.detail(id) }),
  });
}
