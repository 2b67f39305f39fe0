import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inquiryMessages as m, type BoardItem, type InquiryDetail, type InquiryPage } from '@contract';
import { boardItem } from '../../db/schema';
import { lastMessage } from '../../test/accounts';
import { body, createTestApp, data, type TestApp } from '../../test/harness';
import { lastRecordId, recordsSince } from '../../test/access-records';
import { expectRefusal } from '../../test/refusals';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

let sent = 0;
/** A guest's inquiry through the public form's call. */
async function sendInquiry(overrides: Record<string, unknown> = {}): Promise<BoardItem> {
  sent += 1;
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/board-item/contactus',
    payload: {
      title: `등록 절차 문의 ${sent}`,
      content: `<p>등록은 어떻게 하나요? ${sent}</p>`,
      name: '홍길동',
      email: `asker${sent}@example.com`,
      phone: '010-1234-5678',
      agree: true,
      files: [],
      ...overrides,
    },
  });
  return data<BoardItem>(res);
}

const admin = (method: 'GET' | 'PATCH', url: string, payload?: object, token: string | null = t.tokens.admin) =>
  t.app.inject({ method, url, payload, headers: t.auth(token ?? undefined) });
const list = async (query = '') => data<InquiryPage>(await admin('GET', `/api/admin/inquiries${query}`));


describe('who may work the queue', () => {
  it.each([
    ['GET', '/api/admin/inquiries', undefined],
    ['GET', '/api/admin/inquiries/1', undefined],
    ['PATCH', '/api/admin/inquiries/1', { status: 'DONE' }],
  ] as const)('%s %s: a guest 401, a member 403, nothing recorded', async (method, url, payload) => {
    const before = await lastRecordId(t.db);
    expectRefusal(await admin(method, url, payload, null), 401, 'UNAUTHORIZED');
    expectRefusal(await admin(method, url, payload, t.tokens.member), 403, 'FORBIDDEN');
    expect(await recordsSince(t.db, before)).toEqual([]);
  });
});

