import type { UploadedFile, UploadUrlResponse } from '@contract';
import { endpointRoutes, endpointUrl } from '@contract/endpoint-routes';
import { apiCall, apiErrorOf, endpoint, networkError, type ErrorAnswer } from '@web/lib/api';
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

export interface UploadOptions {
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  method?: 'POST' | 'PUT';
  /** Sent as the bearer token (the editor's image endpoint is a normal API call). */
  token?: string | null;
}

/** Sends one file as multipart field `file` and unwraps `{ code: 'SUCCESS', data }`. */
export function sendFile(url: string, file: File, options: UploadOptions = {}): Promise<UploadedFile> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(options.method ?? 'POST', url);
    xhr.setRequestHeader('accept', 'application/json');
    if (options.token) xhr.setRequestHeader('authorization', `Bearer ${options.token}`);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      const payload = xhr.response as (ErrorAnswer & { data?: UploadedFile }) | null;
      if (xhr.status >= 200 && xhr.status < 300 && payload?.code === 'SUCCESS' && payload.data) {
        options.onProgress?.(1);
        resolve(payload.data);
      } else {
        reject(apiErrorOf(xhr.status, payload));
      }
    };
    xhr.onerror = () => reject(networkError());
    xhr.onabort = () => reject(new DOMException('upload aborted', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

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
