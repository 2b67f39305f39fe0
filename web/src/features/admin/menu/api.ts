import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Menu, MenuUpdate } from '@contract';
import { endpointRoutes } from '@contract/endpoint-routes';
import { apiCall, endpoint } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** `GET /api/menu` for the editor: read fresh when the screen opens, not on a timer (a form is open). */
export function useMenuForEditing() {
  return useQuery({
    queryKey: queryKeys.admin.menu,
    queryFn: () => apiCall<Menu>(endpoint(endpointRoutes.menu.get)),
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
}

/** `PUT /api/admin/menu`: the whole menu over the revision it was read at. */
export function useSaveMenu() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: MenuUpdate) => apiCall<Menu>(endpoint(endpointRoutes.adminMenu.update), { body: input }),
    // The header of this tab shows the change at once (other tabs and browsers within seconds).
    onSuccess: (saved) => {
      client.setQueryData(queryKeys.admin.menu, saved);
      client.setQueryData(queryKeys.menu, saved);
    },
  });
}
