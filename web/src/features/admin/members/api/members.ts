import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  MemberDetail, MemberExportRequest, MemberFilter, MemberPage, MemberRoleOption,
} from '@contract';
import { endpointRoutes } from '@contract/endpoint-routes';
import { apiCall, apiDownload, endpoint } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/**
 * The console's member calls (issue 9). Every list and detail read writes an access record on the
 * server, so these queries never refetch on their own (focus, reconnect): only when the screen
 * asks again.
 */
/** The list's filter and page as the screen keeps them in its URL. */
export type MemberListQuery = MemberFilter & { page: number; size: number };

const recordedRead = { staleTime: Infinity, refetchOnWindowFocus: false, refetchOnReconnect: false, retry: false } as const;

export function useMemberList(query: MemberListQuery) {
  return useQuery({
    queryKey: queryKeys.admin.members.list(query),
    queryFn: () => apiCall<MemberPage>(endpoint(endpointRoutes.adminMember.list), { query: { ...query } }),
    placeholderData: keepPreviousData,
    ...recordedRead,
  });
}

export function useMember(id: number) {
  // A malformed id in the URL asks nothing (the screen says 회원 정보가 없습니다).
  return useQuery({ queryKey: queryKeys.admin.members.detail(id), queryFn: () => apiCall<MemberDetail>(endpoint(endpointRoutes.adminMember.get, { id })), enabled: id > 0, ...recordedRead });
}

export function useMemberRoleOptions() {
  return useQuery({ queryKey: queryKeys.admin.members.roleOptions, queryFn: () => apiCall<MemberRoleOption[]>(endpoint(endpointRoutes.adminMember.roleOptions)), staleTime: 60_000 });
}

export type MemberAction = 'lock' | 'unlock' | 'clear-lockout' | 'sign-out';

/** The route of each action (its path's last segment is the action's name). */
const memberActions = {
  lock: endpointRoutes.adminMember.lock,
  unlock: endpointRoutes.adminMember.unlock,
  'clear-lockout': endpointRoutes.adminMember.clearLockout,
  'sign-out': endpointRoutes.adminMember.signOut,
} as const satisfies Record<MemberAction, unknown>;

/**
 * The changes of the detail screen. Each answers the member as they now are (masked), which
 * replaces the cached detail; lists are dropped so they show the change when next opened.
 */
export function useMemberChanges(id: number) {
  const client = useQueryClient();
  const settle = (detail: MemberDetail) => {
    client.setQueryData(queryKeys.admin.members.detail(id), detail);
    client.removeQueries({ queryKey: queryKeys.admin.members.lists });
  };
  return {
    reveal: useMutation({ mutationFn: (reason: string) => apiCall<MemberDetail>(endpoint(endpointRoutes.adminMember.reveal, { id }), { body: reason ? { reason } : {} }) }),
    changeRole: useMutation({ mutationFn: (roleCode: string) => apiCall<MemberDetail>(endpoint(endpointRoutes.adminMember.changeRole, { id }), { body: { roleCode } }), onSuccess: settle }),
    act: useMutation({ mutationFn: (action: MemberAction) => apiCall<MemberDetail>(endpoint(memberActions[action], { id }), { body: {} }), onSuccess: settle }),
    retire: useMutation({ mutationFn: (reason: string) => apiCall<MemberDetail>(endpoint(endpointRoutes.adminMember.retire, { id }), { body: { reason } }), onSuccess: settle }),
  };
}

/** `POST /api/admin/users/export-data`: the list's filter and the reason; the .xlsx comes back. */
export const exportMembers = (request: MemberExportRequest) => apiDownload(endpoint(endpointRoutes.adminMember.exportData), { body: request });
