import { useQuery } from '@tanstack/react-query';
import type { Menu } from '@contract';
import { endpointRoutes } from '@contract/endpoint-routes';
import { apiCall, endpoint } from './api';
import { queryKeys } from './query-keys';

/**
 * `GET /api/menu`: the header menu. Asked without the token: the answer is the same for everyone,
 * and a request without credentials gets the guest cache's ETag and `no-cache`, so the browser
 * asks again with If-None-Match and an unchanged menu costs a 304 (members' requests would be
 * `private, no-store`, a whole answer every time).
 */
export const getHeaderMenu = () => apiCall<Menu>(endpoint(endpointRoutes.menu.get), { anonymous: true });

/**
 * How often an open page asks whether the menu changed (docs/decisions/0027-menu-as-data.md):
 * a staff change shows in every open browser within about this long, while the tab is visible
 * (TanStack Query pauses the interval in a hidden tab and asks again when it shows).
 */
export const MENU_REFRESH_MS = 10_000;

/** The header menu, kept fresh while the page is open; the first-load data fills it on a guest's first frame. */
export function useHeaderMenu() {
  return useQuery({
    queryKey: queryKeys.menu,
    queryFn: getHeaderMenu,
    // Under the interval, so a tab coming back after a while asks at once (refetchOnWindowFocus).
    staleTime: MENU_REFRESH_MS - 1_000,
    refetchInterval: MENU_REFRESH_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
  });
}
