import { useQuery } from '@tanstack/react-query';
import type { AdminDashboard } from '@contract';
import { endpointRoutes } from '@contract/endpoint-routes';
import { apiCall, endpoint } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** `GET /api/admin/dashboard`: fresh each time the screen opens (counts move all day). */
export function useAdminDashboard() {
  return useQuery({
    queryKey: queryKeys.admin.dashboard,
    queryFn: () => apiCall<AdminDashboard>(endpoint(endpointRoutes.adminDashboard.get)),
    staleTime: 0,
  });
}
