import { useQuery } from '@tanstack/react-query';
import type { SiteAuthentication } from '@contract';
import { endpointRoutes } from '@contract/endpoint-routes';
import { apiCall, endpoint } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** `GET /api/site-setting/authentication`: key type, captcha and the extra sign-up fields. */
export const getSiteAuthentication = () => apiCall<SiteAuthentication>(endpoint(endpointRoutes.siteSetting.authentication));

export function useSiteAuthentication() {
  return useQuery({ queryKey: queryKeys.siteSetting.authentication, queryFn: getSiteAuthentication, staleTime: 5 * 60_000 });
}
