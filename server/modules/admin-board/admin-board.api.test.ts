import { eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminBoardMessages as m, type AdminBoard, type BoardItemPage, type BoardMenu } from '@contract';
import { accessRecord, board, boardItem } from '../../db/schema';
import { createBoardItem } from '../../test/factories';
import { body, createTestApp, data, openSecondInstance, type TestApp } from '../../test/harness';
import { expectRefusal } from '../../test/refusals';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

const members = ['MEMBER', 'ADMIN'];
const newBoard = (boardCode: string, overrides: Partial<AdminBoard> = {}) => ({
  boardCode,
  name: '자유게시판',
  area: 'Member',
  listStyle: 'list',
  description: '회원 누구나 글을 쓰는 곳입니다.',
  pageSize: 15,
  categories: ['질문', '정보'],
  allowAttachments: true,
  maxFiles: 3,
  maxFileSize: 5 * 1024 * 1024,
  maxImageSize: 2 * 1024 * 1024,
  useComments: true,
  permissions: { list: members, read: members, write: members, comment: members, download: members, manage: ['ADMIN'] },
  sortOrder: 20,
  ...overrides,
});

const admin = (method: 'GET' | 'PUT' | 'PATCH', url: string, payload?: object, token: string | null = t.tokens.admin) =>
  t.app.inject({ method, url, payload, headers: t.auth(token ?? undefined) });
const menu = async (headers: Record<string, string> = {}) =>
  data<BoardMenu>(await t.app.inject({ method: 'GET', url: '/api/board', headers })).content;


describe('who may manage boards', () => {
  it.each([
    ['GET', '/api/admin/boards', undefined],
    ['GET', '/api/admin/boards/notice', undefined],
    ['PUT', '/api/admin/boards', newBoard('refusedBoard')],
    ['PATCH', '/api/admin/boards/notice', { name: '바뀜' }],
  ] as const)('%s %s: a guest 401, a member 403', async (method, url, payload) => {
    expectRefusal(await admin(method, url, payload, null), 401, 'UNAUTHORIZED');
    expectRefusal(await admin(method, url, payload, t.tokens.member), 403, 'FORBIDDEN');
    const [notice] = await t.db.select({ name: board.name }).from(board).where(eq(board.boardCode, 'notice'));
    expect(notice!.name).toBe('공지사항');
    expect(await t.db.select().from(board).where(eq(board.boardCode, 'refusedBoard'))).toEqual([]);
  });
});

describe('GET /api/board: every board for the menu', () => {
  it('lists the seeded boards in menu order, the same answer for a guest and a member', async () => {
    const guest = await menu();
    expect(guest.map((b) => b.boardCode)).toEqual([
      'notice', 'contactus', 'public', 'annualReport', 'safetyInformation', 'promotionVideo', 'memberNotice', 'community', 'faq',
    ]);
    expect(guest[0]).toEqual({ boardCode: 'notice', area: 'Nids', name: '공지사항', listStyle: 'list', sortOrder: 1 });
    expect(await menu(t.auth(t.tokens.member))).toEqual(guest);
    const res = await t.app.inject({ method: 'GET', url: '/api/board' });
    expect(res.headers.etag).toBeTruthy();
    expect((await t.app.inject({ method: 'GET', url: '/api/board', headers: { 'if-none-match': res.headers.etag as string } })).statusCode).toBe(304);
  });
});

