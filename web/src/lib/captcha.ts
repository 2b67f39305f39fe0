import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { captchaChallenge } from '@contract';
import { apiGet } from './api';

export type CaptchaChallenge = z.infer<typeof captchaChallenge>;

/** `GET /api/captcha`: a one-time challenge (image and text alternative). */
export const getCaptcha = () => apiGet<CaptchaChallenge>('/api/captcha');

/** Each challenge is used once: never cached, a new one on every refetch. */
export function useCaptcha(enabled: boolean) {
  return useQuery({
    queryKey: ['captcha'],
    queryFn: getCaptcha,
    enabled,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}
