import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AlumniPage, AlumniSort } from '@contract';
import { endpointRoutes } from '@contract/endpoint-routes';
import { apiCall, endpoint } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

export interface AlumniListQuery {
  page: number;
  size: number;
  keyword?: string;
  sort: AlumniSort;
}

/** `GET /api/alumni?page&size&keyword&sort`: one page of the address book. */
export const listAlumni = (query: AlumniListQuery) => apiCall<AlumniPage>(endpoint(endpointRoutes.alumni.list), { query: { ...query } });

/** The previous page stays on screen while the next loads, so the table does not flash. */
export function useAlumniList(query: AlumniListQuery) {
  return useQuery({ queryKey: queryKeys.admin.alumni.list(query), queryFn: () => listAlumni(query), placeholderData: keepPreviousData });
}
