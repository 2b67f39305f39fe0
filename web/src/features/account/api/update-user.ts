import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { patchUserRequest } from '@contract';
import { apiPatch } from '@web/lib/api';
import { userQueryKey } from './get-user';

/** `PATCH /api/user/{id}`: name and extra profile fields. */
export const updateUser = (id: number, body: z.input<typeof patchUserRequest>) => apiPatch<unknown>(`/api/user/${id}`, body);

export function useUpdateUser(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof patchUserRequest>) => updateUser(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userQueryKey(id) }),
  });
}