describe('creating and editing a board', () => {
  it('a new board is in the menu, its settings and its (empty) list at once, on every instance', async () => {
    const other = await openSecondInstance(t);
    try {
      // Both instances have the menu cached before the change.
      await menu();
      await other.app.inject({ method: 'GET', url: '/api/board' });
      const res = await admin('PUT', '/api/admin/boards', newBoard('freeTalk'));
      expect(res.statusCode, res.body).toBe(200);
      expect(body(res)).toMatchObject({ message: m.created, data: { boardCode: 'freeTalk', area: 'Member', itemCount: 0, categories: ['질문', '정보'] } });

      expect((await menu()).find((b) => b.boardCode === 'freeTalk')).toEqual({ boardCode: 'freeTalk', area: 'Member', name: '자유게시판', listStyle: 'list', sortOrder: 20 });
      await expect
        .poll(async () => data<BoardMenu>(await other.app.inject({ method: 'GET', url: '/api/board' })).content.some((b) => b.boardCode === 'freeTalk'), { timeout: 4000 })
        .toBe(true);

      const settings = await t.app.inject({ method: 'GET', url: '/api/board/freetalk', headers: t.auth(t.tokens.member) });
      expect(data(settings)).toMatchObject({ boardCode: 'freeTalk', pageSize: 15, useComments: true, permissions: { list: true, write: true, manage: false } });
      const list = data<BoardItemPage>(await t.app.inject({ method: 'GET', url: '/api/board-item?boardCode=freeTalk', headers: t.auth(t.tokens.member) }));
      expect(list).toMatchObject({ content: [], totalElements: 0, size: 15 });
      // Guests are not among the board's roles.
      expectRefusal(await t.app.inject({ method: 'GET', url: '/api/board-item?boardCode=freeTalk' }), 401, 'UNAUTHORIZED');
      // A member writes on it at once.
      const post = await t.app.inject({
        method: 'PUT', url: '/api/board-item/freeTalk', headers: t.auth(t.tokens.member),
        payload: { title: '첫 글', content: '<p>안녕하세요</p>', category: '질문', files: [] },
      });
      expect(post.statusCode, post.body).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('an edit shows at once to guests whose answer was cached (menu and board settings)', async () => {
    expect(data<{ name: string }>(await t.app.inject({ method: 'GET', url: '/api/board/public' })).name).toBe('공개자료');
    const res = await admin('PATCH', '/api/admin/boards/public', {
      name: '공개 자료실', pageSize: 12, categories: ['서식'], permissions: { list: ['GUEST', 'MEMBER'], read: ['GUEST', 'MEMBER'], write: ['ADMIN'], comment: [], download: ['MEMBER'], manage: ['ADMIN'] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res)).toMatchObject({ message: m.saved, data: { boardCode: 'public', name: '공개 자료실', pageSize: 12, area: 'Reference', useComments: false } });
    expect(data(await t.app.inject({ method: 'GET', url: '/api/board/public' }))).toMatchObject({
      name: '공개 자료실', pageSize: 12, categories: ['서식'], permissions: { list: true, download: false },
    });
    expect((await menu()).find((b) => b.boardCode === 'public')?.name).toBe('공개 자료실');
    // Moving a board to another area moves it in the menu.
    expect((await admin('PATCH', '/api/admin/boards/public', { area: 'Nids' })).statusCode).toBe(200);
    expect((await menu()).find((b) => b.boardCode === 'public')?.area).toBe('Nids');
  });

  it('lists every board with its post count for the console', async () => {
    await createBoardItem(t.db, { boardCode: 'notice', title: '공지 하나' });
    await createBoardItem(t.db, { boardCode: 'notice', title: '공지 둘' });
    const live = await t.db
      .select({ boardCode: boardItem.boardCode, n: sql<number>`count(*)::int` })
      .from(boardItem)
      .where(isNull(boardItem.deletedAt))
      .groupBy(boardItem.boardCode);
    const expected = new Map(live.map((row) => [row.boardCode, row.n]));
    expect(new Set(expected.values()).size, 'boards with different counts to tell apart').toBeGreaterThan(1);
    const res = await admin('GET', '/api/admin/boards');
    const { content: boards, roles } = data<{ content: AdminBoard[]; roles: { roleCode: string; name: string }[] }>(res);
    expect(roles).toEqual(expect.arrayContaining([{ roleCode: 'GUEST', name: '비회원' }, { roleCode: 'MEMBER', name: '일반회원' }]));
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(boards.find((b) => b.boardCode === 'freeTalk')).toMatchObject({ itemCount: 1, permissions: { manage: ['ADMIN'] } });
    expect(boards.find((b) => b.boardCode === 'contactus')).toMatchObject({ listStyle: 'inquiry' });
    // Each board its own count (a correlated subquery once counted the whole site for every board).
    for (const b of boards) expect(b.itemCount, b.boardCode).toBe(expected.get(b.boardCode) ?? 0);
    expect(data<AdminBoard>(await admin('GET', '/api/admin/boards/FREETALK')).boardCode).toBe('freeTalk');
  });

  it('writes nothing to the access records (board settings are not personal data)', async () => {
    const before = (await t.db.select({ id: accessRecord.id }).from(accessRecord)).length;
    expect((await admin('PATCH', '/api/admin/boards/freeTalk', { description: '바뀐 설명' })).statusCode).toBe(200);
    expect((await t.db.select({ id: accessRecord.id }).from(accessRecord)).length).toBe(before);
  });
});

describe('invalid boards are refused', () => {
  it.each([
    ['a code with a slash', newBoard('bad/code'), 400, m.codeFormat, 'boardCode'],
    ['a code starting with a digit', newBoard('1board'), 400, m.codeFormat, 'boardCode'],
    ['a blank name', newBoard('blankName', { name: '  ' }), 400, m.nameRequired, 'name'],
    ['an unknown role', newBoard('unknownRole', { permissions: { list: ['MEMBER', 'NOBODY'], read: [], write: [], comment: [], download: [], manage: ['GHOST'] } }), 400, m.unknownRoles(['NOBODY', 'GHOST']), 'permissions'],
    ['a blank category', newBoard('blankCategory', { categories: ['질문', ' '] }), 400, m.categoryBlank, 'categories'],
    ['a repeated category', newBoard('twiceCategory', { categories: ['질문', '질문'] }), 400, m.categoryDuplicate, 'categories'],
    ['an existing code', newBoard('notice'), 409, m.codeTaken, 'boardCode'],
    ['an existing code in other case', newBoard('NOTICE'), 409, m.codeTaken, 'boardCode'],
  ] as const)('create with %s', async (_name, payload, status, message, field) => {
    const count = (await t.db.select({ code: board.boardCode }).from(board)).length;
    const res = await admin('PUT', '/api/admin/boards', payload);
    expectRefusal(res, status, status === 409 ? 'CONFLICT' : 'BAD_REQUEST', message);
    // The field the console's form marks (issue 21).
    expect(body(res).field).toBe(field);
    expect((await t.db.select({ code: board.boardCode }).from(board)).length).toBe(count);
  });

  it('limits and types are checked by the schema (400, never 500)', async () => {
    const bigPage = await admin('PUT', '/api/admin/boards', newBoard('bigPage', { pageSize: 1000 }));
    // The sentence names the field by its label on the form; the request field goes beside it (issue 23).
    expectRefusal(bigPage, 400, 'BAD_REQUEST', '한 쪽의 글 수는 100 이하로 입력해주세요.');
    expect(body(bigPage).field).toBe('pageSize');
    const longName = await admin('PUT', '/api/admin/boards', newBoard('longName', { name: '가'.repeat(51) }));
    expectRefusal(longName, 400, 'BAD_REQUEST', '게시판 이름은 50자 이내로 입력해주세요.');
    expect(body(longName).field).toBe('name');
    const longCategory = await admin('PUT', '/api/admin/boards', newBoard('longCategory', { categories: ['질문', '가'.repeat(31)] }));
    expect(body(longCategory).field).toBe('categories.1');
    expectRefusal(await admin('PUT', '/api/admin/boards', newBoard('badArea', { area: 'Elsewhere' as never })), 400, 'BAD_REQUEST');
    expectRefusal(await admin('PATCH', '/api/admin/boards/notice', { lastItemNo: 0 }), 400, 'BAD_REQUEST');
  });

  it('edits: unknown board 404, nothing to change, an inquiry board keeps its style, unknown roles', async () => {
    expectRefusal(await admin('PATCH', '/api/admin/boards/nothere', { name: 'x' }), 404, 'NOT_FOUND');
    expectRefusal(await admin('PATCH', '/api/admin/boards/notice', {}), 400, 'BAD_REQUEST', m.nothingToChange);
    expectRefusal(await admin('PATCH', '/api/admin/boards/contactus', { listStyle: 'list' }), 400, 'BAD_REQUEST', m.inquiryStyleFixed);
    expectRefusal(await admin('PATCH', '/api/admin/boards/notice', { listStyle: 'inquiry' }), 400, 'BAD_REQUEST', m.inquiryStyleFixed);
    expectRefusal(
      await admin('PATCH', '/api/admin/boards/notice', { name: '반쯤', permissions: { list: ['X'], read: [], write: [], comment: [], download: [], manage: [] } }),
      400, 'BAD_REQUEST', m.unknownRoles(['X']),
    );
    const [notice] = await t.db.select({ name: board.name, listStyle: board.listStyle }).from(board).where(eq(board.boardCode, 'notice'));
    expect(notice).toEqual({ name: '공지사항', listStyle: 'list' });
  });
});
