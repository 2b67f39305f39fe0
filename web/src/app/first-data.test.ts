import { hashKey, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { firstDataRequests } from '@server/modules/seo/first-data';
import { latestBoardItemsQuery } from '../features/home/api/list-latest-board-items';
import { queryKeys } from '../lib/query-keys';
import { queryKeyOf, seedFirstData } from './first-data';

/**
 * The server's first answers (server/modules/seo/first-data.ts) land in the queries the screens
 * read: each call (an entry of the endpoint table and its parameters) the server sends for a screen
 * maps to the key that screen's hook uses.
 */
const keysOf = (pathname: string, search = '') => firstDataRequests(pathname, search).map((request) => hashKey(queryKeyOf(request)!));

const frame = [hashKey(queryKeys.siteSetting.info), hashKey(queryKeys.menu), hashKey(queryKeys.popups('all'))];
/** The home page's pop-ups are its own and every screen's (issue 22). */
const homeFrame = [hashKey(queryKeys.siteSetting.info), hashKey(queryKeys.menu), hashKey(queryKeys.popups('home'))];

describe('the first answers feed the screens\' own queries', () => {
  it('home: the frame (with the home page\'s pop-ups) and both latest lists', () => {
    expect(keysOf('/')).toEqual([
      ...homeFrame,
      hashKey(queryKeys.boardItems.list(latestBoardItemsQuery('notice'))),
      hashKey(queryKeys.boardItems.list(latestBoardItemsQuery('public'))),
    ]);
  });

  it('a list: the frame, the board and its first page as BoardListPage asks for it', () => {
    expect(keysOf('/nids/NOTICE/List/')).toEqual([
      ...frame,
      hashKey(queryKeys.board('notice')),
      hashKey(queryKeys.boardItems.list({ boardCode: 'notice', page: 1, pinNotices: true, sort: 'createdDate,DESC' })),
    ]);
    // Another page or a search is the screen's own business.
    expect(keysOf('/Nids/notice/List/', 'page=2')).toEqual([...frame, hashKey(queryKeys.board('notice'))]);
  });

  it('a post: the frame, the board and the post', () => {
    expect(keysOf('/Nids/notice/View/15')).toEqual([...frame, hashKey(queryKeys.board('notice')), hashKey(queryKeys.boardItems.detail('notice', 15))]);
  });

  it('the content screens get the frame\'s (the terms documents have none) and their page; other screens and the console get none', () => {
    expect(keysOf('/NIDS/intro/').slice(0, 3)).toEqual(frame);
    expect(firstDataRequests('/NIDS/intro/', '')).toEqual([
      { id: 'siteSetting.info' }, { id: 'menu.get' }, { id: 'popup.active', query: { screen: 'all' } }, { id: 'content.get', params: { code: 'intro' } },
    ]);
    expect(firstDataRequests('/Account/Signin', '')).toEqual([]);
    expect(firstDataRequests('/TOS/Content/PrivacyContent', '')).toEqual([{ id: 'content.get', params: { code: 'privacy' } }]);
    // An earlier (or announced) version of a terms document opens at its own address.
    expect(firstDataRequests('/TOS/Content/PrivacyContent', 'version=2')).toEqual([{ id: 'content.get', params: { code: 'privacy' }, query: { version: 2 } }]);
    expect(firstDataRequests('/TOS/Content/PrivacyContent', 'version=x')).toEqual([{ id: 'content.get', params: { code: 'privacy' } }]);
    expect(firstDataRequests('/admin/boards/List', '')).toEqual([]);
  });
});

describe('seedFirstData', () => {
  const script = (text: string | null) => ({ getElementById: (id: string) => (id === 'first-data' && text !== null ? ({ textContent: text } as HTMLElement) : null) });
  const board = { boardCode: 'notice', name: '공지사항' };
  const answers = [
    { request: { id: 'board.get', params: { boardCode: 'notice' } }, answer: { code: 'SUCCESS', data: board } },
    { request: { id: 'board.get', params: { boardCode: 'public' } }, answer: { code: 'NOT_FOUND', message: '없음' } },
    { request: { id: 'user.get', params: { id: 1 } }, answer: { code: 'SUCCESS', data: { x: 1 } } },
    { request: { id: 'boardItem.view' }, answer: { code: 'SUCCESS', data: { x: 2 } } },
    { answer: { code: 'SUCCESS', data: { x: 3 } } },
    null,
  ];

  it('puts a guest\'s answers in the cache under the screens\' keys, and nothing else', () => {
    const client = new QueryClient();
    seedFirstData(client, script(JSON.stringify(answers)), () => true);
    expect(client.getQueryData(queryKeys.board('notice'))).toEqual(board);
    expect(client.getQueryCache().getAll()).toHaveLength(1);
  });

  it('leaves a member\'s cache empty: their screens ask as the member', () => {
    const client = new QueryClient();
    seedFirstData(client, script(JSON.stringify(answers)), () => false);
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });

  it.each([null, '', '[{"request":', '"text"', '{"/api/board/notice":{"code":"SUCCESS","data":{}}}'])('does nothing with a page whose answers are %j', (text) => {
    const client = new QueryClient();
    seedFirstData(client, script(text), () => true);
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });
});

describe('a content page\'s first answer (issue 22)', () => {
  it('is keyed as the information and terms screens read their current version', () => {
    expect(queryKeyOf({ id: 'content.get', params: { code: 'privacy' } })).toEqual(['content', 'privacy', 'view', 'current']);
  });
});
