import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { retireRequest } from '@contract';
import { apiPost } from '@web/lib/api';

/** `POST /api/user/retire`: the member leaves, confirming with the password. */
export const retire = (body: z.input<typeof retireRequest>) => apiPost<unknown>('/api/user/retire', body);

export function useRetire() {
  return useMutation({ mutationFn: retire });
}
