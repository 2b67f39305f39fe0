import { useQuery } from '@tanstack/react-query';
import type { AdminDashboard } from '@contract';
import { apiGet } from '@web/lib/api';

/** `GET /api/admin/dashboard`: fresh each time the screen opens (counts move all day). */
export function useAdminDashboard() {
  return useQuery({
    queryKey: ['admin', 'dashboard'],
    queryFn: () => apiGet<AdminDashboard>('/api/admin/dashboard'),
    staleTime: 0,
  });
}
