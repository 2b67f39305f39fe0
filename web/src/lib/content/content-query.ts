import { useQuery } from '@tanstack/react-query';
import { endpointRoutes } from '@contract/endpoint-routes';
// The zod-free types: the answer schemas (contract/content.ts) would bring zod into the reader screens.
import type { ContentCode, ContentVersionsData, ContentViewData } from '@contract/content-values';
import { apiCall, endpoint } from '../api';
import { queryKeys } from '../query-keys';

/**
 * A content page as a guest reads it: the current version, or `version` (an earlier one, or a terms
 * document's announced one). The current one may come with the page (first data, the same key).
 */
export function useContent(code: ContentCode, version?: number) {
  return useQuery({
    queryKey: queryKeys.content.view(code, version),
    queryFn: () => apiCall<ContentViewData>(endpoint(endpointRoutes.content.get, { code }), { query: { version } }),
    staleTime: 5 * 60_000,
  });
}

/** The published versions of a page, with their effective periods (the terms documents' history). */
export function useContentVersions(code: ContentCode) {
  return useQuery({
    queryKey: queryKeys.content.versions(code),
    queryFn: () => apiCall<ContentVersionsData>(endpoint(endpointRoutes.content.versions, { code })),
    staleTime: 5 * 60_000,
  });
}
