import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { alumniMessages, type AlumniCreateBody, type AlumniPage } from '@contract';
import { body, createTestApp, data, TestClock, type TestApp } from '../../test/harness';
import { rowsOf, workbookOf } from './test-support';
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
});

const admin = () => t.auth(t.tokens.admin);

async function create(record: AlumniCreateBody) {
  const res = await t.app.inject({ method: 'PUT', url: '/api/alumni', headers: admin(), payload: record });
  return data<{ id: number }>(res).id;
}

async function listOf(query = ''): Promise<AlumniPage> {
  return data<AlumniPage>(await t.app.inject({ method: 'GET', url: `/api/alumni${query}`, headers: admin() }));
}

const search = async (keyword: string) => (await listOf(`?keyword=${encodeURIComponent(keyword)}&size=100`)).content.map((r) => r.name).sort();

interface RecordRow {
  action: string;
  subject: string;
  reason: string | null;
  row_count: number | null;
  detail: Record<string, unknown>;
  actor_id: string;
}

/** The access records written while `action` runs. */
async function recordsDuring(action: () => Promise<unknown>): Promise<RecordRow[]> {
  const { rows: before } = await t.database.raw.query<{ max: string | null }>('SELECT max(id) AS max FROM access_record');
  await action();
  const { rows } = await t.database.raw.query<RecordRow>(
    'SELECT action, subject, reason, row_count, detail, actor_id FROM access_record WHERE id > $1 ORDER BY id',
    [before[0]!.max ?? 0],
  );
  return rows;
}

describe('every address-book call is for admins only', () => {
  const calls = [
    { method: 'GET', url: '/api/alumni' },
    { method: 'GET', url: '/api/alumni?keyword=%ED%99%8D' },
    { method: 'PUT', url: '/api/alumni', payload: { name: '홍길동' } },
    { method: 'PATCH', url: '/api/alumni/1', payload: { memo: 'x' } },
    { method: 'DELETE', url: '/api/alumni/1' },
    { method: 'POST', url: '/api/alumni/export-data', payload: { reason: '점검' } },
    { method: 'POST', url: '/api/alumni/upload-url', payload: { fileName: 'a.xlsx', size: 10 } },
    { method: 'POST', url: '/api/alumni/import-preview', payload: { fileId: '00000000-0000-0000-0000-000000000000' } },
    { method: 'POST', url: '/api/alumni/import-data', payload: { fileId: '00000000-0000-0000-0000-000000000000', reason: '점검' } },
  ] as const;

  it.each(calls)('$method $url: guest 401, member 403, with the envelope', async (call) => {
    const guest = await t.app.inject({ ...call });
    expectRefusal(guest, 401, 'UNAUTHORIZED');
    const member = await t.app.inject({ ...call, headers: t.auth(t.tokens.member) });
    expectRefusal(member, 403, 'FORBIDDEN');
  });

  it('refusals write no access record and change nothing', async () => {
    const id = await create({ name: '보호됨' });
    const records = await recordsDuring(async () => {
      await t.app.inject({ method: 'DELETE', url: `/api/alumni/${id}`, headers: t.auth(t.tokens.member) });
      await t.app.inject({ method: 'GET', url: '/api/alumni', headers: t.auth(t.tokens.member) });
    });
    expect(records).toEqual([]);
    expect((await listOf()).content.map((r) => r.id)).toEqual([id]);
  });
});

