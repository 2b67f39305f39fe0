import type { z } from 'zod';
import type { keyConfirmRequest, userKeyTokenResponse } from '@contract';
import { apiPost } from '@web/lib/api';

/** `POST /api/user-key/confirm`: the pincode turns the pending key token into a confirmed one. */
export const confirmPincode = (body: z.input<typeof keyConfirmRequest>, opts: { anonymous: boolean }) =>
  apiPost<z.infer<typeof userKeyTokenResponse>>('/api/user-key/confirm', body, opts);
