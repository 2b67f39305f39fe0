import { useQuery } from '@tanstack/react-query';
import type { SiteInfo } from '@contract';
import { apiGet } from '@web/lib/api';

export const getSiteInfo = () => apiGet<SiteInfo>('/api/site-setting/info');

/** Public site settings (names, contacts, registration system URL). Load failures are silent (spec §8). */
export function useSiteInfo() {
  return useQuery({ queryKey: ['site-setting', 'info'], queryFn: getSiteInfo, staleTime: 5 * 60_000 });
}