describe('add, change and delete a record', () => {
  it('creates with every field, answers its id, lists it with KST times', async () => {
    const id = await create({
      name: ' 홍길동 ', organization: '한국의료기기안전정보원', department: '환자등록팀', position: '팀장',
      email: 'Hong@Example.KR', phone: '02-1234-5678', memo: '첫 줄\n둘째 줄',
    });
    expect(id).toBeGreaterThan(0);
    const page = await listOf();
    expect(page).toMatchObject({ totalElements: 1, totalPages: 1, page: 1, size: 20 });
    expect(page.content[0]).toEqual({
      id, name: '홍길동', organization: '한국의료기기안전정보원', department: '환자등록팀', position: '팀장',
      email: 'hong@example.kr', phone: '02-1234-5678', memo: '첫 줄\n둘째 줄',
      createdDate: '2026-11-22T10:00:00+09:00', modifiedDate: '2026-11-22T10:00:00+09:00',
    });
  });

  it.each([
    [{}, /이름을 입력해주세요/],
    [{ name: '   ' }, /이름을 입력해주세요/],
    [{ name: '김', email: 'not-an-email' }, /이메일을 형식에 맞게 입력해주세요/],
    [{ name: '김', phone: '010 1234 5678' }, /연락처를 형식에 맞게 입력해주세요\./],
    [{ name: '김', phone: '0101-1234-5678' }, /연락처를 형식에 맞게 입력해주세요\./],
    [{ name: '김'.repeat(51) }, '이름은 50자 이내로 입력해주세요.'],
    [{ name: '김', memo: 'x'.repeat(1001) }, '메모는 1000자 이내로 입력해주세요.'],
  ])('refuses %o with 400 in Korean', async (payload, message) => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/alumni', headers: admin(), payload });
    expectRefusal(res, 400, 'BAD_REQUEST', message);
    expect((await listOf()).totalElements).toBe(0);
  });

  it('a duplicate e-mail (in any case) is 409, on create and on change', async () => {
    await create({ name: '가', email: 'same@example.kr' });
    const other = await create({ name: '나', email: 'other@example.kr' });
    const dup = await t.app.inject({ method: 'PUT', url: '/api/alumni', headers: admin(), payload: { name: '다', email: 'SAME@example.kr' } });
    expectRefusal(dup, 409, 'CONFLICT', new RegExp(alumniMessages.emailTaken));
    const patch = await t.app.inject({ method: 'PATCH', url: `/api/alumni/${other}`, headers: admin(), payload: { email: 'Same@Example.kr' } });
    expectRefusal(patch, 409, 'CONFLICT');
    expect((await listOf()).totalElements).toBe(2);
  });

  it('PATCH changes only the given fields and the modified time', async () => {
    const id = await create({ name: '이순신', organization: '해군', phone: '010-1111-2222', email: 'lee@example.kr' });
    clock.advance(60_000);
    const res = await t.app.inject({ method: 'PATCH', url: `/api/alumni/${id}`, headers: admin(), payload: { department: '통제영', phone: '' } });
    expect(data<{ id: number }>(res).id).toBe(id);
    const [r] = (await listOf()).content;
    expect(r).toMatchObject({ name: '이순신', organization: '해군', department: '통제영', phone: '', email: 'lee@example.kr' });
    expect(r!.modifiedDate).toBe('2026-11-22T10:01:00+09:00');
    expect(r!.createdDate).not.toBe(r!.modifiedDate);
    // An e-mail may be taken away (a record need not have one).
    await t.app.inject({ method: 'PATCH', url: `/api/alumni/${id}`, headers: admin(), payload: { email: '' } });
    expect((await listOf()).content[0]!.email).toBeNull();
  });

  it('PATCH validates what it is given, and needs something to change', async () => {
    const id = await create({ name: '유관순' });
    expectRefusal(await t.app.inject({ method: 'PATCH', url: `/api/alumni/${id}`, headers: admin(), payload: { name: '' } }), 400, 'BAD_REQUEST', /이름을 입력/);
    expectRefusal(await t.app.inject({ method: 'PATCH', url: `/api/alumni/${id}`, headers: admin(), payload: { phone: '12345' } }), 400, 'BAD_REQUEST', /연락처를 형식에 맞게/);
    expectRefusal(await t.app.inject({ method: 'PATCH', url: `/api/alumni/${id}`, headers: admin(), payload: {} }), 400, 'BAD_REQUEST', /바꿀 항목/);
  });

  it('unknown ids are 404 for PATCH and DELETE; a malformed id is 400, never 500', async () => {
    expectRefusal(await t.app.inject({ method: 'PATCH', url: '/api/alumni/999999', headers: admin(), payload: { memo: 'x' } }), 404, 'NOT_FOUND', /찾을 수 없습니다/);
    expectRefusal(await t.app.inject({ method: 'DELETE', url: '/api/alumni/999999', headers: admin() }), 404, 'NOT_FOUND');
    expectRefusal(await t.app.inject({ method: 'DELETE', url: '/api/alumni/abc', headers: admin() }), 400, 'BAD_REQUEST');
  });

  it('DELETE removes the record for good', async () => {
    const id = await create({ name: '삭제될사람' });
    const res = await t.app.inject({ method: 'DELETE', url: `/api/alumni/${id}`, headers: admin() });
    expect(body<{ message: string }>(res).message).toBe(alumniMessages.deleted);
    expect((await listOf()).totalElements).toBe(0);
    const { rows } = await t.database.raw.query('SELECT 1 FROM alumni WHERE id = $1', [id]);
    expect(rows).toHaveLength(0);
  });
});

