import { useQuery } from '@tanstack/react-query';
import type { UserDetail } from '@contract';
import { endpointRoutes } from '@contract/endpoint-routes';
import { apiCall, endpoint } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** `GET /api/user/{id}`: the member's own record with profile, e-mail and mobile number. */
export const getUser = (id: number) => apiCall<UserDetail>(endpoint(endpointRoutes.user.get, { id }));

export function useUser(id: number | null) {
  return useQuery({
    queryKey: queryKeys.user.detail(id ?? 0),
    queryFn: () => getUser(id!),
    enabled: id !== null,
    staleTime: 0,
  });
}
