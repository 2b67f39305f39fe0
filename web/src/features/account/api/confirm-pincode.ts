import type { z } from 'zod';
import type { keyConfirmRequest, userKeyTokenResponse } from '@contract';
import { endpointRoutes } from '@contract/endpoint-routes';
import { apiCall, endpoint } from '@web/lib/api';

/** `POST /api/user-key/confirm`: the pincode turns the pending key token into a confirmed one. */
export const confirmPincode = (body: z.input<typeof keyConfirmRequest>, opts: { anonymous: boolean }) =>
  apiCall<z.infer<typeof userKeyTokenResponse>>(endpoint(endpointRoutes.userKey.confirm), { body, ...opts });
