import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoardItem, BoardItemPage } from '@contract';
import { createTestApp, data, type TestApp } from '../../test/harness';

/**
 * The home page lists the newest 5 notices and public posts (spec §1) with the query its screen
 * sends (web/src/features/home/api). A post written without the home-page flag is on it; only a
 * post explicitly kept off (`showItemToMain: false`) is not (issue 9).
 */
let t: TestApp;
const HOME_QUERY = 'page=1&size=5&sort=createdDate,DESC&showItemToMain=true';

beforeAll(async () => {
  t = await createTestApp({ seedDemo: true });
});

afterAll(async () => {
  await t?.close();
});

async function write(boardCode: string, payload: Record<string, unknown>): Promise<BoardItem> {
  return data<BoardItem>(
    await t.app.inject({ method: 'PUT', url: `/api/board-item/${boardCode}`, headers: t.auth(t.tokens.admin), payload: { content: '<p>본문</p>', ...payload } }),
  );
}

async function homeTitles(boardCode: string): Promise<string[]> {
  // As the home page asks it: a guest, through the cache.
  const page = data<BoardItemPage>(await t.app.inject({ method: 'GET', url: `/api/board-item?boardCode=${boardCode}&${HOME_QUERY}` }));
  return page.content.map((item) => item.title);
}

describe('the home lists', () => {
  it('show a new notice and a new public post written without the flag, first', async () => {
    const notice = await write('notice', { title: '첫 화면에 나올 새 공지' });
    expect(notice.showItemToMain).toBe(true);
    expect((await homeTitles('notice'))[0]).toBe('첫 화면에 나올 새 공지');
    await write('public', { title: '첫 화면에 나올 새 자료' });
    expect((await homeTitles('public'))[0]).toBe('첫 화면에 나올 새 자료');
  });

  it('leave out only a post explicitly kept off the home page', async () => {
    const kept = await write('notice', { title: '첫 화면에서 뺀 공지', showItemToMain: false });
    expect(kept.showItemToMain).toBe(false);
    const titles = await homeTitles('notice');
    expect(titles).not.toContain('첫 화면에서 뺀 공지');
    expect(titles[0]).toBe('첫 화면에 나올 새 공지');
  });
});
