import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateRoleRequest, PatchRoleRequest, RoleList, RoleView } from '@contract';
import { apiGet, apiPatch, apiRequest } from '@web/lib/api';

/** Roles and permissions (issue 9): the system admin's screen. */
export const roleKeys = { list: ['admin-roles'] as const };

export function useRoles() {
  return useQuery({ queryKey: roleKeys.list, queryFn: () => apiGet<RoleList>('/api/admin/roles'), retry: false });
}

export function useRoleChanges() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: roleKeys.list });
  return {
    patch: useMutation({
      mutationFn: ({ roleCode, ...body }: PatchRoleRequest & { roleCode: string }) => apiPatch<RoleView>(`/api/admin/roles/${encodeURIComponent(roleCode)}`, body),
      onSuccess: refresh,
    }),
    create: useMutation({ mutationFn: (body: CreateRoleRequest) => apiRequest<RoleView>('PUT', '/api/admin/roles', { body }), onSuccess: refresh }),
  };
}
