import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PopularSearchList, SearchAnswer, SearchGroup, SearchPeriod, SearchSort } from '@contract/search';
import { endpointRoutes } from '@contract/endpoint-routes';
import { apiCall, endpoint } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

export interface SearchParams {
  keyword: string;
  group?: SearchGroup;
  sort: SearchSort;
  period: SearchPeriod;
  page: number;
}

export const getSearch = (params: SearchParams) =>
  apiCall<SearchAnswer>(endpoint(endpointRoutes.search.query), {
    query: { keyword: params.keyword, group: params.group, sort: params.sort, period: params.period, page: params.page },
  });

/** `GET /api/search`: with the caller's token, since the boards searched are the caller's. */
export function useSearch(params: SearchParams) {
  return useQuery({
    queryKey: queryKeys.search.results(params),
    queryFn: () => getSearch(params),
    enabled: params.keyword.trim() !== '',
    placeholderData: keepPreviousData,
  });
}

export const getPopularSearches = () => apiCall<PopularSearchList>(endpoint(endpointRoutes.search.popular), { anonymous: true });

/**
 * The popular terms of the last 7 days: the same for everyone, so sent without the token. A failure
 * shows none. `enabled` false until wanted (the header's field asks on its first focus).
 */
export function usePopularSearches(enabled = true) {
  return useQuery({ queryKey: queryKeys.search.popular, queryFn: getPopularSearches, staleTime: 60_000, enabled });
}
