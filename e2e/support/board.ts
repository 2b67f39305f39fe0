import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { BoardItem, BoardItemCreateRequest, Success } from '../../contract';

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
