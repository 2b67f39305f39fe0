import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoardItem, BoardItemComment, BoardItemCommentPage } from '@contract';
import { createTestApp, data, type TestApp } from '../../test/harness';
import { expectRefusal } from '../../test/refusals';

let t: TestApp;
let itemNo = 0;
beforeAll(async () => {
  t = await createTestApp();
  itemNo = data<BoardItem>(
    await t.app.inject({ method: 'PUT', url: '/api/board-item/community', headers: t.auth(t.tokens.member), payload: { title: '댓글 글', content: '<p>본문</p>' } }),
  ).itemNo;
});
afterAll(async () => {
  await t?.close();
});

const as = (token?: string) => t.auth(token);
const write = (payload: object, token?: string, no = itemNo) =>
  t.app.inject({ method: 'PUT', url: `/api/board-item-comment/community/${no}`, headers: as(token), payload });
const edit = (id: number, payload: object, token?: string) =>
  t.app.inject({ method: 'PATCH', url: `/api/board-item-comment/community/${itemNo}/${id}`, headers: as(token), payload });
const remove = (id: number, token?: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/board-item-comment/community/${itemNo}/${id}`, headers: as(token) });
const page = async (token?: string, query = '') =>
  data<BoardItemCommentPage>(await t.app.inject({ method: 'GET', url: `/api/board-item-comment?boardCode=community&itemNo=${itemNo}${query}`, headers: as(token) }));

describe('comments', () => {
  let first: BoardItemComment;
  let reply: BoardItemComment;
  let second: BoardItemComment;

  it('members write comments and replies; each has id, content, writerName, createdDate, parentId and editable', async () => {
    first = data<BoardItemComment>(await write({ content: '  첫 댓글  ' }, t.tokens.member));
    expect(first).toMatchObject({ content: '첫 댓글', writerName: '김회원', parentId: null, editable: true, deleted: false });
    expect(first.createdDate).toMatch(/\+09:00$/);
    second = data<BoardItemComment>(await write({ content: '두 번째 댓글' }, t.tokens.otherMember));
    reply = data<BoardItemComment>(await write({ content: '첫 댓글에 답글', parentId: first.id }, t.tokens.otherMember));
    expect(reply.parentId).toBe(first.id);
  });

  it('lists in thread order (a comment, then its replies), with editable per caller', async () => {
    const p = await page(t.tokens.member);
    expect(p.content.map((c) => c.id)).toEqual([first.id, reply.id, second.id]);
    expect(p.content.map((c) => c.editable)).toEqual([true, false, false]);
    expect((await page(t.tokens.admin)).content.every((c) => c.editable)).toBe(true);
    expect(p.totalElements).toBe(3);
    const paged = await page(t.tokens.member, '&size=2&page=2');
    expect(paged.content.map((c) => c.id)).toEqual([second.id]);
    expect(paged.totalPages).toBe(2);
  });

  it('replies are one level deep', async () => {
    expectRefusal(await write({ content: '답글의 답글', parentId: reply.id }, t.tokens.member), 400, 'BAD_REQUEST', /답글에는 답글을/);
    expectRefusal(await write({ content: '없는 댓글', parentId: 99999999 }, t.tokens.member), 404, 'NOT_FOUND');
  });

  it('comments are plain text, stored and returned as typed', async () => {
    const text = '<script>alert(1)</script> <img src=x onerror=alert(1)> & 끝';
    const c = data<BoardItemComment>(await write({ content: text }, t.tokens.member));
    expect(c.content).toBe(text);
    await remove(c.id, t.tokens.member);
  });

  it('empty or too long comments are refused in Korean', async () => {
    expectRefusal(await write({ content: '   ' }, t.tokens.member), 400, 'BAD_REQUEST', /댓글 내용을 입력/);
    expectRefusal(await write({ content: '가'.repeat(2001) }, t.tokens.member), 400, 'BAD_REQUEST', /2000자/);
    expectRefusal(await write({}, t.tokens.member), 400, 'BAD_REQUEST');
  });

  it('only the writer or an admin edits and deletes', async () => {
    expectRefusal(await edit(first.id, { content: '남이 고침' }, t.tokens.otherMember), 403, 'FORBIDDEN', /작성자와 관리자/);
    expectRefusal(await remove(first.id, t.tokens.otherMember), 403, 'FORBIDDEN');
    expectRefusal(await edit(first.id, { content: 'x' }), 401, 'UNAUTHORIZED');
    expect(data<BoardItemComment>(await edit(first.id, { content: '고친 댓글' }, t.tokens.member)).content).toBe('고친 댓글');
    expect(data<BoardItemComment>(await edit(second.id, { content: '관리자가 고침' }, t.tokens.admin)).content).toBe('관리자가 고침');
  });

  it('a deleted comment with replies stays as 삭제된 댓글입니다 until its replies go', async () => {
    expect((await remove(first.id, t.tokens.member)).statusCode).toBe(200);
    let p = await page(t.tokens.member);
    const shown = p.content.find((c) => c.id === first.id)!;
    expect(shown).toMatchObject({ content: '삭제된 댓글입니다.', deleted: true, editable: false, writerName: '' });
    expect(p.content.map((c) => c.id)).toEqual([first.id, reply.id, second.id]);
    expectRefusal(await edit(first.id, { content: 'x' }, t.tokens.member), 404, 'NOT_FOUND');
    expectRefusal(await write({ content: '지운 댓글에 답글', parentId: first.id }, t.tokens.member), 404, 'NOT_FOUND');
    await remove(reply.id, t.tokens.otherMember);
    p = await page(t.tokens.member);
    expect(p.content.map((c) => c.id)).toEqual([second.id]);
    const item = data<BoardItem>(await t.app.inject({ method: 'GET', url: `/api/board-item/community/${itemNo}`, headers: as(t.tokens.member) }));
    expect(item.commentCount).toBe(1);
  });

  it('guests may not read or write community comments; boards without comments refuse them', async () => {
    expectRefusal(await t.app.inject({ method: 'GET', url: `/api/board-item-comment?boardCode=community&itemNo=${itemNo}` }), 401, 'UNAUTHORIZED');
    expectRefusal(await write({ content: '비회원' }), 401, 'UNAUTHORIZED');
    const notice = data<BoardItem>(await t.app.inject({ method: 'PUT', url: '/api/board-item/notice', headers: as(t.tokens.admin), payload: { title: '공지', content: '<p>x</p>' } }));
    expectRefusal(await t.app.inject({ method: 'PUT', url: `/api/board-item-comment/notice/${notice.itemNo}`, headers: as(t.tokens.admin), payload: { content: 'x' } }), 403, 'FORBIDDEN', /댓글을 사용하지 않는/);
    expect(data<BoardItemCommentPage>(await t.app.inject({ method: 'GET', url: `/api/board-item-comment?boardCode=notice&itemNo=${notice.itemNo}` })).content).toEqual([]);
  });

  it('comments of a secret post are for its writer and admins only', async () => {
    const secret = data<BoardItem>(await t.app.inject({ method: 'PUT', url: '/api/board-item/community', headers: as(t.tokens.member), payload: { title: '비밀', content: '<p>x</p>', isSecret: true } }));
    expect((await write({ content: '관리자 댓글' }, t.tokens.admin, secret.itemNo)).statusCode).toBe(200);
    expectRefusal(await write({ content: '엿보기' }, t.tokens.otherMember, secret.itemNo), 403, 'FORBIDDEN');
    expectRefusal(await t.app.inject({ method: 'GET', url: `/api/board-item-comment?boardCode=community&itemNo=${secret.itemNo}`, headers: as(t.tokens.otherMember) }), 403, 'FORBIDDEN');
    expect((await t.app.inject({ method: 'GET', url: `/api/board-item-comment?boardCode=community&itemNo=${secret.itemNo}`, headers: as(t.tokens.member) })).statusCode).toBe(200);
  });

  it('bad parameters are 400, unknown posts 404, never 500', async () => {
    expectRefusal(await t.app.inject({ method: 'GET', url: '/api/board-item-comment?boardCode=community&itemNo=abc' }), 400, 'BAD_REQUEST');
    expectRefusal(await t.app.inject({ method: 'GET', url: '/api/board-item-comment?boardCode=community&itemNo=99999', headers: as(t.tokens.member) }), 404, 'NOT_FOUND');
    expectRefusal(await t.app.inject({ method: 'PATCH', url: `/api/board-item-comment/community/${itemNo}/abc`, headers: as(t.tokens.member), payload: { content: 'x' } }), 400, 'BAD_REQUEST');
  });
});
