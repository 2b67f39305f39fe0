import { useQuery } from '@tanstack/react-query';
import type { SiteInfo } from '@contract';
import { endpointRoutes } from '@contract/endpoint-routes';
import { apiCall, endpoint } from './api';
import { queryKeys } from './query-keys';

export const getSiteInfo = () => apiCall<SiteInfo>(endpoint(endpointRoutes.siteSetting.info));

/** Public site settings (names, contacts, registration system URL). Load failures are silent (spec §8). */
export function useSiteInfo() {
  return useQuery({ queryKey: queryKeys.siteSetting.info, queryFn: getSiteInfo, staleTime: 5 * 60_000 });
}