describe('list: paging, sorting and Korean keyword search', () => {
  beforeEach(async () => {
    const people: AlumniCreateBody[] = [
      { name: '김민수', organization: '서울대학교병원', department: '정형외과', email: 'minsu@snuh.org', phone: '02-2072-1234' },
      { name: '이서연', organization: '세브란스병원', department: '심장내과', email: 'seoyeon@yuhs.ac', phone: '010-9876-5432' },
      { name: '박지훈', organization: '서울아산병원', department: '흉부외과', email: 'jihoon@amc.seoul.kr', phone: '031-123-4567' },
      { name: '최', organization: '국립암센터', department: '행정', email: null, phone: '' },
      { name: 'Kim Minji', organization: 'Korea Univ. Hospital', department: 'Cardiology', email: 'MINJI@korea.ac.kr', phone: '' },
    ];
    for (const p of people) {
      await create(p);
      clock.advance(1000);
    }
  });

  it('newest first by default; name order both ways; pages of the given size', async () => {
    expect((await listOf()).content.map((r) => r.name)).toEqual(['Kim Minji', '최', '박지훈', '이서연', '김민수']);
    expect((await listOf('?sort=createdDate,ASC')).content[0]!.name).toBe('김민수');
    expect((await listOf('?sort=name,ASC')).content.map((r) => r.name)).toEqual(['Kim Minji', '김민수', '박지훈', '이서연', '최']);
    expect((await listOf('?sort=name,DESC')).content[0]!.name).toBe('최');
    const page2 = await listOf('?page=2&size=2');
    expect(page2).toMatchObject({ totalElements: 5, totalPages: 3, page: 2, size: 2 });
    expect(page2.content.map((r) => r.name)).toEqual(['박지훈', '이서연']);
    expectRefusal(await t.app.inject({ method: 'GET', url: '/api/alumni?sort=memo,ASC', headers: admin() }), 400, 'BAD_REQUEST', /정렬/);
  });

  it.each([
    ['최', ['최']], // one syllable: a name of one syllable
    ['서', ['박지훈', '이서연', '김민수'].sort()], // one syllable inside names and organisations
    ['서울', ['김민수', '박지훈'].sort()], // two syllables, organisation
    ['외과', ['김민수', '박지훈'].sort()], // department
    ['심장내과', ['이서연']],
    ['민수', ['김민수']],
    ['snuh', ['김민수']], // e-mail
    ['MINJI', ['Kim Minji']], // e-mail and name, case-insensitive
    ['9876', ['이서연']], // phone
    ['01098765432', ['이서연']], // phone without hyphens
    ['2072-1234', ['김민수']],
    ['서울 정형', ['김민수']], // every word must match
    ['없는사람', []],
    ['%', []], // no pattern characters
  ])('keyword "%s"', async (keyword, names) => {
    expect(await search(keyword)).toEqual(names);
  });

  it('a keyword is not matched across two fields', async () => {
    // 원정 would join 병원 (organisation) and 정형외과 (department) of 김민수.
    expect(await search('원정')).toEqual([]);
  });
});

