import { partialMatchKey, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryKeys as k } from './query-keys';

/** Whether `invalidateQueries({ queryKey: filter })` (or removeQueries) reaches a query keyed `key`. */
const hits = (filter: QueryKey, key: QueryKey) => partialMatchKey(key, filter);

const list = { boardCode: 'notice', page: 1, pinNotices: true, sort: 'createdDate,DESC' };
const latest = { boardCode: 'public', page: 1, size: 5, sort: 'createdDate,DESC', showItemToMain: true };

describe('the query keys: each invalidation reaches the queries it means, and no others', () => {
  it('a saved post or comment makes every list stale, the home page\'s too, but not posts or boards', () => {
    expect(hits(k.boardItems.lists, k.boardItems.list(list))).toBe(true);
    expect(hits(k.boardItems.lists, k.boardItems.list(latest))).toBe(true);
    expect(hits(k.boardItems.lists, k.boardItems.detail('notice', 3))).toBe(false);
    expect(hits(k.boardItems.lists, k.board('notice'))).toBe(false);
  });

  it('a comment reaches every page of its post\'s comments and the post, not another post\'s', () => {
    expect(hits(k.comments.ofItem('notice', 3), k.comments.page('notice', 3, 1))).toBe(true);
    expect(hits(k.comments.ofItem('notice', 3), k.comments.page('notice', 4, 1))).toBe(false);
    expect(hits(k.boardItems.detail('notice', 3), k.boardItems.detail('notice', 3))).toBe(true);
  });

  it('a saved board in the console reaches the menu, the console\'s list and that board\'s screens', () => {
    expect(hits(k.board('notice'), k.board('notice'))).toBe(true);
    expect(hits(k.board('notice'), k.board('public'))).toBe(false);
    expect(k.boardMenu).toEqual(['board-menu']);
    expect(hits(k.admin.boards, k.admin.boards)).toBe(true);
  });

  it('saved site settings reach the public info and the sign-up settings, not the console\'s own copy', () => {
    expect(hits(k.siteSetting.all, k.siteSetting.info)).toBe(true);
    expect(hits(k.siteSetting.all, k.siteSetting.authentication)).toBe(true);
    expect(hits(k.siteSetting.all, k.admin.siteSetting)).toBe(false);
  });

  it('a new caller forgets every member record', () => {
    expect(hits(k.user.all, k.user.detail(7))).toBe(true);
    expect(hits(k.user.all, k.admin.members.detail(7))).toBe(false);
  });

  it('the console\'s lists: members, inquiries, access records, alumni', () => {
    expect(hits(k.admin.members.all, k.admin.members.detail(7))).toBe(true);
    expect(hits(k.admin.members.all, k.admin.members.roleOptions)).toBe(true);
    expect(hits(k.admin.members.lists, k.admin.members.list({ page: 1, size: 20 }))).toBe(true);
    expect(hits(k.admin.members.lists, k.admin.members.detail(7))).toBe(false);
    expect(hits(k.admin.inquiries.lists, k.admin.inquiries.list({ page: 1, size: 20 }))).toBe(true);
    expect(hits(k.admin.inquiries.lists, k.admin.inquiries.item(5))).toBe(false);
    expect(hits(k.admin.accessRecords.all, k.admin.accessRecords.list({ page: 1, size: 20 }))).toBe(true);
    expect(hits(k.admin.alumni.all, k.admin.alumni.list({ page: 1, size: 20, sort: 'name' }))).toBe(true);
  });

  it('no two resources share a key', () => {
    const singles: QueryKey[] = [
      k.siteSetting.info, k.siteSetting.authentication, k.boardMenu, k.menu, k.board('x'), k.boardItems.detail('x', 1),
      k.comments.ofItem('x', 1), k.user.detail(1), k.captcha, k.admin.dashboard, k.admin.siteSetting, k.admin.boards,
      k.admin.twoFactor, k.admin.accessRecords.all, k.admin.inquiries.item(1), k.admin.members.all, k.admin.roles, k.admin.alumni.all,
    ];
    for (const [i, a] of singles.entries()) {
      for (const b of singles.slice(i + 1)) expect(hits(a, b) || hits(b, a), `${JSON.stringify(a)} and ${JSON.stringify(b)}`).toBe(false);
    }
  });
});
