import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { MemberActivityPage, MemberActivityType } from '@contract';
import { endpointRoutes } from '@contract/endpoint-routes';
import { apiCall, endpoint } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

export interface MemberActivityQuery {
  type: MemberActivityType;
  page: number;
  size: number;
}

/** `GET /api/user/{id}/activity`: one page of the member's posts, comments or inquiries, newest first. */
export const getMemberActivity = (id: number, query: MemberActivityQuery) =>
  apiCall<MemberActivityPage>(endpoint(endpointRoutes.memberActivity.list, { id }), { query: { ...query } });

/** Read when its tab is open (`enabled`): My page keeps every panel mounted, and most visits open one tab. */
export function useMemberActivity(id: number, query: MemberActivityQuery, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.user.activity(id, query),
    queryFn: () => getMemberActivity(id, query),
    enabled,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}
