import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminSiteSetting, SiteInfo, SiteSettingPatch } from '@contract';
import { endpointRoutes } from '@contract/endpoint-routes';
import { apiCall, endpoint } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** `GET /api/admin/site-setting`: the stored settings and the roles (system admin). */
export function useAdminSiteSetting() {
  return useQuery({
    queryKey: queryKeys.admin.siteSetting,
    queryFn: () => apiCall<AdminSiteSetting>(endpoint(endpointRoutes.siteSetting.forAdmin)),
    staleTime: 0,
  });
}

/**
 * `PATCH /api/site-setting`. After a save every screen reads the settings again (header,
 * footer, sign-in and sign-up forms share the ['site-setting', …] keys).
 */
export function useSaveSiteSetting() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (patch: SiteSettingPatch) => apiCall<SiteInfo>(endpoint(endpointRoutes.siteSetting.update), { body: patch }),
    onSuccess: async (settings, patch) => {
      // The form on screen already shows what was saved; the stored copy follows without a reload.
      client.setQueryData<AdminSiteSetting>(queryKeys.admin.siteSetting, (old) =>
        old ? { ...old, settings, adminTwoFactorRequired: patch.adminTwoFactorRequired ?? old.adminTwoFactorRequired } : old,
      );
      await client.invalidateQueries({ queryKey: queryKeys.siteSetting.all });
      if (patch.adminTwoFactorRequired !== undefined) await client.invalidateQueries({ queryKey: queryKeys.admin.twoFactor });
    },
  });
}
