import { sql } from 'drizzle-orm';
import JSZip from 'jszip';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AlumniCreateBody, AlumniImportPreview, AlumniImportReport, AlumniPage, UploadUrlResponse } from '@contract';
import { createTestApp, data, TestClock, type TestApp } from '../../test/harness';
import { multipartBody, pngBytes } from '../../test/factories';
import { MINUTE_MS } from '../../lib/clock';
import { importWorkbook, uploadWorkbook, workbookOf } from './test-support';
import { expectRefusal } from '../../test/refusals';

let t: TestApp;
const clock = new TestClock(new Date('2026-11-22T01:00:00Z'));

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await t.db.execute(sql`DELETE FROM alumni`);
  // Uploads a test left unimported (the upload tests stop before importing).
  await t.db.execute(sql`DELETE FROM stored_file WHERE kind = 'alumni-import'`);
});

const admin = () => t.auth(t.tokens.admin);
const HEADER = ['이름', '소속', '부서', '직위', '이메일', '연락처', '메모'];

async function create(record: AlumniCreateBody) {
  return data<{ id: number }>(await t.app.inject({ method: 'PUT', url: '/api/alumni', headers: admin(), payload: record })).id;
}

async function all(): Promise<AlumniPage['content']> {
  return data<AlumniPage>(await t.app.inject({ method: 'GET', url: '/api/alumni?size=100&sort=name,ASC', headers: admin() })).content;
}

async function exportAll(): Promise<Buffer> {
  const res = await t.app.inject({ method: 'POST', url: '/api/alumni/export-data', headers: admin(), payload: { reason: '백업' } });
  expect(res.statusCode, res.body).toBe(200);
  return res.rawPayload;
}

const report = (res: { statusCode: number; body: string }) => data<AlumniImportReport>(res);

async function storedImportFiles(): Promise<number> {
  const { rows } = await t.database.raw.query<{ n: number }>("SELECT count(*)::int AS n FROM stored_file WHERE kind = 'alumni-import'");
  return rows[0]!.n;
}

