import { useQuery } from '@tanstack/react-query';
import type { SiteAuthentication } from '@contract';
import { apiGet } from '@web/lib/api';

/** `GET /api/site-setting/authentication`: key type, captcha and the extra sign-up fields. */
export const getSiteAuthentication = () => apiGet<SiteAuthentication>('/api/site-setting/authentication');

export function useSiteAuthentication() {
  return useQuery({ queryKey: ['site-setting', 'authentication'], queryFn: getSiteAuthentication, staleTime: 5 * 60_000 });
}
