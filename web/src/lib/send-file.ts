import type { UploadedFile } from '@contract';
import { apiErrorOf, networkError, type ErrorAnswer } from './api';

/**
 * One file sent as multipart field `file` (issue 4): the board's attachments and the post editor's
 * images, wherever the editor is used (posts, the console's content pages). XMLHttpRequest rather
 * than fetch, because only it reports upload progress.
 */
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
