import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminPopularSearchList, PopularSearchHideRequest } from '@contract';
import { endpointRoutes } from '@contract/endpoint-routes';
import { apiCall, endpoint } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** `GET /api/admin/search/popular`: the last 7 days' terms, hidden ones included (CONTENT_Manage). */
export function useAdminPopularSearches() {
  return useQuery({
    queryKey: queryKeys.admin.popularSearches,
    queryFn: () => apiCall<AdminPopularSearchList>(endpoint(endpointRoutes.adminSearch.popular)),
    staleTime: 0,
  });
}

/** `PUT /api/admin/search/popular`: hides a term from the popular list, or shows it again. */
export function useHidePopularSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PopularSearchHideRequest) => apiCall<AdminPopularSearchList>(endpoint(endpointRoutes.adminSearch.hide), { body }),
    onSuccess: (data) => {
      queryClient.setQueryData(queryKeys.admin.popularSearches, data);
      void queryClient.invalidateQueries({ queryKey: queryKeys.search.popular });
    },
  });
}
