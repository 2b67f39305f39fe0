import type { UploadedFile, UploadUrlResponse } from '@contract';
import { endpointRoutes, endpointUrl } from '@contract/endpoint-routes';
import { apiCall, endpoint } from '@web/lib/api';
import { sendFile, type UploadOptions } from '@web/lib/send-file';
import { getSessionStore } from '@web/lib/session';

/**
 * Attachments go by a single-use upload URL (issue 4): ask for one with the file's name, type
 * and size (`GET /api/board-item-file/upload-url`), then POST the bytes to it as multipart field
 * `file`. XMLHttpRequest rather than fetch, because only it reports upload progress.
 */
export const getAttachmentUploadUrl = (boardCode: string, file: File) =>
  apiCall<UploadUrlResponse>(endpoint(endpointRoutes.file.boardUploadUrl), {
    query: { boardCode, fileName: file.name, contentType: file.type || 'application/octet-stream', size: file.size },
  });

/** An attachment: the upload URL first (also where the board's limits are checked), then the bytes. */
export async function uploadAttachment(boardCode: string, file: File, options: UploadOptions = {}): Promise<UploadedFile> {
  const { uploadUrl } = await getAttachmentUploadUrl(boardCode, file);
  return sendFile(uploadUrl, file, options);
}

/**
 * `PUT /api/board-item/images?boardCode=`: an image for the editor. The board read first goes
 * through the API client, which refreshes a token about to expire, so the upload carries a live one.
 */
export async function uploadEditorImage(boardCode: string, file: File): Promise<UploadedFile> {
  await apiCall(endpoint(endpointRoutes.board.get, { boardCode }));
  const image = endpointRoutes.boardItem.editorImage;
  return sendFile(endpointUrl(image, {}, { boardCode }), file, {
    method: image.method,
    token: getSessionStore().accessToken(),
  });
}
