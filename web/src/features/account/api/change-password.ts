import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { changePasswordRequest } from '@contract';
import { endpointRoutes } from '@contract/endpoint-routes';
import { apiCall, endpoint } from '@web/lib/api';

/** `POST /api/user/change-password/{id}`: needs the current password. */
export const changePassword = (id: number, body: z.input<typeof changePasswordRequest>) =>
  apiCall<unknown>(endpoint(endpointRoutes.user.changePassword, { id }), { body });

export function useChangePassword(id: number) {
  return useMutation({ mutationFn: (body: z.input<typeof changePasswordRequest>) => changePassword(id, body) });
}
