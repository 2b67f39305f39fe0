import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board, BoardItem, BoardItemPage, BoardMenu } from '@contract';
import { boardMessages } from '@contract';
import { createTestApp, data, type TestApp } from '../../test/harness';
import { expectRefusal } from '../../test/refusals';
import { faqCategories, faqQuestions } from '../../seed/faq';

/**
 * Issue 22, the FAQ board as the API serves it: the seeded `faq` board (알림마당, read by
 * everyone, written by administrators, no comments) with its categories and eight questions,
 * listed with their categories and answers by the list call every board uses (guest-cached), found
 * by the board's search, and written like posts with a category required.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, token?: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { ...t.auth(token), ...headers } });
const put = (payload: object, token?: string) => t.app.inject({ method: 'PUT', url: '/api/board-item/faq', headers: t.auth(token), payload });
/** The list screen's own query (web BoardListPage, and the first-load data of server/modules/seo/first-data.ts). */
const LIST = '/api/board-item?boardCode=faq&page=1&pinNotices=true&sort=createdDate%2CDESC';

describe('the faq board', () => {
  it('is an FAQ board of 알림마당 with its categories, read by guests, written by administrators, without comments', async () => {
    const board = data<Board>(await get('/api/board/faq'));
    expect(board).toMatchObject({ boardCode: 'faq', area: 'Nids', name: '자주 묻는 질문', listStyle: 'faq', useComments: false, categories: [...faqCategories] });
    expect(board.permissions).toMatchObject({ list: true, read: true, write: false, comment: false, manage: false });
    expect(data<Board>(await get('/api/board/faq', t.tokens.member)).permissions).toMatchObject({ read: true, write: false });
    expect(data<Board>(await get('/api/board/faq', t.tokens.admin)).permissions).toMatchObject({ write: true, manage: true });
  });

  it('is in the menu answer after 공지사항 and 문의하기, so the header lists it under 알림마당', async () => {
    const menu = data<BoardMenu>(await get('/api/board'));
    const nids = menu.content.filter((b) => b.area === 'Nids').map((b) => b.boardCode);
    expect(nids).toEqual(['notice', 'contactus', 'faq']);
  });
});

describe('the FAQ list', () => {
  it('answers the eight seeded questions with their categories and sanitised answers, in one guest-cached answer', async () => {
    const res = await get(LIST);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    const page = data<BoardItemPage>(res);
    const questions = [...page.notices, ...page.content];
    expect(page.totalElements).toBe(8);
    expect(questions.map((q) => q.title).sort()).toEqual(faqQuestions.map((q) => q.title).sort());
    for (const q of questions) {
      expect(faqCategories as readonly string[], q.title).toContain(q.category);
      expect(q.content, q.title).toMatch(/^<p>/);
      // The answers refer to the site's contact details, which live in the settings, never copy them.
      expect(q.content, q.title).not.toMatch(/\d{2,4}-\d{3,4}-\d{4}|@/);
    }
    expect(new Set(questions.map((q) => q.category))).toEqual(new Set(faqCategories));
    // The list call answers every question on its one page: the answers come with it.
    expect(page.totalPages).toBe(1);

    const again = await get(LIST, undefined, { 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('the board search finds a question by a word of its answer, with its category', async () => {
    const page = data<BoardItemPage>(await get(`/api/board-item?boardCode=faq&page=1&sort=createdDate%2CDESC&searchType=titleContent&keyword=${encodeURIComponent('안전성 서한')}`));
    expect(page.content.map((q) => [q.category, q.title])).toEqual([['환자', '이식받은 의료기기의 회수(리콜) 통보를 받았습니다. 어떻게 해야 하나요?']]);
  });
});

describe('writing a question', () => {
  it('an administrator writes one under a category; without one, or under one the board lacks, it is refused and nothing is saved', async () => {
    const before = data<BoardItemPage>(await get(LIST, t.tokens.admin)).totalElements;
    expectRefusal(await put({ title: '분류 없는 질문', content: '<p>답변</p>' }, t.tokens.admin), 400, 'BAD_REQUEST', boardMessages.categoryRequired);
    expectRefusal(await put({ title: '분류 없는 질문', content: '<p>답변</p>', category: '' }, t.tokens.admin), 400, 'BAD_REQUEST', boardMessages.categoryRequired);
    expectRefusal(await put({ title: '없는 분류', content: '<p>답변</p>', category: '기타' }, t.tokens.admin), 400, 'BAD_REQUEST', boardMessages.categoryInvalid);
    expect(data<BoardItemPage>(await get(LIST, t.tokens.admin)).totalElements).toBe(before);

    const saved = data<BoardItem>(await put({ title: '등록 확인서를 받을 수 있나요?', content: '<p>수술받은 병원에 요청해 주세요.</p><script>x()</script>', category: '환자' }, t.tokens.admin));
    expect(saved).toMatchObject({ category: '환자', content: '<p>수술받은 병원에 요청해 주세요.</p>' });
    const listed = data<BoardItemPage>(await get(LIST));
    expect(listed.totalElements).toBe(before + 1);
    expect(listed.content.find((q) => q.itemNo === saved.itemNo)).toMatchObject({ category: '환자' });

    // Editing keeps the rule: the category cannot be taken away.
    const cleared = await t.app.inject({ method: 'PATCH', url: `/api/board-item/faq/${saved.itemNo}`, headers: t.auth(t.tokens.admin), payload: { category: null } });
    expectRefusal(cleared, 400, 'BAD_REQUEST', boardMessages.categoryRequired);
  });

  it('a member may not write one', async () => {
    expectRefusal(await put({ title: '질문', content: '<p>답</p>', category: '환자' }, t.tokens.member), 403, 'FORBIDDEN');
    expectRefusal(await put({ title: '질문', content: '<p>답</p>', category: '환자' }), 401, 'UNAUTHORIZED');
  });
});
