import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminContentList, AdminContentVersion, AdminContentView, ContentCode, ContentRestoreRequest, ContentSaveRequest } from '@contract';
import { uploadDefaults } from '@contract';
import { endpointRoutes, endpointUrl } from '@contract/endpoint-routes';
import { apiCall, endpoint } from '@web/lib/api';
import { getSessionStore } from '@web/lib/session';
import { sendFile } from '@web/lib/send-file';

/**
 * The console's calls for the site's own words (issue 22). The keys are this feature's own (the
 * list, each page's versions and each version), so a save or a restore refreshes exactly those.
 */
export const contentKeys = {
  all: ['admin', 'content'] as const,
  list: ['admin', 'content', 'list'] as const,
  page: (code: string) => ['admin', 'content', 'page', code] as const,
  versions: (code: string) => ['admin', 'content', 'page', code, 'versions'] as const,
  version: (code: string, version: number) => ['admin', 'content', 'page', code, 'version', version] as const,
};

/** `GET /api/admin/content`: the eight pages with their current, newest and scheduled versions. */
export function useContentPages() {
  return useQuery({ queryKey: contentKeys.list, queryFn: () => apiCall<AdminContentList>(endpoint(endpointRoutes.adminContent.list)), staleTime: 0 });
}

/** `GET /api/admin/content/{code}/versions`: newest first, drafts and scheduled ones too. */
export function useContentVersions(code: string) {
  return useQuery({
    queryKey: contentKeys.versions(code),
    queryFn: () => apiCall<{ content: AdminContentVersion[] }>(endpoint(endpointRoutes.adminContent.versions, { code })),
    staleTime: 0,
  });
}

/** `GET /api/admin/content/{code}/versions/{version}`: one version with its body (null: none asked for). */
export function useContentVersion(code: string, version: number | null) {
  return useQuery({
    queryKey: contentKeys.version(code, version ?? 0),
    queryFn: () => apiCall<AdminContentView>(endpoint(endpointRoutes.adminContent.version, { code, version: String(version) })),
    enabled: version !== null && version > 0,
    // A version never changes once saved.
    staleTime: Infinity,
  });
}

/** `PUT /api/admin/content/{code}`: a new version. */
export function useSaveContent(code: ContentCode) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ContentSaveRequest) => apiCall<AdminContentView>(endpoint(endpointRoutes.adminContent.save, { code }), { body }),
    onSuccess: async (saved) => {
      client.setQueryData(contentKeys.version(code, saved.version), saved);
      await Promise.all([client.invalidateQueries({ queryKey: contentKeys.list }), client.invalidateQueries({ queryKey: contentKeys.versions(code) })]);
    },
  });
}

/** `POST /api/admin/content/{code}/versions/{version}/restore`: that version again, as a new one published now. */
export function useRestoreContent(code: ContentCode) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ version, ...body }: { version: number } & NonNullable<ContentRestoreRequest>) =>
      apiCall<AdminContentView>(endpoint(endpointRoutes.adminContent.restore, { code, version: String(version) }), { body }),
    onSuccess: async (restored) => {
      client.setQueryData(contentKeys.version(code, restored.version), restored);
      await Promise.all([client.invalidateQueries({ queryKey: contentKeys.list }), client.invalidateQueries({ queryKey: contentKeys.versions(code) })]);
    },
  });
}

/**
 * An image for a page's rich text: the post editor's endpoint (`PUT /api/board-item/images`)
 * without a board, so the site's default image limit applies. A read through the API client
 * first refreshes a token about to expire, as the post editor's upload does.
 */
export async function uploadContentImage(file: File) {
  await apiCall(endpoint(endpointRoutes.adminContent.list));
  const image = endpointRoutes.boardItem.editorImage;
  return sendFile(endpointUrl(image), file, { method: image.method, token: getSessionStore().accessToken() });
}

export const contentImageMaxSize = uploadDefaults.maxImageSize;
