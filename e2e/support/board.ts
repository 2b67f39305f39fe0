import { expect, type APIRequestContext, type APIResponse, type Locator, type Page } from '@playwright/test';
import type { BoardItem, BoardItemComment, BoardItemCreateRequest, Success, UploadedFile, UploadUrlResponse } from '@contract';

/** A 1x1 PNG: a real image (the server reads its bytes and makes a thumbnail). */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A small but well-formed PDF (the server checks the bytes match the extension). */
export const SMALL_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n' +
    'trailer<</Root 1 0 R>>\n%%EOF\n',
);

/** Creates a post through the API as the member holding `accessToken` (for tests about what others see). */
export async function createItemByApi(
  request: APIRequestContext,
  accessToken: string,
  boardCode: string,
  body: BoardItemCreateRequest,
): Promise<BoardItem> {
  const response = await request.put(`/api/board-item/${boardCode}`, { data: body, headers: { authorization: `Bearer ${accessToken}` } });
  const payload = (await response.json()) as Success<BoardItem> & { message?: string };
  expect(response.status(), `PUT /api/board-item/${boardCode}: ${payload.message ?? ''}`).toBe(200);
  return payload.data;
}

/** The editable area of the post editor. */
export const editorArea = (page: Page): Locator => page.getByRole('textbox', { name: '내용' });

/**
 * Types Hangul the way an IME does: composition updates (ㅎ → 하 → 한), then the committed text,
 * through the DevTools protocol, so the editor sees real composition events.
 */
export async function composeKorean(page: Page, steps: string[], committed: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  for (const text of steps) {
    await cdp.send('Input.imeSetComposition', { text, selectionStart: text.length, selectionEnd: text.length });
  }
  await cdp.send('Input.insertText', { text: committed });
  await cdp.detach();
}

export interface FilePayload {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

async function unwrap<T>(response: APIResponse, what: string): Promise<T> {
  const payload = (await response.json()) as Success<T> & { message?: string };
  expect(response.status(), `${what}: ${payload.message ?? ''}`).toBe(200);
  return payload.data;
}

/** An attachment uploaded the way the write screen does it: an upload URL first, then the bytes. */
export async function uploadAttachmentByApi(request: APIRequestContext, accessToken: string, boardCode: string, file: FilePayload): Promise<UploadedFile> {
  const query = new URLSearchParams({ boardCode, fileName: file.name, contentType: file.mimeType, size: String(file.buffer.length) });
  const { uploadUrl } = await unwrap<UploadUrlResponse>(
    await request.get(`/api/board-item-file/upload-url?${query}`, { headers: { authorization: `Bearer ${accessToken}` } }),
    'GET /api/board-item-file/upload-url',
  );
  return unwrap<UploadedFile>(await request.post(uploadUrl, { multipart: { file } }), `POST ${uploadUrl}`);
}

/** An image for a post's text, uploaded the way the editor does it. */
export async function uploadEditorImageByApi(request: APIRequestContext, accessToken: string, boardCode: string, file: FilePayload): Promise<UploadedFile> {
  return unwrap<UploadedFile>(
    await request.put(`/api/board-item/images?boardCode=${encodeURIComponent(boardCode)}`, {
      multipart: { file },
      headers: { authorization: `Bearer ${accessToken}` },
    }),
    'PUT /api/board-item/images',
  );
}

/** A comment (or, with `parentId`, a reply) through the API. */
export async function commentByApi(
  request: APIRequestContext,
  accessToken: string,
  boardCode: string,
  itemNo: number,
  content: string,
  parentId: number | null = null,
): Promise<BoardItemComment> {
  return unwrap<BoardItemComment>(
    await request.put(`/api/board-item-comment/${boardCode}/${itemNo}`, {
      data: { content, parentId },
      headers: { authorization: `Bearer ${accessToken}` },
    }),
    `PUT /api/board-item-comment/${boardCode}/${itemNo}`,
  );
}
