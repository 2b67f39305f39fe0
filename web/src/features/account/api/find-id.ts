import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { findIdRequest, findIdResponse } from '@contract';
import { endpointRoutes } from '@contract/endpoint-routes';
import { apiCall, endpoint } from '@web/lib/api';

export type FoundIds = z.infer<typeof findIdResponse>;
export type FoundId = FoundIds['idList'][number];

/** `POST /api/user/find-id`: the masked IDs registered with a confirmed e-mail address or number; the full ones go there (`sentTo`). */
export const findId = (body: z.input<typeof findIdRequest>) =>
  apiCall<z.infer<typeof findIdResponse>>(endpoint(endpointRoutes.user.findId), { body, anonymous: true });

export function useFindId() {
  return useMutation({ mutationFn: findId });
}
