import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INQUIRY_BOARD, messages, type MemberActivityPage } from '@contract';
import { boardItem, boardItemComment } from '../../db/schema';
import { recorded } from '../../test/access-records';
import { signIn } from '../../test/accounts';
import { createBoardItem, createMember } from '../../test/factories';
import { createTestApp, data, TestClock, type TestApp } from '../../test/harness';
import { expectRefusal } from '../../test/refusals';
import { sessionToken } from '../../test/tokens';
import { insertComment } from '../comment/repo';

let t: TestApp;
const clock = new TestClock(new Date('2026-12-01T01:00:00Z'));

/** Posts and comments a minute apart from 2026-11-01, so "newest first" has one answer. */
let minute = 0;
const at = () => new Date(Date.UTC(2026, 10, 1, 0, minute++));

let me: { id: number; headers: Record<string, string> };
let other: { id: number; headers: Record<string, string> };
const mine: Record<string, { id: number; itemNo: number }> = {};

beforeAll(async () => {
  t = await createTestApp({ clock });
  const member = await createMember(t.db, { name: '활동회원', email: 'activity.member@example.com', userKeyCode: 'activity.member@example.com' });
  me = { id: member.id, headers: t.auth((await signIn(t, member.userKeyCode, member.password)).accessToken) };
  const stranger = await createMember(t.db, { name: '다른회원' });
  other = { id: stranger.id, headers: t.auth((await signIn(t, stranger.userKeyCode, stranger.password)).accessToken) };

  const post = (name: string, overrides: Parameters<typeof createBoardItem>[1]) =>
    createBoardItem(t.db, { writerId: me.id, writerName: '활동회원', createdAt: at(), ...overrides }).then((r) => (mine[name] = r));
  await post('first', { boardCode: 'community', title: '첫 글' });
  await post('secret', { boardCode: 'community', title: '비밀 글', isSecret: true });
  await post('deleted', { boardCode: 'community', title: '지운 글' });
  await post('inquiryOld', { boardCode: INQUIRY_BOARD, title: '첫 문의', isSecret: true });
  await post('inquiryNew', { boardCode: INQUIRY_BOARD, title: '둘째 문의', isSecret: true });
  await post('latest', { boardCode: 'community', title: '최근 글' });
  await t.db.update(boardItem).set({ inquiryStatus: 'DONE' }).where(eq(boardItem.id, mine.inquiryOld!.id));
  // Someone else's post and inquiry: never in my lists.
  await createBoardItem(t.db, { boardCode: 'community', writerId: other.id, writerName: '다른회원', title: '남의 글', createdAt: at() });
  const theirs = await createBoardItem(t.db, { boardCode: 'community', writerId: other.id, writerName: '다른회원', title: '남의 글에 단 댓글', createdAt: at() });

  const comment = (boardItemId: number, content: string, writerId = me.id) =>
    insertComment(t.db, { boardItemId, writerId, writerName: '활동회원', content, createdAt: at() });
  await comment(mine.first!.id, '내 글에 단 첫 댓글');
  await comment(theirs.id, `남의 글에 단 긴 댓글 ${'가'.repeat(150)}`);
  const gone = await comment(mine.first!.id, '지운 댓글');
  await t.db.update(boardItemComment).set({ deletedAt: at() }).where(eq(boardItemComment.id, gone.id));
  // A comment on a post deleted since, through the API as staff delete one: the post's comments go with it.
  await comment(mine.deleted!.id, '지운 글의 댓글');
  const removed = await t.app.inject({ method: 'DELETE', url: `/api/board-item/community/${mine.deleted!.itemNo}`, headers: t.auth(t.tokens.admin) });
  expect(removed.statusCode).toBe(200);
  await comment(theirs.id, '남이 쓴 댓글', other.id);
});

afterAll(async () => {
  await t?.close();
});

