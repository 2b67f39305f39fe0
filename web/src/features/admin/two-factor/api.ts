import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TwoFactorChangeRequest, TwoFactorEnrolment, TwoFactorRecoveryCodes, TwoFactorStatus } from '@contract';
import { apiGet, apiPost } from '@web/lib/api';

export const twoFactorKey = ['admin', 'two-factor'] as const;

/** `GET /api/admin/two-factor`: the signed-in administrator's own second factor. */
export function useTwoFactorStatus() {
  return useQuery({ queryKey: twoFactorKey, queryFn: () => apiGet<TwoFactorStatus>('/api/admin/two-factor'), staleTime: 60_000 });
}

/** `POST /api/admin/two-factor/enrolment`: the password again, then a new secret and its QR code. */
export function useStartEnrolment() {
  return useMutation({ mutationFn: (password: string) => apiPost<TwoFactorEnrolment>('/api/admin/two-factor/enrolment', { password }) });
}

/**
 * `POST /api/admin/two-factor/confirmation`: the app's first code; ten recovery codes come back.
 * Every console answer may change then (an administrator who had to enrol gets the console): the
 * screen reads them again once the codes have been put away (`useRefreshAll`).
 */
export function useConfirmEnrolment() {
  return useMutation({ mutationFn: (code: string) => apiPost<TwoFactorRecoveryCodes>('/api/admin/two-factor/confirmation', { code }) });
}

/** `POST /api/admin/two-factor/recovery-codes`: the password and a current code; ten new recovery codes come back. */
export function useRenewRecoveryCodes() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: TwoFactorChangeRequest) => apiPost<TwoFactorRecoveryCodes>('/api/admin/two-factor/recovery-codes', request),
    // A recovery code given as the current code is used up, whatever the answer.
    onSettled: () => client.invalidateQueries({ queryKey: twoFactorKey }),
  });
}

export function useDisableTwoFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: TwoFactorChangeRequest) => apiPost<Record<string, never>>('/api/admin/two-factor/disable', request),
    onSettled: () => client.invalidateQueries({ queryKey: twoFactorKey }),
  });
}

/** After the recovery codes were shown: the status and every screen's answers read again (the caller's powers changed). */
export function useRefreshAll() {
  const client = useQueryClient();
  return () => client.invalidateQueries();
}

/** `POST /api/admin/users/{id}/two-factor-reset` (system administrator). */
export function useResetMemberTwoFactor(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<Record<string, never>>(`/api/admin/users/${userId}/two-factor-reset`, {}),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin-members'] }),
  });
}
