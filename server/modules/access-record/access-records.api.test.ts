import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessRecordView } from '@contract';
import { openDatabase } from '../../db/client';
import { body, createTestApp, data, type TestApp } from '../../test/harness';
import { recordAccess } from './record';
import { describeResult, GENESIS_HASH, verifyAccessRecords } from './verify';
import { withTransaction } from '@server/db/transaction';

/**
 * The access records (issue 9, PIPA): the console's list with its filters and paging, the Excel
 * export that is itself recorded, and the hash chain the database keeps, checked by verify.ts.
 */
let t: TestApp;
type Page = { content: AccessRecordView[]; totalElements: number; totalPages: number; page: number; size: number };

/** Three records around a KST midnight, by two accounts. */
const at1 = new Date('2026-03-01T23:30:00+09:00');
const at2 = new Date('2026-03-02T00:10:00+09:00');
const at3 = new Date('2026-03-03T12:00:00+09:00');
const ids: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const admin = { userId: t.users.admin, address: '10.0.0.1' };
  await recordAccess(t.db, admin, at1, { action: 'MEMBER_VIEW', subjectType: 'member', subject: 'member1' });
  await recordAccess(t.db, admin, at2, {
    action: 'MEMBER_EXPORT', subjectType: 'member', subject: '=HYPERLINK("x")', reason: '정기 점검', rowCount: 3,
  });
  await recordAccess(t.db, { userId: t.users.otherMember, address: '10.0.0.2' }, at3, {
    action: 'ALUMNI_LIST_VIEW', subjectType: 'alumni', subject: '검색어 김', detail: { keyword: '김' },
  });
  const { rows } = await t.database.raw.query<{ id: string }>('SELECT id FROM access_record ORDER BY id');
  ids.push(...rows.map((r) => Number(r.id)));
});

afterAll(async () => {
  await t?.close();
});

function list(query: string, token: string | null = t.tokens.admin) {
  return t.app.inject({ method: 'GET', url: `/api/admin/access-records${query}`, headers: t.auth(token ?? undefined) });
}
async function page(query: string): Promise<Page> {
  return data<Page>(await list(query));
}
const subjects = (p: Page) => p.content.map((r) => r.subject);

/** Runs `change` with the no-change trigger off, as only the table's owner can. */
async function asOwner(change: string, params: unknown[] = []): Promise<void> {
  const client = await t.database.raw.connect();
  try {
    await client.query('ALTER TABLE access_record DISABLE TRIGGER access_record_no_change');
    await client.query(change, params);
  } finally {
    await client.query('ALTER TABLE access_record ENABLE TRIGGER access_record_no_change');
    client.release();
  }
}