const activity = (id: number, headers: Record<string, string>, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/user/${id}/activity${query}`, headers });

describe('a member reads their own activity', () => {
  it('내가 쓴 글: posts newest first, secret ones included, deleted ones and inquiries not, each with its board for the link', async () => {
    const page = data<MemberActivityPage>(await activity(me.id, me.headers, '?type=posts'));
    expect(page.type).toBe('posts');
    expect(page.content.map((r) => r.title)).toEqual(['최근 글', '비밀 글', '첫 글']);
    expect(page.content[0]).toEqual({
      boardCode: 'community', boardName: '커뮤니티', area: 'Member', itemNo: mine.latest!.itemNo, title: '최근 글', isSecret: false,
      createdDate: expect.stringMatching(/^2026-11-01T09:\d{2}:00\+09:00$/), commentId: null, comment: null, status: null,
    });
    expect(page.content[1]!.isSecret).toBe(true);
    expect(page).toMatchObject({ totalElements: 3, totalPages: 1, page: 1, size: 10 });
  });

  it('paged: size 2, page 2 holds the oldest', async () => {
    const page = data<MemberActivityPage>(await activity(me.id, me.headers, '?type=posts&page=2&size=2'));
    expect(page.content.map((r) => r.title)).toEqual(['첫 글']);
    expect(page).toMatchObject({ totalElements: 3, totalPages: 2, page: 2, size: 2 });
  });

  it('내 댓글: live comments on live posts, newest first, with the title of the post each belongs to', async () => {
    const page = data<MemberActivityPage>(await activity(me.id, me.headers, '?type=comments'));
    expect(page.content.map((r) => [r.title, r.comment?.slice(0, 12)])).toEqual([
      ['남의 글에 단 댓글', '남의 글에 단 긴 댓글'],
      ['첫 글', '내 글에 단 첫 댓글'],
    ]);
    // A long comment is cut to its start.
    expect(page.content[0]!.comment).toHaveLength(101);
    expect(page.content[0]!.comment!.endsWith('…')).toBe(true);
    expect(page.content[1]).toMatchObject({ boardCode: 'community', area: 'Member', itemNo: mine.first!.itemNo, status: null });
    expect(page.content[1]!.commentId).toEqual(expect.any(Number));
    expect(page.totalElements).toBe(2);
  });

  it('내 문의: inquiries with their status, newest first', async () => {
    const page = data<MemberActivityPage>(await activity(me.id, me.headers, '?type=inquiries'));
    expect(page.content.map((r) => [r.title, r.status, r.boardCode, r.area])).toEqual([
      ['둘째 문의', 'RECEIVED', INQUIRY_BOARD, 'Nids'],
      ['첫 문의', 'DONE', INQUIRY_BOARD, 'Nids'],
    ]);
  });

  it('no type reads the posts; their own read writes no access record', async () => {
    const records = await recorded(t.db, async () => {
      expect(data<MemberActivityPage>(await activity(me.id, me.headers)).type).toBe('posts');
    });
    expect(records).toEqual([]);
  });

  it('an unknown type or a page out of range is a 400 with a Korean message', async () => {
    expectRefusal(await activity(me.id, me.headers, '?type=files'), 400, 'BAD_REQUEST');
    expectRefusal(await activity(me.id, me.headers, '?page=0'), 400, 'BAD_REQUEST');
    expectRefusal(await activity(me.id, me.headers, '?size=51'), 400, 'BAD_REQUEST');
  });
});

describe('anyone else', () => {
  it('another member gets 403 with the common message, and nothing is recorded', async () => {
    const records = await recorded(t.db, async () => {
      expectRefusal(await activity(me.id, other.headers, '?type=comments'), 403, 'FORBIDDEN', messages.forbidden);
    });
    expect(records).toEqual([]);
  });

  it('a guest gets 401', async () => {
    expectRefusal(await activity(me.id, {}, '?type=posts'), 401, 'UNAUTHORIZED');
  });
});

describe('staff with member rights', () => {
  const adminHeaders = async () => t.auth(await sessionToken(t.db, t.keys, t.users.admin, clock.now()));

  it('read a member\'s tab, each read recorded as an access to personal data, the address key masked', async () => {
    const headers = await adminHeaders();
    const records = await recorded(t.db, async () => {
      const page = data<MemberActivityPage>(await activity(me.id, headers, '?type=inquiries&size=1'));
      expect(page.content.map((r) => r.title)).toEqual(['둘째 문의']);
    });
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      actorId: t.users.admin,
      action: 'MEMBER_ACTIVITY_VIEW',
      subjectType: 'member',
      subject: `회원 #${me.id} (act************@example.com)`,
      detail: { type: 'inquiries', page: 1, size: 1 },
      rowCount: 1,
    });
    expect(records[0]!.subject).not.toContain('activity.member');
  });

  it('an unknown member is a 404, recorded nowhere', async () => {
    const headers = await adminHeaders();
    const records = await recorded(t.db, async () => expectRefusal(await activity(999_999, headers), 404, 'NOT_FOUND'));
    expect(records).toEqual([]);
  });
});