describe('the queue', () => {
  let first: BoardItem;
  let second: BoardItem;
  let third: BoardItem;
  beforeAll(async () => {
    first = await sendInquiry({ title: '연차보고서 요청', name: '김문의' });
    second = await sendInquiry({ title: '회원가입 오류', name: '박문의' });
    third = await sendInquiry({ title: '등록기관 문의', name: '최문의', email: 'special-asker@example.com' });
  });

  it('lists new inquiries as 접수, newest first, with counts per status and one INQUIRY_LIST_VIEW record', async () => {
    const before = await lastRecordId(t.db);
    const page = await list('?page=1&size=2');
    expect(page.content.map((i) => i.itemNo)).toEqual([third.itemNo, second.itemNo]);
    expect(page.content[0]).toMatchObject({ title: '등록기관 문의', writerName: '최문의', status: 'RECEIVED', answeredDate: null });
    expect(page).toMatchObject({ totalElements: 3, totalPages: 2, page: 1, size: 2, counts: { RECEIVED: 3, IN_PROGRESS: 0, DONE: 0 } });
    const records = await recordsSince(t.db, before);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      action: 'INQUIRY_LIST_VIEW', subjectType: 'inquiry', subject: '전체 상태, 1쪽', rowCount: 2, actorId: t.users.admin,
      detail: { status: null, keyword: null, page: 1, size: 2 },
    });
  });

  it('filters by status and keyword (title, writer, e-mail); the record names the filter', async () => {
    const before = await lastRecordId(t.db);
    expect((await list('?keyword=special-asker')).content.map((i) => i.itemNo)).toEqual([third.itemNo]);
    expect((await list('?keyword=%EB%B0%95%EB%AC%B8')).content.map((i) => i.itemNo)).toEqual([second.itemNo]);
    expect((await list('?keyword=%EC%97%B0%EC%B0%A8')).content.map((i) => i.itemNo)).toEqual([first.itemNo]);
    expect((await list('?status=DONE')).content).toEqual([]);
    expect((await list('?status=RECEIVED&keyword=%EB%AC%B8%EC%9D%98')).totalElements).toBe(3);
    const records = await recordsSince(t.db, before);
    expect(records.map((r) => r.action)).toEqual(Array(5).fill('INQUIRY_LIST_VIEW'));
    expect(records[3]!.subject).toBe('상태 완료, 1쪽');
    expect(records[4]!.subject).toBe('상태 접수, 검색어 "문의", 1쪽');
    expectRefusal(await admin('GET', '/api/admin/inquiries?status=LOST'), 400, 'BAD_REQUEST');
  });

  it('one inquiry with its contact details: one INQUIRY_VIEW record', async () => {
    const before = await lastRecordId(t.db);
    const detail = data<InquiryDetail>(await admin('GET', `/api/admin/inquiries/${first.itemNo}`));
    expect(detail).toMatchObject({
      itemNo: first.itemNo, title: '연차보고서 요청', writerName: '김문의', status: 'RECEIVED', byMember: false, answer: null,
      contact: { email: 'asker1@example.com', phone: '010-1234-5678' },
    });
    expect(detail.content).toContain('등록은 어떻게 하나요?');
    const records = await recordsSince(t.db, before);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ action: 'INQUIRY_VIEW', subject: `문의 ${first.itemNo}번 (김문의)` });
    expectRefusal(await admin('GET', '/api/admin/inquiries/99999'), 404, 'NOT_FOUND', m.notFound);
  });

  it('a status change: one INQUIRY_STATUS_CHANGE record; the same status again records nothing', async () => {
    const before = await lastRecordId(t.db);
    const res = await admin('PATCH', `/api/admin/inquiries/${second.itemNo}`, { status: 'IN_PROGRESS' });
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res)).toMatchObject({ message: m.statusChanged, data: { status: 'IN_PROGRESS' } });
    expect((await admin('PATCH', `/api/admin/inquiries/${second.itemNo}`, { status: 'IN_PROGRESS' })).statusCode).toBe(200);
    const records = await recordsSince(t.db, before);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ action: 'INQUIRY_STATUS_CHANGE', detail: { statusBefore: 'RECEIVED', status: 'IN_PROGRESS' } });
    expect((await list('?status=IN_PROGRESS')).content.map((i) => i.itemNo)).toEqual([second.itemNo]);
  });

  it('an answer in place sets 완료, e-mails the writer, and writes one INQUIRY_ANSWER record', async () => {
    const before = await lastRecordId(t.db);
    const res = await admin('PATCH', `/api/admin/inquiries/${second.itemNo}`, { answer: '  회원가입은 이메일 인증 후 가능합니다.  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res)).toMatchObject({ message: m.answered, data: { status: 'DONE', answer: '회원가입은 이메일 인증 후 가능합니다.' } });
    expect(data<InquiryDetail>(res).answeredDate).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const mail = await lastMessage(t, 'asker2@example.com');
    expect(mail.body).toContain('회원가입은 이메일 인증 후 가능합니다.');
    expect(mail.body).toContain('회원가입 오류');
    const records = await recordsSince(t.db, before);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ action: 'INQUIRY_ANSWER', subject: `문의 ${second.itemNo}번 (박문의)`, detail: { statusBefore: 'IN_PROGRESS', status: 'DONE' } });
    expect((await list()).counts).toEqual({ RECEIVED: 2, IN_PROGRESS: 0, DONE: 1 });
  });

  it('refuses an empty patch, a blank answer and an answer with another status; nothing recorded', async () => {
    const before = await lastRecordId(t.db);
    expectRefusal(await admin('PATCH', `/api/admin/inquiries/${first.itemNo}`, {}), 400, 'BAD_REQUEST', m.nothingToChange);
    expectRefusal(await admin('PATCH', `/api/admin/inquiries/${first.itemNo}`, { answer: '   ' }), 400, 'BAD_REQUEST', m.answerRequired);
    expectRefusal(await admin('PATCH', `/api/admin/inquiries/${first.itemNo}`, { answer: '답', status: 'RECEIVED' }), 400, 'BAD_REQUEST', m.answerMakesDone);
    expectRefusal(await admin('PATCH', `/api/admin/inquiries/99999`, { status: 'DONE' }), 404, 'NOT_FOUND', m.notFound);
    expect(await recordsSince(t.db, before)).toEqual([]);
    const [row] = await t.db.select({ status: boardItem.inquiryStatus }).from(boardItem)
      .where(and(eq(boardItem.boardCode, 'contactus'), eq(boardItem.itemNo, first.itemNo)));
    expect(row!.status).toBe('RECEIVED');
  });

  it('an admin reading an inquiry on the public board sees its contact details: one INQUIRY_VIEW record; its writer reading it: none', async () => {
    const before = await lastRecordId(t.db);
    const res = await t.app.inject({ method: 'GET', url: `/api/board-item/contactus/${first.itemNo}`, headers: t.auth(t.tokens.admin) });
    expect(data<BoardItem>(res).contact).toEqual({ email: 'asker1@example.com', phone: '010-1234-5678' });
    const records = await recordsSince(t.db, before);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ action: 'INQUIRY_VIEW', subjectType: 'inquiry', subject: `문의 ${first.itemNo}번 (김문의)`, actorId: t.users.admin });

    const own = data<BoardItem>(
      await t.app.inject({
        method: 'PUT', url: '/api/board-item/contactus', headers: t.auth(t.tokens.member),
        payload: { title: '회원 문의', content: '<p>회원입니다</p>', email: 'member-asker@example.com', phone: '010-2222-3333', agree: true, files: [] },
      }),
    );
    const mid = await lastRecordId(t.db);
    const read = await t.app.inject({ method: 'GET', url: `/api/board-item/contactus/${own.itemNo}`, headers: t.auth(t.tokens.member) });
    expect(data<BoardItem>(read).contact).toEqual({ email: 'member-asker@example.com', phone: '010-2222-3333' });
    expect(await recordsSince(t.db, mid)).toHaveLength(0);
  });

  it('the public answer path (PATCH /api/board-item) also sets 완료', async () => {
    const res = await t.app.inject({
      method: 'PATCH', url: `/api/board-item/contactus/${third.itemNo}`, headers: t.auth(t.tokens.admin), payload: { answer: '안내드립니다.' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await list('?status=DONE')).content.map((i) => i.itemNo)).toContain(third.itemNo);
    expect((await lastMessage(t, 'special-asker@example.com')).body).toContain('안내드립니다.');
  });
});
