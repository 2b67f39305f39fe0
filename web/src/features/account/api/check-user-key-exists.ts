import type { z } from 'zod';
import type { checkExistsRequest, checkExistsResponse } from '@contract';
import { endpointRoutes } from '@contract/endpoint-routes';
import { apiCall, endpoint } from '@web/lib/api';

/** `POST /api/user-key/check-exists`: is this ID, e-mail address or mobile number taken? */
export const checkUserKeyExists = (body: z.input<typeof checkExistsRequest>) =>
  apiCall<z.infer<typeof checkExistsResponse>>(endpoint(endpointRoutes.userKey.checkExists), { body, anonymous: true });
