import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AlumniPage, AlumniSort } from '@contract';
import { apiGet } from '@web/lib/api';

export interface AlumniListQuery {
  page: number;
  size: number;
  keyword?: string;
  sort: AlumniSort;
}

/** `GET /api/alumni?page&size&keyword&sort`: one page of the address book. */
export const listAlumni = (query: AlumniListQuery) => apiGet<AlumniPage>('/api/alumni', { ...query });

export const alumniKeys = {
  all: ['alumni'] as const,
  list: (query: AlumniListQuery) => ['alumni', 'list', query] as const,
};

/** The previous page stays on screen while the next loads, so the table does not flash. */
export function useAlumniList(query: AlumniListQuery) {
  return useQuery({ queryKey: alumniKeys.list(query), queryFn: () => listAlumni(query), placeholderData: keepPreviousData });
}
