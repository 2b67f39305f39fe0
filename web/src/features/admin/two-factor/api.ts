import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TwoFactorChangeRequest, TwoFactorEnrolment, TwoFactorRecoveryCodes, TwoFactorStatus } from '@contract';
import { endpointRoutes } from '@contract/endpoint-routes';
import { apiCall, endpoint } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** `GET /api/admin/two-factor`: the signed-in administrator's own second factor. */
export function useTwoFactorStatus() {
  return useQuery({ queryKey: queryKeys.admin.twoFactor, queryFn: () => apiCall<TwoFactorStatus>(endpoint(endpointRoutes.twoFactor.status)), staleTime: 60_000 });
}

/** `POST /api/admin/two-factor/enrolment`: the password again, then a new secret and its QR code. */
export function useStartEnrolment() {
  return useMutation({ mutationFn: (password: string) => apiCall<TwoFactorEnrolment>(endpoint(endpointRoutes.twoFactor.enrolment), { body: { password } }) });
}

/**
 * `POST /api/admin/two-factor/confirmation`: the app's first code; ten recovery codes come back.
 * Every console answer may change then (an administrator who had to enrol gets the console): the
 * screen reads them again once the codes have been put away (`useRefreshAll`).
 */
export function useConfirmEnrolment() {
  return useMutation({ mutationFn: (code: string) => apiCall<TwoFactorRecoveryCodes>(endpoint(endpointRoutes.twoFactor.confirmation), { body: { code } }) });
}

/** `POST /api/admin/two-factor/recovery-codes`: the password and a current code; ten new recovery codes come back. */
export function useRenewRecoveryCodes() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: TwoFactorChangeRequest) => apiCall<TwoFactorRecoveryCodes>(endpoint(endpointRoutes.twoFactor.recoveryCodes), { body: request }),
    // A recovery code given as the current code is used up, whatever the answer.
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.admin.twoFactor }),
  });
}

export function useDisableTwoFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: TwoFactorChangeRequest) => apiCall<Record<string, never>>(endpoint(endpointRoutes.twoFactor.disable), { body: request }),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.admin.twoFactor }),
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
    mutationFn: () => apiCall<Record<string, never>>(endpoint(endpointRoutes.twoFactor.reset, { id: userId }), { body: {} }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.admin.members.all }),
  });
}