describe('export', () => {
  it('downloads the matching records as .xlsx with Korean headers, formula-safe, no-store, Korean file name', async () => {
    await create({ name: '홍길동', organization: '=HYPERLINK("http://evil")', email: 'hong@example.kr', phone: '010-1234-5678', memo: '+cmd' });
    await create({ name: '임꺽정', organization: '의적', memo: "'이미 따옴표" });
    const res = await t.app.inject({ method: 'POST', url: '/api/alumni/export-data', headers: admin(), payload: { reason: '명부 점검', keyword: '홍' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(String(res.headers['content-disposition'])).toContain(`filename*=UTF-8''${encodeURIComponent('주소록_2026-11-22.xlsx')}`);
    expect(res.headers['x-row-count']).toBe('1');
    const rows = await rowsOf(res.rawPayload);
    expect(rows[0]).toEqual(['이름', '소속', '부서', '직위', '이메일', '연락처', '메모', '등록일', '수정일']);
    expect(rows).toHaveLength(2);
    expect(rows[1]!.slice(0, 7)).toEqual(['홍길동', `'=HYPERLINK("http://evil")`, '', '', 'hong@example.kr', '010-1234-5678', `'+cmd`]);
    const all = await rowsOf((await t.app.inject({ method: 'POST', url: '/api/alumni/export-data', headers: admin(), payload: { reason: '전체' } })).rawPayload);
    expect(all).toHaveLength(3);
    expect(all.find((r) => r[0] === '임꺽정')![6]).toBe("''이미 따옴표");
  });

  it('needs a reason', async () => {
    for (const payload of [{}, { reason: '   ' }]) {
      expectRefusal(await t.app.inject({ method: 'POST', url: '/api/alumni/export-data', headers: admin(), payload }), 400, 'BAD_REQUEST', /사유를 입력해주세요/);
    }
  });
});

describe('each audited action writes exactly one access record', () => {
  it('list, create, update, delete, export', async () => {
    let id = 0;
    const created = await recordsDuring(async () => {
      id = await create({ name: '기록대상', email: 'audit@example.kr' });
    });
    expect(created).toEqual([expect.objectContaining({ action: 'ALUMNI_CREATE', subject: `#${id} 기록대상`, actor_id: String(t.users.admin) })]);

    const listed = await recordsDuring(() => listOf('?keyword=%EA%B8%B0%EB%A1%9D&page=1&size=10'));
    expect(listed).toEqual([
      expect.objectContaining({ action: 'ALUMNI_LIST_VIEW', subject: '검색어: 기록', row_count: 1, detail: { page: 1, size: 10, sort: 'createdDate,DESC', keyword: '기록' } }),
    ]);
    expect(await recordsDuring(() => listOf())).toEqual([expect.objectContaining({ action: 'ALUMNI_LIST_VIEW', subject: '전체' })]);

    const updated = await recordsDuring(() =>
      t.app.inject({ method: 'PATCH', url: `/api/alumni/${id}`, headers: admin(), payload: { memo: '메모', name: '기록대상' } }),
    );
    expect(updated).toEqual([expect.objectContaining({ action: 'ALUMNI_UPDATE', subject: `#${id} 기록대상`, detail: { fields: ['memo'] } })]);

    const exported = await recordsDuring(() =>
      t.app.inject({ method: 'POST', url: '/api/alumni/export-data', headers: admin(), payload: { reason: '연말 명부 점검' } }),
    );
    expect(exported).toEqual([expect.objectContaining({ action: 'ALUMNI_EXPORT', reason: '연말 명부 점검', row_count: 1, subject: '전체' })]);

    const deleted = await recordsDuring(() => t.app.inject({ method: 'DELETE', url: `/api/alumni/${id}`, headers: admin() }));
    expect(deleted).toEqual([expect.objectContaining({ action: 'ALUMNI_DELETE', subject: `#${id} 기록대상` })]);
  });

  it('a refused change writes no record (one transaction)', async () => {
    await create({ name: '가', email: 'taken@example.kr' });
    const records = await recordsDuring(async () => {
      await t.app.inject({ method: 'PUT', url: '/api/alumni', headers: admin(), payload: { name: '나', email: 'taken@example.kr' } });
      await t.app.inject({ method: 'PATCH', url: '/api/alumni/999999', headers: admin(), payload: { memo: 'x' } });
      await t.app.inject({ method: 'POST', url: '/api/alumni/export-data', headers: admin(), payload: { reason: '' } });
    });
    expect(records).toEqual([]);
  });

  it('workbook helpers round trip (sanity of the test support)', async () => {
    expect(await rowsOf(await workbookOf([['이름'], ['가']]))).toEqual([['이름'], ['가']]);
  });
});
