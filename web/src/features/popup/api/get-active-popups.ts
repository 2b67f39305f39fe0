import { useQuery } from '@tanstack/react-query';
import type { PopupActiveList, PopupScreen } from '@contract/popup';
import { endpointRoutes } from '@contract/endpoint-routes';
import { apiCall, endpoint } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

export const getActivePopups = (screen: PopupScreen) => apiCall<PopupActiveList>(endpoint(endpointRoutes.popup.active), { query: { screen }, anonymous: true });

/**
 * The active pop-ups of the home page (`home`) or of any other public screen (`all`). A guest's
 * first page has them in its first data (server/modules/seo/first-data.ts). A failure shows no
 * pop-up: a notice must never stand in the way of the page. Sent without the token: the answer is
 * the same for everyone, and a shared cache may revalidate it by its ETag.
 */
export function useActivePopups(screen: PopupScreen) {
  return useQuery({ queryKey: queryKeys.popups(screen), queryFn: () => getActivePopups(screen), staleTime: 60_000 });
}
