import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminPopup, AdminPopupList, PopupCreateRequest, PopupPatchRequest, UploadedFile } from '@contract';
import { endpointRoutes, endpointUrl } from '@contract/endpoint-routes';
import { apiCall, apiErrorOf, endpoint, networkError, type ErrorAnswer } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';
import { getSessionStore } from '@web/lib/session';

/** `GET /api/admin/popup`: every pop-up, ended ones too; fresh each time (states move with the clock). */
export function useAdminPopups() {
  return useQuery({
    queryKey: queryKeys.admin.popups,
    queryFn: () => apiCall<AdminPopupList>(endpoint(endpointRoutes.adminPopup.list)),
    staleTime: 0,
  });
}

/** `PUT /api/admin/popup` (new) or `PATCH /api/admin/popup/{id}`; the list and the visitors' pop-ups are read again. */
export function useSavePopup(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PopupCreateRequest | PopupPatchRequest) =>
      id === null
        ? apiCall<AdminPopup>(endpoint(endpointRoutes.adminPopup.create), { body })
        : apiCall<AdminPopup>(endpoint(endpointRoutes.adminPopup.update, { id }), { body }),
    onSuccess: () => invalidate(queryClient),
  });
}

/** `DELETE /api/admin/popup/{id}`. */
export function useDeletePopup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiCall<{ id: number }>(endpoint(endpointRoutes.adminPopup.remove, { id })),
    onSuccess: () => invalidate(queryClient),
  });
}

function invalidate(queryClient: ReturnType<typeof useQueryClient>) {
  void queryClient.invalidateQueries({ queryKey: queryKeys.admin.popups });
  void queryClient.invalidateQueries({ queryKey: ['popup'] });
}

/**
 * `PUT /api/board-item/images`: an image for the pop-up or its text, with the site's default image
 * limit. The list read first goes through the API client, which refreshes a token about to expire.
 */
export async function uploadPopupImage(file: File): Promise<UploadedFile> {
  await apiCall(endpoint(endpointRoutes.adminPopup.list));
  const image = endpointRoutes.boardItem.editorImage;
  const form = new FormData();
  form.append('file', file);
  let response: Response;
  try {
    response = await fetch(endpointUrl(image, {}), { method: image.method, body: form, headers: { authorization: `Bearer ${getSessionStore().accessToken() ?? ''}` } });
  } catch {
    throw networkError();
  }
  const payload = (await response.json().catch(() => null)) as (ErrorAnswer & { data?: UploadedFile }) | null;
  if (!response.ok || !payload?.data) throw apiErrorOf(response.status, payload);
  return payload.data;
}
