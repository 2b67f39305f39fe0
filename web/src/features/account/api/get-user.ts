import { useQuery } from '@tanstack/react-query';
import type { UserDetail } from '@contract';
import { apiGet } from '@web/lib/api';

/** `GET /api/user/{id}`: the member's own record with profile, e-mail and mobile number. */
export const getUser = (id: number) => apiGet<UserDetail>(`/api/user/${id}`);

export const userQueryKey = (id: number) => ['user', id] as const;

export function useUser(id: number | null) {
  return useQuery({
    queryKey: userQueryKey(id ?? 0),
    queryFn: () => getUser(id!),
    enabled: id !== null,
    staleTime: 0,
  });
}