describe('upload URL for an import', () => {
  it('is single-use, valid 10 minutes, and answers a file id', async () => {
    const bytes = await workbookOf([HEADER, ['가']]);
    const { urlRes, uploadRes, uploadUrl, fileId } = await uploadWorkbook(t.app, admin(), bytes);
    expect(data<UploadUrlResponse>(urlRes).expiresDate).toBe('2026-11-22T10:10:00+09:00');
    expect(uploadRes!.statusCode, uploadRes!.body).toBe(200);
    expect(fileId).toMatch(/^[0-9a-f-]{36}$/);
    const again = multipartBody('주소록.xlsx', bytes);
    expectRefusal(await t.app.inject({ method: 'POST', url: uploadUrl!, payload: again.payload, headers: again.headers }), 400, 'BAD_REQUEST', /만료되었거나 이미 사용/);
  });

  it('expires after 10 minutes', async () => {
    const bytes = await workbookOf([HEADER, ['가']]);
    const urlRes = await t.app.inject({ method: 'POST', url: '/api/alumni/upload-url', headers: admin(), payload: { fileName: 'a.xlsx', size: bytes.length } });
    clock.advance(10 * MINUTE_MS + 1000);
    const form = multipartBody('a.xlsx', bytes);
    expectRefusal(await t.app.inject({ method: 'POST', url: data<UploadUrlResponse>(urlRes).uploadUrl, payload: form.payload, headers: form.headers }), 400, 'BAD_REQUEST', /만료/);
  });

  it('only .xlsx names, not empty, at most 5 MB', async () => {
    for (const fileName of ['명단.xls', '명단.csv', '명단.pdf', '명단']) {
      expectRefusal(
        await t.app.inject({ method: 'POST', url: '/api/alumni/upload-url', headers: admin(), payload: { fileName, size: 100 } }),
        400, 'BAD_REQUEST', /\.xlsx\)만 올릴 수 있습니다/,
      );
    }
    expectRefusal(await t.app.inject({ method: 'POST', url: '/api/alumni/upload-url', headers: admin(), payload: { fileName: 'a.xlsx', size: 0 } }), 400, 'BAD_REQUEST', /빈 파일/);
    expectRefusal(
      await t.app.inject({ method: 'POST', url: '/api/alumni/upload-url', headers: admin(), payload: { fileName: 'a.xlsx', size: 5 * 1024 * 1024 + 1 } }),
      413, 'PAYLOAD_TOO_LARGE', /5 MB 이하/,
    );
  });

  it.each([
    ['a PNG renamed .xlsx', async () => pngBytes()],
    ['a plain ZIP renamed .xlsx', async () => {
      const zip = new JSZip();
      zip.file('명단.txt', '홍길동,hong@example.kr');
      return zip.generateAsync({ type: 'nodebuffer' });
    }],
    ['text renamed .xlsx', async () => Buffer.from('이름,이메일\n홍길동,hong@example.kr\n', 'utf8')],
    ['a broken ZIP', async () => Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 7)])],
  ])('%s is refused from its bytes (400 in Korean), and nothing is kept', async (_what, make) => {
    const { uploadRes } = await uploadWorkbook(t.app, admin(), await make());
    expectRefusal(uploadRes, 400, 'BAD_REQUEST', /엑셀 통합 문서\(\.xlsx\)로 열 수 없는 파일/);
    expect(await storedImportFiles()).toBe(0);
  });

  it('board uploads are unchanged: an .xlsx attachment is checked only as a ZIP', async () => {
    const zip = new JSZip();
    zip.file('a.txt', 'x');
    const bytes = await zip.generateAsync({ type: 'nodebuffer' });
    const q = new URLSearchParams({ fileName: '표.xlsx', contentType: 'application/octet-stream', size: String(bytes.length), boardCode: 'community' });
    const urlRes = await t.app.inject({ method: 'GET', url: `/api/board-item-file/upload-url?${q}`, headers: t.auth(t.tokens.member) });
    const form = multipartBody('표.xlsx', bytes);
    const res = await t.app.inject({ method: 'POST', url: data<UploadUrlResponse>(urlRes).uploadUrl, payload: form.payload, headers: form.headers });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('an admin cannot import another admin’s upload, nor a board attachment', async () => {
    const { fileId } = await uploadWorkbook(t.app, admin(), await workbookOf([HEADER, ['가']]));
    const [row] = (await t.database.raw.query<{ id: string }>("SELECT id FROM app_user WHERE user_key_code = 'member1'")).rows;
    await t.database.raw.query("UPDATE stored_file SET created_by = $1 WHERE id = $2", [row!.id, fileId]);
    expectRefusal(
      await t.app.inject({ method: 'POST', url: '/api/alumni/import-data', headers: admin(), payload: { fileId, reason: '가져오기' } }),
      404, 'NOT_FOUND', /파일을 다시 올려주세요/,
    );
  });
});

