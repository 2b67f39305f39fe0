import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoardItem } from '@contract';
import { accessRecord } from '../../db/schema';
import { body, createTestApp, data, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  for (const title of ['=HYPERLINK("http://evil.example.com","클릭")', '+1+1', '-2+3', '@SUM(A1)', '평범한 제목']) {
    data<BoardItem>(await t.app.inject({ method: 'PUT', url: '/api/board-item/community', headers: t.auth(t.tokens.member), payload: { title, content: '<p>x</p>' } }));
  }
});
afterAll(async () => {
  await t?.close();
});

const exportUrl = (query: string) => `/api/board-item/download-data/community?${query}`;

describe('GET /api/board-item/download-data/{boardCode}', () => {
  it('an admin gets an .xlsx with Korean headers, formulas escaped, and the export is logged', async () => {
    const res = await t.app.inject({ method: 'GET', url: exportUrl('reason=회원 게시글 점검&sort=createdDate,ASC'), headers: t.auth(t.tokens.admin), remoteAddress: '10.20.30.40' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(String(res.headers['content-disposition']))![1]!)).toMatch(/^커뮤니티_\d{4}-\d{2}-\d{2}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1, 5)).toEqual(['번호', '분류', '제목', '작성자']);
    const titles = sheet.getColumn(3).values.slice(2) as unknown[];
    expect(titles).toEqual(["'=HYPERLINK(\"http://evil.example.com\",\"클릭\")", "'+1+1", "'-2+3", "'@SUM(A1)", '평범한 제목']);
    sheet.eachRow((row) => row.eachCell((cell) => expect(cell.formula).toBeUndefined()));
    const header = sheet.getRow(1).values as unknown[];
    expect(header).not.toContain('이메일');
    // Board exports are access records (issue 9), in the hash chain like every other.
    const [log] = await t.db.select().from(accessRecord).where(eq(accessRecord.actorId, t.users.admin));
    expect(log).toMatchObject({ action: 'BOARD_EXPORT', subjectType: 'board', subject: 'community', reason: '회원 게시글 점검', address: '10.20.30.40', rowCount: 5 });
    expect(log!.at).toBeInstanceOf(Date);
    expect(log!.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('follows the list query (search)', async () => {
    const res = await t.app.inject({ method: 'GET', url: exportUrl(`reason=검색 결과&searchType=title&keyword=${encodeURIComponent('평범')}`), headers: t.auth(t.tokens.admin) });
    expect(res.headers['x-row-count']).toBe('1');
  });

  it('needs a reason, and only admins may export', async () => {
    const noReason = await t.app.inject({ method: 'GET', url: exportUrl(''), headers: t.auth(t.tokens.admin) });
    expect(noReason.statusCode).toBe(400);
    expect(body<{ message: string }>(noReason).message).toContain('내려받는 사유를 입력해주세요.');
    expect((await t.app.inject({ method: 'GET', url: exportUrl('reason=  '), headers: t.auth(t.tokens.admin) })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: exportUrl('reason=궁금해서'), headers: t.auth(t.tokens.member) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: exportUrl('reason=궁금해서') })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/board-item/download-data/nosuch?reason=점검', headers: t.auth(t.tokens.admin) })).statusCode).toBe(404);
    const logs = await t.db.select().from(accessRecord);
    expect(logs.every((l) => l.actorId === t.users.admin && l.action === 'BOARD_EXPORT')).toBe(true);
  });
});
