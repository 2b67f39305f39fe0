import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AlumniCreateBody, AlumniPatchBody } from '@contract';
import { endpointRoutes } from '@contract/endpoint-routes';
import { apiCall, endpoint } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** `PUT /api/alumni`: a new record; answers its id. */
export const createAlumni = (body: AlumniCreateBody) => apiCall<{ id: number }>(endpoint(endpointRoutes.alumni.create), { body });

/** `PATCH /api/alumni/{id}`: the fields sent change. */
export const updateAlumni = (id: number, body: AlumniPatchBody) => apiCall<{ id: number }>(endpoint(endpointRoutes.alumni.update, { id }), { body });

/** `DELETE /api/alumni/{id}`. */
export const deleteAlumni = (id: number) => apiCall<{ id: number }>(endpoint(endpointRoutes.alumni.remove, { id }));

/** Every change (form, delete, import) makes every page of the list stale. */
export function useInvalidateAlumni() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.alumni.all });
}

export function useSaveAlumni() {
  const invalidate = useInvalidateAlumni();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: AlumniCreateBody }) => (id === null ? createAlumni(body) : updateAlumni(id, body)),
    onSuccess: () => invalidate(),
  });
}

export function useDeleteAlumni() {
  const invalidate = useInvalidateAlumni();
  return useMutation({ mutationFn: deleteAlumni, onSuccess: () => invalidate() });
}