describe('GET /api/admin/access-records', () => {
  it('refuses guests (401) and members (403) with the envelope', async () => {
    const guest = await list('', null);
    expect(guest.statusCode).toBe(401);
    expect(body(guest)).toMatchObject({ code: 'UNAUTHORIZED', message: expect.any(String) });
    const member = await list('', t.tokens.member);
    expect(member.statusCode).toBe(403);
    expect(body(member)).toEqual({ code: 'FORBIDDEN', message: '관리자만 이용할 수 있습니다.' });
  });

  it('lists newest first with KST times, Korean action labels, who, from where, reason and count', async () => {
    const p = await page('');
    expect(p).toMatchObject({ totalElements: 3, totalPages: 1, page: 1, size: 20 });
    expect(p.content.map((r) => r.id)).toEqual([ids[2], ids[1], ids[0]]);
    expect(p.content[0]).toEqual({
      id: ids[2], at: '2026-03-03T12:00:00+09:00', actorId: t.users.otherMember, actorKey: 'member2', address: '10.0.0.2',
      action: 'ALUMNI_LIST_VIEW', actionLabel: '주소록 조회', subjectType: 'alumni', subject: '검색어 김',
      detail: { keyword: '김' }, reason: null, rowCount: null,
    });
    expect(p.content[1]).toMatchObject({ actorKey: 'admin', actionLabel: '회원 목록 엑셀 다운로드', reason: '정기 점검', rowCount: 3 });
  });

  it('pages through the URL parameters', async () => {
    const second = await page('?page=2&size=2');
    expect(second).toMatchObject({ totalElements: 3, totalPages: 2, page: 2, size: 2 });
    expect(second.content.map((r) => r.id)).toEqual([ids[0]]);
  });

  it('filters by KST days (inclusive) and by moments', async () => {
    // 2026-03-01 23:30 KST is 14:30 UTC the same day; 00:10 KST on the 2nd is still the 1st in UTC.
    expect(subjects(await page('?from=2026-03-02&to=2026-03-02'))).toEqual(['=HYPERLINK("x")']);
    expect(subjects(await page('?to=2026-03-01'))).toEqual(['member1']);
    expect(subjects(await page('?from=2026-03-02'))).toEqual(['검색어 김', '=HYPERLINK("x")']);
    expect(subjects(await page(`?from=${encodeURIComponent('2026-03-02T00:10:00+09:00')}&to=${encodeURIComponent('2026-03-03T12:00:00+09:00')}`))).toEqual([
      '검색어 김', '=HYPERLINK("x")',
    ]);
    // Without an offset a moment is Korea time.
    expect(subjects(await page('?to=2026-03-01T23:30'))).toEqual(['member1']);
  });

  it('filters by the staff account (key exactly, or id) and by action', async () => {
    expect(subjects(await page('?actor=admin'))).toEqual(['=HYPERLINK("x")', 'member1']);
    expect(subjects(await page(`?actor=${t.users.otherMember}`))).toEqual(['검색어 김']);
    expect(subjects(await page('?actor=adm'))).toEqual([]);
    expect((await page('?actor=nobody')).totalElements).toBe(0);
    expect(subjects(await page('?action=MEMBER_VIEW'))).toEqual(['member1']);
    expect(subjects(await page('?actor=admin&action=MEMBER_EXPORT&from=2026-03-02'))).toEqual(['=HYPERLINK("x")']);
  });

  it('answers 400 in Korean to a bad filter', async () => {
    const badAction = await list('?action=DROP_TABLE');
    expect(badAction.statusCode).toBe(400);
    expect(body(badAction)).toMatchObject({ code: 'BAD_REQUEST' });
    const badDay = await list('?from=2026-13-45');
    expect(badDay.statusCode).toBe(400);
    expect(body(badDay).message).toContain('날짜는 YYYY-MM-DD 형식으로 입력해주세요.');
    const reversed = await list('?from=2026-03-03&to=2026-03-01');
    expect(reversed.statusCode).toBe(400);
    expect(body(reversed)).toEqual({ code: 'BAD_REQUEST', message: '조회 시작일이 종료일보다 늦습니다.' });
  });
});

describe('GET /api/admin/access-records/chain-head (issue 25)', () => {
  const head = (token: string | null) => t.app.inject({ method: 'GET', url: '/api/admin/access-records/chain-head', headers: token ? t.auth(token) : {} });

  it('gives staff the chain’s length and last hash, as the check counts them, with the time; refuses guests and members', async () => {
    expect((await head(null)).statusCode).toBe(401);
    expect((await head(t.tokens.member)).statusCode).toBe(403);
    const res = await head(t.tokens.admin);
    expect(res.headers['cache-control']).toMatch(/no-store/);
    const { rows } = await t.database.raw.query<{ hash: string }>('SELECT hash FROM access_record ORDER BY id DESC LIMIT 1');
    const verified = await verifyAccessRecords(t.db);
    expect(verified.ok).toBe(true);
    expect(data(res)).toEqual({ count: verified.count, lastHash: rows[0]!.hash, checkedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+09:00$/) });
    // What the screen shows is what the check takes as a point written down.
    const point = data<{ count: number; lastHash: string }>(res);
    expect(await verifyAccessRecords(t.db, { checkpoint: { count: point.count, hash: point.lastHash } })).toMatchObject({ ok: true });
  });
});

