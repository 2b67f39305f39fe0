import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { captchaChallenge } from '@contract';
import { endpointRoutes } from '@contract/endpoint-routes';
import { apiCall, endpoint } from './api';
import { queryKeys } from './query-keys';

export type CaptchaChallenge = z.infer<typeof captchaChallenge>;

/** `GET /api/captcha`: a one-time challenge (image and text alternative). */
export const getCaptcha = () => apiCall<CaptchaChallenge>(endpoint(endpointRoutes.captcha.challenge));

/** Each challenge is used once: never cached, a new one on every refetch. */
export function useCaptcha(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.captcha,
    queryFn: getCaptcha,
    enabled,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}
