import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { findIdRequest, findIdResponse } from '@contract';
import { apiPost } from '@web/lib/api';

export type FoundId = z.infer<typeof findIdResponse>['idList'][number];

/** `POST /api/user/find-id`: the masked IDs registered with a confirmed e-mail address or number. */
export const findId = (body: z.input<typeof findIdRequest>) =>
  apiPost<z.infer<typeof findIdResponse>>('/api/user/find-id', body, { anonymous: true });

export function useFindId() {
  return useMutation({ mutationFn: findId });
}
