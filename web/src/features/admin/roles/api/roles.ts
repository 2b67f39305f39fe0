import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateRoleRequest, PatchRoleRequest, RoleList, RoleView } from '@contract';
import { endpointRoutes } from '@contract/endpoint-routes';
import { apiCall, endpoint } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** Roles and permissions (issue 9): the system admin's screen. */
export function useRoles() {
  return useQuery({ queryKey: queryKeys.admin.roles, queryFn: () => apiCall<RoleList>(endpoint(endpointRoutes.adminRole.list)), retry: false });
}

export function useRoleChanges() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: queryKeys.admin.roles });
  return {
    patch: useMutation({
      mutationFn: ({ roleCode, ...body }: PatchRoleRequest & { roleCode: string }) => apiCall<RoleView>(endpoint(endpointRoutes.adminRole.update, { roleCode }), { body }),
      onSuccess: refresh,
    }),
    create: useMutation({ mutationFn: (body: CreateRoleRequest) => apiCall<RoleView>(endpoint(endpointRoutes.adminRole.create), { body }), onSuccess: refresh }),
  };
}
