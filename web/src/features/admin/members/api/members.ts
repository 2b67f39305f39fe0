import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  MemberDetail, MemberExportRequest, MemberFilter, MemberPage, MemberRoleOption,
} from '@contract';
import { apiDownload, apiGet, apiPatch, apiPost } from '@web/lib/api';

/**
 * The console's member calls (issue 9). Every list and detail read writes an access record on the
 * server, so these queries never refetch on their own (focus, reconnect): only when the screen
 * asks again.
 */
/** The list's filter and page as the screen keeps them in its URL. */
export type MemberListQuery = MemberFilter & { page: number; size: number };

export const memberKeys = {
  all: ['admin-members'] as const,
  list: (query: MemberListQuery) => ['admin-members', 'list', query] as const,
  detail: (id: number) => ['admin-members', 'detail', id] as const,
  roleOptions: ['admin-members', 'role-options'] as const,
};

const recordedRead = { staleTime: Infinity, refetchOnWindowFocus: false, refetchOnReconnect: false, retry: false } as const;

export function useMemberList(query: MemberListQuery) {
  return useQuery({
    queryKey: memberKeys.list(query),
    queryFn: () => apiGet<MemberPage>('/api/admin/users', { ...query }),
    placeholderData: keepPreviousData,
    ...recordedRead,
  });
}

export function useMember(id: number) {
  // A malformed id in the URL asks nothing (the screen says 회원 정보가 없습니다).
  return useQuery({ queryKey: memberKeys.detail(id), queryFn: () => apiGet<MemberDetail>(`/api/admin/users/${id}`), enabled: id > 0, ...recordedRead });
}

export function useMemberRoleOptions() {
  return useQuery({ queryKey: memberKeys.roleOptions, queryFn: () => apiGet<MemberRoleOption[]>('/api/admin/users/role-options'), staleTime: 60_000 });
}

export type MemberAction = 'lock' | 'unlock' | 'clear-lockout' | 'sign-out';

/**
 * The changes of the detail screen. Each answers the member as they now are (masked), which
 * replaces the cached detail; lists are dropped so they show the change when next opened.
 */
export function useMemberChanges(id: number) {
  const client = useQueryClient();
  const settle = (detail: MemberDetail) => {
    client.setQueryData(memberKeys.detail(id), detail);
    client.removeQueries({ queryKey: ['admin-members', 'list'] });
  };
  return {
    reveal: useMutation({ mutationFn: (reason: string) => apiPost<MemberDetail>(`/api/admin/users/${id}/reveal`, reason ? { reason } : {}) }),
    changeRole: useMutation({ mutationFn: (roleCode: string) => apiPatch<MemberDetail>(`/api/admin/users/${id}/role`, { roleCode }), onSuccess: settle }),
    act: useMutation({ mutationFn: (action: MemberAction) => apiPost<MemberDetail>(`/api/admin/users/${id}/${action}`, {}), onSuccess: settle }),
    retire: useMutation({ mutationFn: (reason: string) => apiPost<MemberDetail>(`/api/admin/users/${id}/retire`, { reason }), onSuccess: settle }),
  };
}

/** `POST /api/admin/users/export-data`: the list's filter and the reason; the .xlsx comes back. */
export const exportMembers = (request: MemberExportRequest) => apiDownload('/api/admin/users/export-data', undefined, request);
