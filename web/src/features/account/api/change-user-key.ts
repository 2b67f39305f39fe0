import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { changeUserKeyRequest } from '@contract';
import { apiPost } from '@web/lib/api';
import { userQueryKey } from './get-user';

/** `POST /api/user/change-user-key/{id}`: a new e-mail address or mobile number, confirmed by pincode. */
export const changeUserKey = (id: number, body: z.input<typeof changeUserKeyRequest>) =>
  apiPost<unknown>(`/api/user/change-user-key/${id}`, body);

export function useChangeUserKey(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof changeUserKeyRequest>) => changeUserKey(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userQueryKey(id) }),
  });
}
