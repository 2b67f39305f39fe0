import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminSiteSetting, SiteInfo, SiteSettingPatch } from '@contract';
import { apiGet, apiRequest } from '@web/lib/api';
import { twoFactorKey } from '../two-factor/api';

export const adminSiteSettingKey = ['admin', 'site-setting'] as const;

/** `GET /api/admin/site-setting`: the stored settings and the roles (system admin). */
export function useAdminSiteSetting() {
  return useQuery({
    queryKey: adminSiteSettingKey,
    queryFn: () => apiGet<AdminSiteSetting>('/api/admin/site-setting'),
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
    mutationFn: (patch: SiteSettingPatch) => apiRequest<SiteInfo>('PATCH', '/api/site-setting', { body: patch }),
    onSuccess: async (settings, patch) => {
      // The form on screen already shows what was saved; the stored copy follows without a reload.
      client.setQueryData<AdminSiteSetting>(adminSiteSettingKey, (old) =>
        old ? { ...old, settings, adminTwoFactorRequired: patch.adminTwoFactorRequired ?? old.adminTwoFactorRequired } : old,
      );
      await client.invalidateQueries({ queryKey: ['site-setting'] });
      if (patch.adminTwoFactorRequired !== undefined) await client.invalidateQueries({ queryKey: twoFactorKey });
    },
  });
}
