import { useQuery } from '@tanstack/react-query';
import type { AdminDashboard } from '@contract';
import { apiGet } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** `GET /api/admin/dashboard`: fresh each time the screen opens (counts move all day). */
export function useAdminDashboard() {
  return useQuery({
    queryKey: queryKeys.admin.dashboard,
    queryFn: () => apiGet<AdminDashboard>('/api/admin/dashboard'),
    staleTime: 0,
  });
}
