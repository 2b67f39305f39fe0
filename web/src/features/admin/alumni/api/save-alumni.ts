import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AlumniCreateBody, AlumniPatchBody } from '@contract';
import { apiRequest } from '@web/lib/api';
import { alumniKeys } from './list-alumni';

/** `PUT /api/alumni`: a new record; answers its id. */
export const createAlumni = (body: AlumniCreateBody) => apiRequest<{ id: number }>('PUT', '/api/alumni', { body });

/** `PATCH /api/alumni/{id}`: the fields sent change. */
export const updateAlumni = (id: number, body: AlumniPatchBody) => apiRequest<{ id: number }>('PATCH', `/api/alumni/${id}`, { body });

/** `DELETE /api/alumni/{id}`. */
export const deleteAlumni = (id: number) => apiRequest<{ id: number }>('DELETE', `/api/alumni/${id}`);

/** Every change (form, delete, import) makes every page of the list stale. */
export function useInvalidateAlumni() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: alumniKeys.all });
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
