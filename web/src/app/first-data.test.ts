import { hashKey, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { firstDataKey, firstDataUrls } from '@server/modules/seo/first-data';
import { boardQueryKey } from '../features/board/api/get-board';
import { boardItemQueryKey } from '../features/board/api/get-board-item';
import { boardItemsQueryKey } from '../features/board/api/list-board-items';
import { latestBoardItemsQuery } from '../features/home/api/list-latest-board-items';
import { boardMenuQueryKey } from '../lib/board-menu';
import { queryKeyOf, seedFirstData } from './first-data';

/**
 * The server's first answers (server/modules/seo/first-data.ts) land in the queries the screens
 * read: each URL the server sends for a screen maps to the key that screen's hook uses.
 */
const keysOf = (pathname: string, search = '') => firstDataUrls(pathname, search).map((url) => hashKey(queryKeyOf(firstDataKey(url))!));

const frame = [hashKey(['site-setting', 'info']), hashKey(boardMenuQueryKey)];

describe('the first answers feed the screens\' own queries', () => {
  it('home: the frame and both latest lists', () => {
    expect(keysOf('/')).toEqual([
      ...frame,
      hashKey(['board-item', 'list', latestBoardItemsQuery('notice')]),
      hashKey(['board-item', 'list', latestBoardItemsQuery('public')]),
    ]);
  });

  it('a list: the frame, the board and its first page as BoardListPage asks for it', () => {
    expect(keysOf('/nids/NOTICE/List/')).toEqual([
      ...frame,
      hashKey(boardQueryKey('notice')),
      hashKey(boardItemsQueryKey({ boardCode: 'notice', page: 1, pinNotices: true, sort: 'createdDate,DESC' })),
    ]);
    // Another page or a search is the screen's own business.
    expect(keysOf('/Nids/notice/List/', 'page=2')).toEqual([...frame, hashKey(boardQueryKey('notice'))]);
  });

  it('a post: the frame, the board and the post', () => {
    expect(keysOf('/Nids/notice/View/15')).toEqual([...frame, hashKey(boardQueryKey('notice')), hashKey(boardItemQueryKey('notice', 15))]);
  });

  it('the fixed screens in the frame get the frame\'s; other screens and the console get none', () => {
    expect(keysOf('/NIDS/intro/')).toEqual(frame);
    expect(firstDataUrls('/Account/Signin', '')).toEqual([]);
    expect(firstDataUrls('/TOS/Content/PrivacyContent', '')).toEqual([]);
    expect(firstDataUrls('/admin/boards/List', '')).toEqual([]);
  });
});

describe('seedFirstData', () => {
  const script = (text: string | null) => ({ getElementById: (id: string) => (id === 'first-data' && text !== null ? ({ textContent: text } as HTMLElement) : null) });
  const board = { boardCode: 'notice', name: '공지사항' };
  const answers = {
    '/api/board/notice': { code: 'SUCCESS', data: board },
    '/api/board/public': { code: 'NOT_FOUND', message: '없음' },
    '/api/unknown': { code: 'SUCCESS', data: { x: 1 } },
  };

  it('puts a guest\'s answers in the cache under the screens\' keys, and nothing else', () => {
    const client = new QueryClient();
    seedFirstData(client, script(JSON.stringify(answers)), () => true);
    expect(client.getQueryData(boardQueryKey('notice'))).toEqual(board);
    expect(client.getQueryCache().getAll()).toHaveLength(1);
  });

  it('leaves a member\'s cache empty: their screens ask as the member', () => {
    const client = new QueryClient();
    seedFirstData(client, script(JSON.stringify(answers)), () => false);
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });

  it.each([null, '', '{"/api/board/notice":', '"text"'])('does nothing with a page whose answers are %j', (text) => {
    const client = new QueryClient();
    seedFirstData(client, script(text), () => true);
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });
});
