import type { z } from 'zod';
import type { checkExistsRequest, checkExistsResponse } from '@contract';
import { apiPost } from '@web/lib/api';

/** `POST /api/user-key/check-exists`: is this ID, e-mail address or mobile number taken? */
export const checkUserKeyExists = (body: z.input<typeof checkExistsRequest>) =>
  apiPost<z.infer<typeof checkExistsResponse>>('/api/user-key/check-exists', body, { anonymous: true });