describe('an uploaded workbook stays out of the boards', () => {
  it('cannot be attached to a post, put in its content or fetched as a file', async () => {
    const { fileId } = await uploadWorkbook(t.app, admin(), await workbookOf([HEADER, ['가']]));
    const attach = await t.app.inject({
      method: 'PUT', url: '/api/board-item/notice', headers: admin(),
      payload: { title: '첨부 시도', content: `<p>x</p><img src="/api/file/${fileId}">`, files: [{ id: fileId }] },
    });
    expectRefusal(attach, 400, 'BAD_REQUEST', /./);
    const asContent = await t.app.inject({
      method: 'PUT', url: '/api/board-item/notice', headers: admin(),
      payload: { title: '본문 이미지 시도', content: `<p>x</p><img src="/api/file/${fileId}">` },
    });
    expect(asContent.statusCode, asContent.body).toBe(200);
    const { rows } = await t.database.raw.query<{ board_item_id: string | null }>('SELECT board_item_id FROM stored_file WHERE id = $1', [fileId]);
    expect(rows[0]!.board_item_id).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: `/api/file/${fileId}`, headers: admin() })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/file/${fileId}?download=true`, headers: admin() })).statusCode).toBe(404);
  });
});

describe('preview', () => {
  it('shows the first 10 rows as they are in the file, the recognised fields and the total; the file stays for the import', async () => {
    const rows = Array.from({ length: 25 }, (_, i) => [`사람${i + 1}`, '소속', `p${i + 1}@example.kr`, '무시될 값']);
    const { fileId } = await uploadWorkbook(t.app, admin(), await workbookOf([['성명', '소속기관', 'E-mail', '비고란'], ...rows]));
    const res = await t.app.inject({ method: 'POST', url: '/api/alumni/import-preview', headers: admin(), payload: { fileId } });
    const preview = data<AlumniImportPreview>(res);
    expect(preview.fields).toEqual(['name', 'organization', 'email']);
    expect(preview.ignoredHeaders).toEqual(['비고란']);
    expect(preview.totalRows).toBe(25);
    expect(preview.rows).toHaveLength(10);
    expect(preview.rows[0]).toEqual({ row: 2, values: { name: '사람1', organization: '소속', email: 'p1@example.kr' } });
    const imported = report(await t.app.inject({ method: 'POST', url: '/api/alumni/import-data', headers: admin(), payload: { fileId, reason: '명단 등록' } }));
    expect(imported).toMatchObject({ applied: true, added: 25, updated: 0, rejected: 0 });
  });
});

describe('import', () => {
  it('adds new rows and updates rows whose e-mail (any case) is known; columns not in the sheet stay', async () => {
    await create({ name: '김민수', organization: '옛 병원', email: 'minsu@example.kr', phone: '02-111-2222', memo: '지킬 메모' });
    const bytes = await workbookOf([
      ['이메일', '이름', '소속', '알 수 없는 열'],
      ['MINSU@example.kr', '김민수', '새 병원', 'x'],
      ['new@example.kr', '신규', '연구소', 'y'],
      [null, null, null, null], // an empty row is skipped
      [null, '이메일없음', '', ''],
    ]);
    const r = report(await importWorkbook(t.app, admin(), bytes));
    expect(r).toEqual({ mode: 'allOrNothing', applied: true, totalRows: 3, added: 2, updated: 1, unchanged: 0, rejected: 0, rejectedRows: [] });
    const list = await all();
    expect(list.find((x) => x.name === '김민수')).toMatchObject({ organization: '새 병원', phone: '02-111-2222', memo: '지킬 메모', email: 'minsu@example.kr' });
    expect(list.find((x) => x.name === '신규')).toMatchObject({ organization: '연구소', email: 'new@example.kr', phone: '' });
    expect(list.find((x) => x.name === '이메일없음')).toMatchObject({ email: null });
    // The file is used up: gone from the database and from disk.
    expect(await storedImportFiles()).toBe(0);
  });

  it('export, then import the same file: zero changes, also for records without e-mail and formula-like values', async () => {
    await create({ name: '홍길동', organization: '=1+2', department: '-부서', email: 'hong@example.kr', phone: '010-1234-5678', memo: '여러\n줄 메모' });
    await create({ name: '임꺽정', memo: "'따옴표로 시작" });
    await create({ name: '임꺽정', memo: "'따옴표로 시작" }); // two equal records without e-mail
    await create({ name: '@골뱅이', position: '+직위' });
    const before = await all();
    clock.advance(60_000);
    const r = report(await importWorkbook(t.app, admin(), await exportAll()));
    expect(r).toMatchObject({ applied: true, totalRows: 4, added: 0, updated: 0, unchanged: 4, rejected: 0 });
    expect(await all()).toEqual(before);
  });

  it('an unchanged record does not count as updated, and keeps its modified time', async () => {
    await create({ name: '그대로', email: 'same@example.kr', organization: '기관' });
    const before = await all();
    clock.advance(60_000);
    const r = report(await importWorkbook(t.app, admin(), await workbookOf([['이름', '이메일', '소속'], ['그대로', 'same@example.kr', '기관']])));
    expect(r).toMatchObject({ added: 0, updated: 0, unchanged: 1 });
    expect(await all()).toEqual(before);
  });

  const badFile = () =>
    workbookOf([
      HEADER,
      ['정상일', '병원', '', '', 'one@example.kr', '010-1111-2222', ''], // row 2
      ['', '병원', '', '', 'noname@example.kr', '', ''], // row 3: no name
      ['정상이', '', '', '', 'two@example.kr', '', ''], // row 4
      ['잘못', '', '', '', 'not-an-email', '01012345678', ''], // row 5: e-mail and phone
      ['중복', '', '', '', 'ONE@example.kr', '', ''], // row 6: e-mail of row 2
    ]);

  it('allOrNothing (default): one bad row and nothing changes; the report lists every bad row in Korean', async () => {
    await create({ name: '기존', email: 'two@example.kr' });
    const before = await all();
    const r = report(await importWorkbook(t.app, admin(), await badFile()));
    expect(r).toEqual({
      mode: 'allOrNothing', applied: false, totalRows: 5, added: 0, updated: 0, unchanged: 0, rejected: 3,
      rejectedRows: [
        { row: 3, reason: '3행: 이름을 입력해주세요.' },
        { row: 5, reason: '5행: 이메일을 형식에 맞게 입력해주세요. 연락처를 형식에 맞게 입력해주세요.' },
        { row: 6, reason: '6행: 2행과 이메일이 중복됩니다.' },
      ],
    });
    expect(await all()).toEqual(before);
    expect(await storedImportFiles()).toBe(0);
  });

  it('skipInvalid: the good rows are imported, the bad ones listed', async () => {
    await create({ name: '기존', email: 'two@example.kr' });
    const r = report(await importWorkbook(t.app, admin(), await badFile(), { mode: 'skipInvalid', reason: '올바른 행만' }));
    expect(r).toMatchObject({ mode: 'skipInvalid', applied: true, totalRows: 5, added: 1, updated: 1, unchanged: 0, rejected: 3 });
    expect(r.rejectedRows.map((x) => x.row)).toEqual([3, 5, 6]);
    expect((await all()).map((x) => `${x.name}:${x.email}`).sort()).toEqual(['정상이:two@example.kr', '정상일:one@example.kr']);
  });

  it.each([
    ['no header row (data from row 1)', () => workbookOf([['홍길동', 'hong@example.kr'], ['김철수', 'kim@example.kr']]), /첫 행에 머리글이 없습니다/],
    ['a header without 이름', () => workbookOf([['이메일', '소속'], ['a@b.kr', '병원']]), /첫 행에 머리글이 없습니다/],
    ['an empty sheet', () => workbookOf([]), /첫 행에 머리글이 없습니다/],
    ['a header and no rows', () => workbookOf([HEADER]), /가져올 행이 없습니다/],
    ['a header twice', () => workbookOf([['이름', '성명'], ['가', '나']]), /두 번 있습니다/],
  ])('%s is 400 in Korean, and the file is deleted', async (_what, make, message) => {
    const { fileId } = await uploadWorkbook(t.app, admin(), await make());
    const res = await t.app.inject({ method: 'POST', url: '/api/alumni/import-data', headers: admin(), payload: { fileId, reason: '가져오기' } });
    expectRefusal(res, 400, 'BAD_REQUEST', message);
    expect(await storedImportFiles()).toBe(0);
  });

  it('more than 10,000 rows is 400; exactly 10,000 imports', async () => {
    const rows = (n: number) => [['이름'], ...Array.from({ length: n }, (_, i) => [`사람${i}`])];
    const { fileId } = await uploadWorkbook(t.app, admin(), await workbookOf(rows(10_001)));
    expectRefusal(
      await t.app.inject({ method: 'POST', url: '/api/alumni/import-preview', headers: admin(), payload: { fileId } }),
      400, 'BAD_REQUEST', /10,000행까지/,
    );
    const ok = report(await importWorkbook(t.app, admin(), await workbookOf(rows(10_000))));
    expect(ok).toMatchObject({ applied: true, added: 10_000, rejected: 0 });
    const { rows: count } = await t.database.raw.query<{ n: number }>('SELECT count(*)::int AS n FROM alumni');
    expect(count[0]!.n).toBe(10_000);
  });

  it('a file id used once is gone: importing it again is 404, and its bytes are off the disk', async () => {
    const { fileId } = await uploadWorkbook(t.app, admin(), await workbookOf([HEADER, ['한번']]));
    const { rows } = await t.database.raw.query<{ stored_name: string }>('SELECT stored_name FROM stored_file WHERE id = $1', [fileId]);
    expect(await t.app.deps.files.exists(rows[0]!.stored_name)).toBe(true);
    expect(report(await t.app.inject({ method: 'POST', url: '/api/alumni/import-data', headers: admin(), payload: { fileId, reason: '1' } })).added).toBe(1);
    expectRefusal(await t.app.inject({ method: 'POST', url: '/api/alumni/import-data', headers: admin(), payload: { fileId, reason: '2' } }), 404, 'NOT_FOUND');
    expect(await t.app.deps.files.exists(rows[0]!.stored_name)).toBe(false);
  });

  it('the same file imported twice at the same moment is applied once; the other is 404', async () => {
    const { fileId } = await uploadWorkbook(t.app, admin(), await workbookOf([HEADER, ['동시가져오기']]));
    const send = () => t.app.inject({ method: 'POST', url: '/api/alumni/import-data', headers: admin(), payload: { fileId, reason: '동시' } });
    const results = await Promise.all([send(), send()]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 404]);
    const { rows } = await t.database.raw.query<{ n: number }>("SELECT count(*)::int AS n FROM alumni WHERE name = '동시가져오기'");
    expect(rows[0]!.n).toBe(1);
  });

  it('needs a reason and a known mode', async () => {
    const { fileId } = await uploadWorkbook(t.app, admin(), await workbookOf([HEADER, ['가']]));
    expectRefusal(await t.app.inject({ method: 'POST', url: '/api/alumni/import-data', headers: admin(), payload: { fileId } }), 400, 'BAD_REQUEST', /사유를 입력해주세요/);
    expectRefusal(await t.app.inject({ method: 'POST', url: '/api/alumni/import-data', headers: admin(), payload: { fileId, reason: '가', mode: 'merge' } }), 400, 'BAD_REQUEST', /가져오기 방식/);
    expect(await storedImportFiles()).toBe(1);
  });

  it('writes exactly one access record with the reason and the counts', async () => {
    const { rows: before } = await t.database.raw.query<{ max: string | null }>('SELECT max(id) AS max FROM access_record');
    await importWorkbook(t.app, admin(), await badFile(), { mode: 'skipInvalid', reason: '학회 명단 반영' });
    const { rows } = await t.database.raw.query<{ action: string; reason: string; row_count: number; detail: unknown; subject: string }>(
      'SELECT action, reason, row_count, detail, subject FROM access_record WHERE id > $1 ORDER BY id',
      [before[0]!.max ?? 0],
    );
    expect(rows).toEqual([
      {
        action: 'ALUMNI_IMPORT', reason: '학회 명단 반영', row_count: 5, subject: '파일: 주소록.xlsx',
        detail: { mode: 'skipInvalid', applied: true, added: 2, updated: 0, unchanged: 0, rejected: 3 },
      },
    ]);
  });
});
