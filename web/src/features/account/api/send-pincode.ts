import type { z } from 'zod';
import type { keyCheckRequest, userKeyTokenResponse } from '@contract';
import { endpointRoutes } from '@contract/endpoint-routes';
import { apiCall, endpoint } from '@web/lib/api';

export type PincodePurpose = NonNullable<z.input<typeof keyCheckRequest>['purpose']>;

/**
 * `POST /api/user-key/check`: sends a 6-digit pincode to the address or number and returns the
 * pending key token. Changing the key is done by the signed-in member, so it carries the token.
 */
export const sendPincode = (body: z.input<typeof keyCheckRequest>) =>
  apiCall<z.infer<typeof userKeyTokenResponse>>(endpoint(endpointRoutes.userKey.check), { body, anonymous: body.purpose !== 'CHANGE_KEY' });