describe('POST /api/admin/access-records/export-data', () => {
  const exportData = (payload: unknown, token = t.tokens.admin) =>
    t.app.inject({ method: 'POST', url: '/api/admin/access-records/export-data', headers: t.auth(token), payload: payload as object });

  it('needs a reason', async () => {
    const res = await exportData({ reason: '   ' });
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toContain('사유를 입력해주세요.');
    expect((await page('')).totalElements).toBe(3);
  });

  it('is refused to members', async () => {
    const res = await exportData({ reason: '궁금해서' }, t.tokens.member);
    expect(res.statusCode).toBe(403);
  });

  it('sends an .xlsx with Korean headers and safe cells, and records itself in the chain', async () => {
    const res = await exportData({ reason: '월간 접속기록 점검', actor: 'admin', from: '2026-03-01', to: '2026-03-02' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toContain("filename*=UTF-8''%EC%A0%91%EA%B7%BC%EA%B8%B0%EB%A1%9D_");
    expect(res.headers['x-row-count']).toBe('2');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['일시', '관리자', '작업', '대상', '사유', '건수', '접속 주소']);
    expect((sheet.getRow(2).values as unknown[]).slice(1)).toEqual([
      '2026-03-02T00:10:00+09:00', 'admin', '회원 목록 엑셀 다운로드', `'=HYPERLINK("x")`, '정기 점검', 3, '10.0.0.1',
    ]);
    expect(sheet.getRow(3).getCell(4).value).toBe('member1');
    expect(sheet.rowCount).toBe(3);

    const newest = (await page('')).content[0]!;
    expect(newest).toMatchObject({
      action: 'ACCESS_RECORD_EXPORT', actionLabel: '접근기록 엑셀 다운로드', actorKey: 'admin', subjectType: 'access-record',
      subject: '기간 2026-03-01 ~ 2026-03-02, 관리자 admin', reason: '월간 접속기록 점검', rowCount: 2,
      detail: { filter: { from: '2026-03-01', to: '2026-03-02', actor: 'admin' } },
    });
    expect(newest.address).toBeTruthy();
    expect(await verifyAccessRecords(t.db)).toMatchObject({ ok: true, count: 4 });
  });
});

describe('the hash chain', () => {
  async function chain() {
    const { rows } = await t.database.raw.query<{ id: string; hash: string; prev_hash: string; reason: string | null }>(
      'SELECT id, hash, prev_hash, reason FROM access_record ORDER BY id',
    );
    return rows;
  }

  it('passes on the chain the triggers made, starting from 64 zeros', async () => {
    const rows = await chain();
    expect(rows[0]!.prev_hash).toBe(GENESIS_HASH);
    for (let i = 1; i < rows.length; i++) expect(rows[i]!.prev_hash).toBe(rows[i - 1]!.hash);
    expect(await verifyAccessRecords(t.db, { batchSize: 2 })).toEqual({ ok: true, count: rows.length, lastHash: rows.at(-1)!.hash });
  });

  it('refuses UPDATE, DELETE and TRUNCATE through the app’s connection', async () => {
    // drizzle wraps the database's error: its cause is PostgreSQL's own.
    const refusal = (query: Promise<unknown>) =>
      query.then(
        () => 'accepted',
        (err: Error & { cause?: Error & { code?: string } }) => `${err.cause?.code}: ${err.cause?.message}`,
      );
    const refused = '42501: access records cannot be changed or deleted';
    expect(await refusal(t.db.execute(sql`UPDATE access_record SET reason = '고침'`))).toBe(refused);
    expect(await refusal(t.db.execute(sql`DELETE FROM access_record WHERE id = ${ids[0]!}`))).toBe(refused);
    expect(await refusal(t.db.execute(sql`TRUNCATE access_record`))).toBe(refused);
    expect((await chain()).length).toBe(4);
  });

  it('names a row changed directly in the database, and passes again once it is put back', async () => {
    await asOwner('UPDATE access_record SET reason = $1 WHERE id = $2', ['다른 사유', ids[1]]);
    expect(await verifyAccessRecords(t.db)).toEqual({ ok: false, count: 1, firstBad: { id: ids[1], problem: 'hash' } });
    await asOwner('UPDATE access_record SET reason = $1 WHERE id = $2', ['정기 점검', ids[1]]);
    expect(await verifyAccessRecords(t.db)).toMatchObject({ ok: true });
  });

  it('names the row after one whose hash was recomputed to hide a change', async () => {
    const rehash = `UPDATE access_record r SET hash = encode(sha256(convert_to(access_record_canonical(r), 'UTF8')), 'hex') WHERE id = $1`;
    await asOwner('UPDATE access_record SET row_count = 999 WHERE id = $1', [ids[1]]);
    await asOwner(rehash, [ids[1]]);
    expect(await verifyAccessRecords(t.db)).toEqual({ ok: false, count: 2, firstBad: { id: ids[2], problem: 'prev_hash' } });
    await asOwner('UPDATE access_record SET row_count = 3 WHERE id = $1', [ids[1]]);
    await asOwner(rehash, [ids[1]]);
    expect(await verifyAccessRecords(t.db)).toMatchObject({ ok: true });
  });

  it('names the row after a deleted middle row', async () => {
    const { rows } = await t.database.raw.query('SELECT * FROM access_record WHERE id = $1', [ids[1]]);
    const removed = rows[0] as Record<string, unknown>;
    await asOwner('DELETE FROM access_record WHERE id = $1', [ids[1]]);
    expect(await verifyAccessRecords(t.db)).toEqual({ ok: false, count: 1, firstBad: { id: ids[2], problem: 'prev_hash' } });
    // Put the very row back (the chain trigger off, so it keeps its id and hashes).
    const client = await t.database.raw.connect();
    try {
      await client.query('ALTER TABLE access_record DISABLE TRIGGER access_record_chain');
      const names = Object.keys(removed);
      await client.query(
        `INSERT INTO access_record (${names.join(', ')}) VALUES (${names.map((_, i) => `$${i + 1}`).join(', ')})`,
        names.map((n) => (n === 'detail' ? JSON.stringify(removed[n]) : removed[n])),
      );
    } finally {
      await client.query('ALTER TABLE access_record ENABLE TRIGGER access_record_chain');
      client.release();
    }
    expect(await verifyAccessRecords(t.db)).toMatchObject({ ok: true, count: 4 });
  });

  it('checks a row slipped in below the first id, and refuses to record for an account that is not there', async () => {
    const client = await t.database.raw.connect();
    try {
      await client.query('ALTER TABLE access_record DISABLE TRIGGER access_record_chain');
      await client.query(
        `INSERT INTO access_record (id, at, actor_key, address, action, subject_type, subject, prev_hash, hash)
         VALUES (-5, now(), 'forger', '10.0.0.9', 'MEMBER_VIEW', 'member', 'x', $1, $1)`,
        [GENESIS_HASH],
      );
    } finally {
      await client.query('ALTER TABLE access_record ENABLE TRIGGER access_record_chain');
      client.release();
    }
    expect(await verifyAccessRecords(t.db)).toMatchObject({ ok: false, count: 0, firstBad: { id: -5 } });
    await asOwner('DELETE FROM access_record WHERE id = -5');
    expect(await verifyAccessRecords(t.db)).toMatchObject({ ok: true });

    // The change it would record must not go through unrecorded.
    await expect(
      recordAccess(t.db, { userId: 999_999, address: '10.0.0.1' }, new Date(), { action: 'MEMBER_VIEW', subjectType: 'member', subject: 'x' }),
    ).rejects.toThrow(/access record not written/);
  });

  it('stays whole and in id order under many writers on separate connections', async () => {
    const before = (await chain()).length;
    const writers = await openDatabase({ databaseUrl: t.database.url, migrate: false, poolMax: 12 });
    try {
      const base = new Date('2026-04-01T09:00:00+09:00').getTime();
      await Promise.all(
        Array.from({ length: 48 }, (_, i) =>
          withTransaction(writers.db, async (tx) => {
            // Some work in the transaction before and after the insert, so the writers overlap.
            await tx.execute(sql`SELECT pg_sleep(${(i % 4) * 0.005})`);
            await recordAccess(tx, { userId: t.users.admin, address: `10.1.0.${i}` }, new Date(base + i), {
              action: 'MEMBER_VIEW', subjectType: 'member', subject: `동시 ${i}`,
            });
            await tx.execute(sql`SELECT pg_sleep(${(3 - (i % 4)) * 0.005})`);
          }),
        ),
      );
    } finally {
      await writers.close();
    }
    const rows = await chain();
    expect(rows.length).toBe(before + 48);
    const rowIds = rows.map((r) => Number(r.id));
    expect(rowIds).toEqual([...rowIds].sort((a, b) => a - b));
    expect(new Set(rowIds).size).toBe(rowIds.length);
    expect(await verifyAccessRecords(t.db, { batchSize: 10 })).toEqual({ ok: true, count: rows.length, lastHash: rows.at(-1)!.hash });
  });

  it('a point written down catches records cut from the end, which the links alone cannot (issue 25)', async () => {
    const rows = await chain();
    const last = rows.at(-1)!;
    const checkpoint = { count: rows.length, hash: last.hash };
    expect(await verifyAccessRecords(t.db, { checkpoint })).toEqual({ ok: true, count: rows.length, lastHash: last.hash });
    await asOwner('DELETE FROM access_record WHERE id = $1', [last.id]);
    // Every remaining record still links to the one before it.
    expect(await verifyAccessRecords(t.db)).toMatchObject({ ok: true, count: rows.length - 1 });
    const short = await verifyAccessRecords(t.db, { checkpoint });
    expect(short).toMatchObject({ ok: false, count: rows.length - 1, checkpoint: { problem: 'short' } });
    expect(describeResult(short)).toMatch(/기록이 \d+건뿐입니다.*records were cut from the end/);
    // A record written since, in the place of the one cut: as many again, but not the record written down.
    await recordAccess(t.db, { userId: t.users.admin, address: '10.0.0.1' }, new Date(), { action: 'MEMBER_VIEW', subjectType: 'member', subject: '대신' });
    const rebuilt = await verifyAccessRecords(t.db, { checkpoint });
    expect(rebuilt).toMatchObject({ ok: false, count: rows.length, checkpoint: { problem: 'checkpoint', hash: last.hash } });
    expect(describeResult(rebuilt)).toMatch(/the chain was rebuilt/);
    // A point written down before the cut, further back, still holds.
    expect(await verifyAccessRecords(t.db, { checkpoint: { count: rows.length - 1, hash: rows.at(-2)!.hash } })).toMatchObject({ ok: true });
  });
});
