import ExcelJS from 'exceljs';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages, memberMessages, messages, STATS_VIEW_PERMISSION, type MemberDetail, type MemberPage, type TokenPair } from '@contract';
import { sessionToken } from '../../test/tokens';
import { appUser, refreshToken, role, signinFailure } from '../../db/schema';
import { toKstIso } from '../../lib/time';
import { ROLE_ADMIN } from '../../seed/base';
import { TEST_ADMIN_ID } from '../../test/global-setup';
import { signIn, signinRequest } from '../../test/accounts';
import { createMember, type TestMember } from '../../test/factories';
import { body, createTestApp, data, TestClock, type TestApp } from '../../test/harness';
import { recorded } from '../../test/access-records';
import { expectRefusalMessage } from '../../test/refusals';

/**
 * The console's member calls (issue 9): admins only, personal fields masked until revealed,
 * every view and change recorded once, and the changes felt by the member at once.
 */
let t: TestApp;
const clock = new TestClock(new Date('2026-11-23T01:00:00Z'));
const SECOND = 1000;
const MINUTE = 60 * SECOND;
let admin: Record<string, string>;
type Res = { statusCode: number; body: string };

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = t.auth(t.tokens.admin);
});
afterAll(async () => {
  await t?.close();
});


const call = (method: 'GET' | 'POST' | 'PATCH', url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url, headers, ...(method === 'GET' ? {} : { payload: payload ?? {} }) });

const list = (query: string, headers = admin) => call('GET', `/api/admin/users?${query}`, headers);
const detail = (id: number, headers = admin) => call('GET', `/api/admin/users/${id}`, headers);
const act = (id: number, path: string, payload: object = {}, headers = admin) => call('POST', `/api/admin/users/${id}/${path}`, headers, payload);
const setRole = (id: number, roleCode: string, headers = admin) => call('PATCH', `/api/admin/users/${id}/role`, headers, { roleCode });

/** The records written since `afterId`, oldest first. */

const me = (id: number, token: string) => t.app.inject({ method: 'GET', url: `/api/user/${id}`, headers: t.auth(token) });
const refresh = (token: string) => t.app.inject({ method: 'POST', url: '/api/user/signin-by-refresh-token', payload: { refreshToken: token } });

/** A second administrator (role ADMIN, not the system admin) and their token. */
async function makeAdmin(): Promise<{ member: TestMember; headers: Record<string, string> }> {
  const member = await createMember(t.db, { roleCode: ROLE_ADMIN, name: '부관리' });
  return { member, headers: t.auth(await sessionToken(t.db, t.keys, member.id, clock.now())) };
}

describe('every member call needs ADMIN_Access', () => {
  it('guests get 401 and members 403, and nothing is recorded', async () => {
    const target = await createMember(t.db);
    const calls: [string, (h: Record<string, string>) => Promise<Res>][] = [
      ['list', (h) => list('page=1', h)],
      ['detail', (h) => detail(target.id, h)],
      ['reveal', (h) => act(target.id, 'reveal', {}, h)],
      ['role', (h) => setRole(target.id, ROLE_ADMIN, h)],
      ['lock', (h) => act(target.id, 'lock', {}, h)],
      ['unlock', (h) => act(target.id, 'unlock', {}, h)],
      ['clear-lockout', (h) => act(target.id, 'clear-lockout', {}, h)],
      ['sign-out', (h) => act(target.id, 'sign-out', {}, h)],
      ['retire', (h) => act(target.id, 'retire', { reason: '정리' }, h)],
      ['export', (h) => call('POST', '/api/admin/users/export-data', h, { reason: '점검' })],
      ['role options', (h) => call('GET', '/api/admin/users/role-options', h)],
    ];
    const records = await recorded(t.db, async () => {
      for (const [name, send] of calls) {
        const guest = await send({});
        expect(guest.statusCode, `${name} as a guest: ${guest.body}`).toBe(401);
        expect(body(guest)).toEqual({ code: 'UNAUTHORIZED', message: messages.unauthorized });
        const member = await send(t.auth(t.tokens.member));
        expect(member.statusCode, `${name} as a member: ${member.body}`).toBe(403);
        expect(body(member)).toEqual({ code: 'FORBIDDEN', message: '관리자만 이용할 수 있습니다.' });
      }
    });
    expect(records).toEqual([]);
    const [row] = await t.db.select({ status: appUser.status, roleCode: appUser.roleCode }).from(appUser).where(eq(appUser.id, target.id));
    expect(row).toEqual({ status: 'ACTIVE', roleCode: 'MEMBER' });
  });
});

describe('GET /api/admin/users/role-options', () => {
  it('lists the roles with whether they carry admin rights, unrecorded', async () => {
    const records = await recorded(t.db, async () => {
      const options = data<{ roleCode: string; name: string; admin: boolean }[]>(await call('GET', '/api/admin/users/role-options', admin));
      // The seeded roles were made together: by code.
      expect(options).toEqual([
        { roleCode: 'ADMIN', name: '관리자', admin: true },
        { roleCode: 'GUEST', name: '비회원', admin: false },
        { roleCode: 'MEMBER', name: '일반회원', admin: false },
      ]);
    });
    expect(records).toEqual([]);
  });
});

describe('GET /api/admin/users', () => {
  const at = (iso: string) => new Date(iso);
  let kim: TestMember;
  let park: TestMember;
  let mobileKeyed: TestMember;
  beforeAll(async () => {
    kim = await createMember(t.db, { name: '김목록', userKeyCode: 'listkim01', email: 'list.kim@example.com', createdAt: at('2025-03-01T03:00:00Z') });
    park = await createMember(t.db, { name: '박목록', userKeyCode: 'listpark01', email: 'list.park@example.com', mobile: '010-2222-3333', createdAt: at('2025-03-15T03:00:00Z'), status: 'LOCKED' });
    mobileKeyed = await createMember(t.db, { name: '최번호', userKeyCode: '010-4444-5555', mobile: '010-4444-5555', email: null, createdAt: at('2025-04-02T03:00:00Z') });
  });

  it('answers a page newest first with masked addresses and the name shown, and records the view once', async () => {
    let page!: MemberPage;
    const records = await recorded(t.db, async () => {
      page = data<MemberPage>(await list('page=1&size=100'));
    });
    expect(page).toMatchObject({ page: 1, size: 100 });
    expect(page.totalElements).toBeGreaterThanOrEqual(6);
    const created = page.content.map((r) => r.createdDate);
    expect([...created].sort().reverse()).toEqual(created);
    const row = page.content.find((r) => r.id === park.id)!;
    expect(row).toEqual({
      id: park.id,
      userKeyCode: 'listpark01',
      name: '박목록',
      email: 'lis******@example.com',
      mobile: '010-****-3333',
      userType: 'Member',
      roleCode: 'MEMBER',
      roleName: '일반회원',
      status: 'LOCKED',
      createdDate: '2025-03-15T12:00:00+09:00',
    });
    // A sign-in key that is a mobile number is masked like the number itself.
    expect(page.content.find((r) => r.id === mobileKeyed.id)).toMatchObject({ userKeyCode: '010-****-5555', mobile: '010-****-5555' });
    expect(JSON.stringify(page)).not.toContain('list.park@example.com');
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ action: 'MEMBER_LIST_VIEW', subjectType: 'member', subject: '전체 회원', actorId: t.users.admin, rowCount: page.content.length });
  });

  it('finds members by the start of the name or ID, the whole e-mail or the mobile number typed with or without hyphens', async () => {
    const ids = async (query: string) => data<MemberPage>(await list(query)).content.map((r) => r.id);
    expect(await ids(`keyword=${encodeURIComponent('김목')}`)).toEqual([kim.id]);
    expect(await ids('keyword=listp')).toEqual([park.id]);
    expect(await ids('keyword=LIST.KIM@example.com')).toEqual([kim.id]);
    expect(await ids('keyword=01022223333')).toEqual([park.id]);
    expect(await ids('keyword=010-2222-3333')).toEqual([park.id]);
    // Only starts match, and LIKE wildcards typed by staff are plain characters.
    expect(await ids(`keyword=${encodeURIComponent('목록')}`)).toEqual([]);
    expect(await ids(`keyword=${encodeURIComponent('%')}`)).toEqual([]);
    expect(await ids('keyword=list_')).toEqual([]);
  });

  it('filters by role, status and sign-up period (Korean dates, both ends included)', async () => {
    const ids = async (query: string) => data<MemberPage>(await list(`${query}&size=100`)).content.map((r) => r.id);
    expect(await ids('status=LOCKED')).toContain(park.id);
    expect(await ids('status=LOCKED')).not.toContain(kim.id);
    expect(await ids('roleCode=ADMIN')).toEqual([t.users.admin]);
    expect(await ids('joinedFrom=2025-03-01&joinedTo=2025-03-15')).toEqual([park.id, kim.id]);
    expect(await ids('joinedFrom=2025-03-02&joinedTo=2025-04-02')).toEqual([mobileKeyed.id, park.id]);
    // 2025-03-01T03:00Z is 12:00 on 1 March in Korea.
    expect(await ids('joinedTo=2025-03-01')).toEqual([kim.id]);
    expect(await ids('joinedFrom=2025-03-01&joinedTo=2025-04-30&status=ACTIVE')).toEqual([mobileKeyed.id, kim.id]);
    const records = await recorded(t.db, () => list('keyword=abc&roleCode=MEMBER&status=ACTIVE&joinedFrom=2025-01-01&joinedTo=2025-12-31'));
    expect(records.map((r) => r.subject)).toEqual(['검색어 "abc", 권한 MEMBER, 상태 정상, 가입일 2025-01-01~2025-12-31']);
  });

  it('pages', async () => {
    const first = data<MemberPage>(await list('page=1&size=2&joinedFrom=2025-03-01&joinedTo=2025-04-30'));
    const second = data<MemberPage>(await list('page=2&size=2&joinedFrom=2025-03-01&joinedTo=2025-04-30'));
    expect(first).toMatchObject({ totalElements: 3, totalPages: 2, page: 1, size: 2 });
    expect([...first.content, ...second.content].map((r) => r.id)).toEqual([mobileKeyed.id, park.id, kim.id]);
  });

  it('refuses malformed filters with Korean messages', async () => {
    expectRefusalMessage(await list('joinedFrom=2025-13-45'), 400, memberMessages.dateFormat);
    expectRefusalMessage(await list('joinedFrom=2025-05-01&joinedTo=2025-04-01'), 400, memberMessages.dateOrder);
    expectRefusalMessage(await list('status=GONE'), 400);
    expectRefusalMessage(await list('size=1000'), 400);
  });
});

describe('member detail and reveal', () => {
  let target: TestMember;
  beforeAll(async () => {
    target = await createMember(t.db, {
      name: '정상세',
      userKeyCode: 'detail01',
      email: 'detail.person@example.com',
      mobile: '010-9876-5432',
      profile: { organization: '서울대학교병원', occupation: '의사', interests: ['인공관절', '인공수정체'], marketingAgree: true },
    });
  });

  it('masks e-mail, mobile and free-text profile values, and records MEMBER_VIEW', async () => {
    let view!: MemberDetail;
    const records = await recorded(t.db, async () => {
      view = data<MemberDetail>(await detail(target.id));
    });
    expect(view).toMatchObject({
      id: target.id,
      userKeyCode: 'detail01',
      name: '정상세',
      email: 'det**********@example.com',
      mobile: '010-****-5432',
      status: 'ACTIVE',
      roleCode: 'MEMBER',
      failedSigninCount: 0,
      lockedUntil: null,
      retiredDate: null,
      revealed: false,
    });
    expect(view.profile).toEqual([
      { code: 'organization', name: '소속 기관', value: '서******', masked: true },
      { code: 'occupation', name: '직역', value: '의사', masked: false },
      { code: 'interests', name: '관심 분야', value: '인공관절, 인공수정체', masked: false },
      { code: 'marketingAgree', name: '마케팅 정보 수신 동의', value: '예', masked: false },
    ]);
    expect(JSON.stringify(view)).not.toMatch(/detail\.person|9876|서울대학교병원/);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ action: 'MEMBER_VIEW', subject: `회원 #${target.id} (detail01)`, reason: null });
  });

  it('reveal answers the plain fields and records MEMBER_REVEAL with the reason', async () => {
    let view!: MemberDetail;
    const records = await recorded(t.db, async () => {
      view = data<MemberDetail>(await act(target.id, 'reveal', { reason: '본인 확인 요청 대응' }));
    });
    expect(view).toMatchObject({ email: 'detail.person@example.com', mobile: '010-9876-5432', revealed: true });
    expect(view.profile[0]).toEqual({ code: 'organization', name: '소속 기관', value: '서울대학교병원', masked: false });
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ action: 'MEMBER_REVEAL', subjectType: 'member', reason: '본인 확인 요청 대응', actorId: t.users.admin });
    // The reason is optional.
    const plain = await recorded(t.db, () => act(target.id, 'reveal'));
    expect(plain.map((r) => [r.action, r.reason])).toEqual([['MEMBER_REVEAL', null]]);
  });

  it('an unknown member: 404 with a Korean message, nothing recorded', async () => {
    const records = await recorded(t.db, async () => {
      expectRefusalMessage(await detail(987654321), 404, memberMessages.notFound);
      expectRefusalMessage(await act(987654321, 'lock'), 404, memberMessages.notFound);
    });
    expect(records).toEqual([]);
    expectRefusalMessage(await detail(0), 400);
  });
});

describe('PATCH /api/admin/users/{id}/role', () => {
  it('a grant of admin rights writes MEMBER_ROLE_CHANGE and ADMIN_GRANT, and works at the next request', async () => {
    const member = await createMember(t.db, { name: '승격자' });
    const token = await sessionToken(t.db, t.keys, member.id, clock.now());
    expectRefusalMessage(await list('page=1', t.auth(token)), 403);
    let view!: MemberDetail;
    const granted = await recorded(t.db, async () => {
      view = data<MemberDetail>(await setRole(member.id, ROLE_ADMIN));
    });
    expect(view).toMatchObject({ roleCode: 'ADMIN', roleName: '관리자' });
    expect(granted.map((r) => [r.action, r.subjectType, r.subject])).toEqual([
      ['ADMIN_GRANT', 'member', `회원 #${member.id} (${member.userKeyCode})`],
      ['MEMBER_ROLE_CHANGE', 'member', `회원 #${member.id} (${member.userKeyCode})`],
    ]);
    expect(granted[1]!.detail).toEqual({ from: 'MEMBER', to: 'ADMIN' });
    expect((await list('page=1', t.auth(token))).statusCode).toBe(200);

    const revoked = await recorded(t.db, () => setRole(member.id, 'MEMBER'));
    expect(revoked.map((r) => r.action)).toEqual(['ADMIN_REVOKE', 'MEMBER_ROLE_CHANGE']);
    expectRefusalMessage(await list('page=1', t.auth(token)), 403);
    // A change that neither gives nor takes admin rights writes only the change.
    const same = await recorded(t.db, () => setRole(member.id, 'GUEST'));
    expect(same.map((r) => r.action)).toEqual(['MEMBER_ROLE_CHANGE']);
  });

  it('refuses an unknown role, self-demotion and touching the system admin, changing nothing', async () => {
    const member = await createMember(t.db);
    const second = await makeAdmin();
    const records = await recorded(t.db, async () => {
      expectRefusalMessage(await setRole(member.id, 'NO_SUCH_ROLE'), 400, memberMessages.unknownRole);
      expectRefusalMessage(await setRole(member.id, ''), 400);
      expectRefusalMessage(await setRole(second.member.id, 'MEMBER', second.headers), 403, memberMessages.selfAdminRemoval);
      expectRefusalMessage(await setRole(t.users.admin, 'MEMBER', second.headers), 403, memberMessages.systemAdminProtected);
      expectRefusalMessage(await setRole(t.users.admin, 'MEMBER'), 403, memberMessages.systemAdminProtected);
    });
    expect(records).toEqual([]);
    const rows = await t.db.select({ id: appUser.id, roleCode: appUser.roleCode }).from(appUser).where(sql`${appUser.id} IN (${member.id}, ${second.member.id}, ${t.users.admin})`);
    expect(Object.fromEntries(rows.map((r) => [r.id, r.roleCode]))).toEqual({ [member.id]: 'MEMBER', [second.member.id]: 'ADMIN', [t.users.admin]: 'ADMIN' });
    // Another admin may take that second admin's rights away.
    expect((await setRole(second.member.id, 'MEMBER')).statusCode).toBe(200);
  });
});

describe('rights only the system admin gives (issue 25)', () => {
  it('an administrator by role cannot make a member an administrator, nor give rights they lack; taking rights away stays theirs', async () => {
    const second = await makeAdmin();
    const member = await createMember(t.db, { name: '승격시도' });
    await t.db.insert(role).values([
      { roleCode: 'PRIVACY_OFFICER', name: '개인정보 보호책임자', permissions: ['MEMBER_Access', 'PRIVACY_AUDIT'] },
      { roleCode: 'STATS_READER', name: '통계 열람', permissions: ['MEMBER_Access', STATS_VIEW_PERMISSION] },
    ]).onConflictDoNothing();
    const roleOf = async (id: number) => (await t.db.select({ roleCode: appUser.roleCode }).from(appUser).where(eq(appUser.id, id)))[0]!.roleCode;
    const refused = await recorded(t.db, async () => {
      expectRefusalMessage(await setRole(member.id, ROLE_ADMIN, second.headers), 403, memberMessages.grantBySystemAdminOnly);
      expectRefusalMessage(await setRole(member.id, 'PRIVACY_OFFICER', second.headers), 403, memberMessages.grantBySystemAdminOnly);
    });
    expect(refused).toEqual([]);
    expect(await roleOf(member.id)).toBe('MEMBER');
    // A right the acting administrator holds (STATS_View is in ADMIN) is theirs to give.
    expect((await setRole(member.id, 'STATS_READER', second.headers)).statusCode).toBe(200);
    // The system admin gives both, each recorded.
    const granted = await recorded(t.db, async () => {
      expect((await setRole(member.id, 'PRIVACY_OFFICER')).statusCode).toBe(200);
      expect((await setRole(member.id, ROLE_ADMIN)).statusCode).toBe(200);
    });
    expect(granted.map((r) => r.action)).toEqual(['MEMBER_ROLE_CHANGE', 'ADMIN_GRANT', 'MEMBER_ROLE_CHANGE']);
    // Taking a peer's admin rights away stays every administrator's, recorded as ADMIN_REVOKE.
    const revoked = await recorded(t.db, () => setRole(member.id, 'MEMBER', second.headers));
    expect(revoked.map((r) => r.action)).toEqual(['ADMIN_REVOKE', 'MEMBER_ROLE_CHANGE']);
  });
});

describe('lock and unlock', () => {
  it('a locked member cannot sign in (NOT_ACCEPTABLE) and loses the open session; unlock restores sign-in', async () => {
    const member = await createMember(t.db);
    const pair = await signIn(t, member.userKeyCode, member.password);
    const locked = await recorded(t.db, async () => {
      expect(data<MemberDetail>(await act(member.id, 'lock')).status).toBe('LOCKED');
    });
    expect(locked.map((r) => r.action)).toEqual(['MEMBER_LOCK']);
    const refused = await signinRequest(t, member.userKeyCode, member.password);
    expect(refused.statusCode).toBe(403);
    expect(body(refused)).toEqual({ code: 'NOT_ACCEPTABLE', message: '로그인에 실패했습니다. 관리자에게 문의해주세요.' });
    expectRefusalMessage(await me(member.id, pair.accessToken), 401, accountMessages.sessionExpired);
    expectRefusalMessage(await act(member.id, 'lock'), 400, memberMessages.alreadyLocked);

    const unlocked = await recorded(t.db, async () => {
      expect(data<MemberDetail>(await act(member.id, 'unlock')).status).toBe('ACTIVE');
    });
    expect(unlocked.map((r) => r.action)).toEqual(['MEMBER_UNLOCK']);
    expect((await signinRequest(t, member.userKeyCode, member.password)).statusCode).toBe(200);
    expectRefusalMessage(await act(member.id, 'unlock'), 400, memberMessages.notLocked);
  });

  it('nobody locks the system admin or themselves', async () => {
    const second = await makeAdmin();
    const records = await recorded(t.db, async () => {
      expectRefusalMessage(await act(t.users.admin, 'lock', {}, second.headers), 403, memberMessages.systemAdminProtected);
      expectRefusalMessage(await act(second.member.id, 'lock', {}, second.headers), 403, memberMessages.selfAction);
      expectRefusalMessage(await act(t.users.admin, 'lock'), 403, memberMessages.systemAdminProtected);
    });
    expect(records).toEqual([]);
  });
});

describe('POST .../clear-lockout', () => {
  it('lifts the lock of five wrong passwords at once', async () => {
    const member = await createMember(t.db);
    for (let i = 0; i < 5; i++) await signinRequest(t, member.userKeyCode, 'wrong!pass1');
    expectRefusalMessage(await signinRequest(t, member.userKeyCode, member.password), 403, accountMessages.accountLocked);
    const before = data<MemberDetail>(await detail(member.id));
    expect(before.lockedUntil).toBe('2026-11-23T10:10:00+09:00');
    const records = await recorded(t.db, async () => {
      const after = data<MemberDetail>(await act(member.id, 'clear-lockout'));
      expect(after).toMatchObject({ failedSigninCount: 0, lockedUntil: null });
    });
    expect(records.map((r) => [r.action, r.detail])).toEqual([['MEMBER_LOCKOUT_CLEAR', { failedSigninCount: 0, lockedUntil: '2026-11-23T10:10:00+09:00' }]]);
    expect((await signinRequest(t, member.userKeyCode, member.password)).statusCode).toBe(200);
  });
});

describe('POST .../sign-out (everywhere)', () => {
  it('kills the member\'s current access token at the next request and every refresh token', async () => {
    const member = await createMember(t.db);
    const phone = await signIn(t, member.userKeyCode, member.password);
    clock.advance(2 * MINUTE);
    const laptop = await signIn(t, member.userKeyCode, member.password);
    expect((await me(member.id, laptop.accessToken)).statusCode).toBe(200);

    const records = await recorded(t.db, () => act(member.id, 'sign-out'));
    expect(records.map((r) => r.action)).toEqual(['MEMBER_SIGN_OUT']);
    for (const pair of [phone, laptop]) {
      expectRefusalMessage(await me(member.id, pair.accessToken), 401, accountMessages.sessionExpired);
      expectRefusalMessage(await refresh(pair.refreshToken), 401, accountMessages.sessionExpired);
    }
    const live = await t.db.select().from(refreshToken).where(and(eq(refreshToken.userId, member.id), sql`${refreshToken.revokedAt} IS NULL`));
    expect(live).toEqual([]);
    const [row] = await t.db.select({ at: appUser.sessionsRevokedAt }).from(appUser).where(eq(appUser.id, member.id));
    expect(row!.at).toEqual(clock.now());

    // The member signs in again within the same second (tokens carry whole seconds) and carries on.
    const again = await signIn(t, member.userKeyCode, member.password);
    expect((await me(member.id, again.accessToken)).statusCode).toBe(200);
    expect((await refresh(again.refreshToken)).statusCode).toBe(200);
  });

  it('only the system admin ends the system admin\'s sign-ins', async () => {
    const second = await makeAdmin();
    expectRefusalMessage(await act(t.users.admin, 'sign-out', {}, second.headers), 403, memberMessages.systemAdminSignOut);
  });
});

describe('POST .../retire', () => {
  it('erases the personal fields as a member\'s own retirement does, with the reason recorded', async () => {
    const member = await createMember(t.db, { name: '떠날이', userKeyCode: 'leave.me@example.com', email: 'leave.me@example.com', mobile: '010-1111-9999', profile: { organization: '병원' } });
    const pair: TokenPair = await signIn(t, member.userKeyCode, member.password, 'EMAIL');
    expectRefusalMessage(await act(member.id, 'retire', {}), 400, '사유를 입력해주세요.');
    expectRefusalMessage(await act(member.id, 'retire', { reason: '   ' }), 400, '사유를 입력해주세요.');
    let view!: MemberDetail;
    const records = await recorded(t.db, async () => {
      view = data<MemberDetail>(await act(member.id, 'retire', { reason: '본인 요청(전화)' }));
    });
    expect(view).toMatchObject({ status: 'RETIRED', name: '탈퇴한 회원', email: null, mobile: null, profile: [], retiredDate: toKstIso(clock.now()) });
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ action: 'MEMBER_RETIRE', reason: '본인 요청(전화)', subject: `회원 #${member.id} (lea*****@example.com)` });
    const [row] = await t.db.select().from(appUser).where(eq(appUser.id, member.id));
    expect(row).toMatchObject({
      status: 'RETIRED',
      userKeyCode: `retired:${member.id}`,
      name: accountMessages.retiredMemberName,
      email: null,
      mobile: null,
      profile: {},
      passwordHash: '',
      retireReason: '관리자 처리: 본인 요청(전화)',
    });
    expectRefusalMessage(await me(member.id, pair.accessToken), 401);
    expectRefusalMessage(await refresh(pair.refreshToken), 401);
    expect((await signinRequest(t, 'leave.me@example.com', member.password, 'EMAIL')).statusCode).toBe(404);
    // Nothing more can be done to a retired member; the record stays readable.
    expectRefusalMessage(await act(member.id, 'lock'), 400, memberMessages.retired);
    expectRefusalMessage(await act(member.id, 'retire', { reason: '다시' }), 400, memberMessages.retired);
    expect((await detail(member.id)).statusCode).toBe(200);
  });

  it('nobody retires the system admin or themselves', async () => {
    const second = await makeAdmin();
    expectRefusalMessage(await act(t.users.admin, 'retire', { reason: '정리' }, second.headers), 403, memberMessages.systemAdminProtected);
    expectRefusalMessage(await act(second.member.id, 'retire', { reason: '정리' }, second.headers), 403, memberMessages.selfAction);
  });
});

describe('another administrator', () => {
  it('is locked or retired by the system admin only: an administrator by role cannot shut out or erase a peer', async () => {
    const second = await makeAdmin();
    const peer = await makeAdmin();
    const peerRow = () => t.db.select().from(appUser).where(eq(appUser.id, peer.member.id));
    const before = await peerRow();
    const records = await recorded(t.db, async () => {
      expectRefusalMessage(await act(peer.member.id, 'lock', {}, second.headers), 403, memberMessages.peerAdminProtected);
      expectRefusalMessage(await act(peer.member.id, 'retire', { reason: '정리' }, second.headers), 403, memberMessages.peerAdminProtected);
    });
    expect(records).toEqual([]);
    expect(await peerRow()).toEqual(before);
    // Ending a peer's sign-ins stays every administrator's (a stolen session is stopped at once), and
    // the system admin locks a peer.
    expect((await act(peer.member.id, 'sign-out', {}, second.headers)).statusCode).toBe(200);
    const locked = await act(peer.member.id, 'lock');
    expect(locked.statusCode, locked.body).toBe(200);
    expect(data<{ status: string }>(locked).status).toBe('LOCKED');
    // Unlocking is any administrator's.
    expect((await act(peer.member.id, 'unlock', {}, second.headers)).statusCode).toBe(200);
  });
});

describe('POST /api/admin/users/export-data', () => {
  async function sheetRows(bytes: Buffer): Promise<string[][]> {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const rows: string[][] = [];
    workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => (v == null ? '' : String(v)))));
    return rows;
  }

  it('needs a reason, and then answers the filtered list without addresses, recorded once', async () => {
    await createMember(t.db, { name: '엑셀가', userKeyCode: 'xls-member', email: 'xls.a@example.com', mobile: '010-5555-6666', createdAt: new Date('2024-06-01T03:00:00Z') });
    await createMember(t.db, { name: '=수식', userKeyCode: 'xls-formula', email: 'xls.b@example.com', createdAt: new Date('2024-06-02T03:00:00Z') });
    const filter = { joinedFrom: '2024-06-01', joinedTo: '2024-06-30' };
    const none = await recorded(t.db, async () => {
      expectRefusalMessage(await call('POST', '/api/admin/users/export-data', admin, filter), 400, '사유를 입력해주세요.');
      expectRefusalMessage(await call('POST', '/api/admin/users/export-data', admin, { ...filter, reason: ' ' }), 400, '사유를 입력해주세요.');
    });
    expect(none).toEqual([]);

    let res!: Awaited<ReturnType<typeof call>>;
    const records = await recorded(t.db, async () => {
      res = await call('POST', '/api/admin/users/export-data', admin, { ...filter, reason: '연간 회원 현황 보고' });
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(String(res.headers['content-disposition'])).toContain(encodeURIComponent('회원목록_2026-11-23.xlsx'));
    const rows = await sheetRows(res.rawPayload);
    expect(rows[0]).toEqual(['회원번호', '아이디', '이름', '권한', '상태', '가입일', '탈퇴일']);
    expect(rows.slice(1).map((r) => r.slice(1, 6))).toEqual([
      ['xls-formula', "'=수식", '일반회원', '정상', '2024-06-02T12:00:00+09:00'],
      ['xls-member', '엑셀가', '일반회원', '정상', '2024-06-01T12:00:00+09:00'],
    ]);
    expect(JSON.stringify(rows)).not.toMatch(/xls\.a@|5555/);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ action: 'MEMBER_EXPORT', reason: '연간 회원 현황 보고', rowCount: 2, subject: '가입일 2024-06-01~2024-06-30' });
  });
});

describe('signin_failure rows', () => {
  it('one per failed sign-in: unknown key, wrong password, the failure that locks, a locked-out try, a blocked account', async () => {
    const since = clock.now();
    clock.advance(MINUTE);
    const member = await createMember(t.db);
    const blocked = await createMember(t.db, { status: 'LOCKED' });
    await signinRequest(t, 'nobody-at-all', 'whatever1!');
    for (let i = 0; i < 5; i++) await signinRequest(t, member.userKeyCode, 'wrong!pass1');
    // The right password during the lockout fails too.
    await signinRequest(t, member.userKeyCode, member.password);
    await signinRequest(t, blocked.userKeyCode, blocked.password);
    await signinRequest(t, TEST_ADMIN_ID, 'not-the-password1!');
    const rows = await t.db.select().from(signinFailure).where(gt(signinFailure.at, since)).orderBy(asc(signinFailure.id));
    expect(rows.map((r) => [r.userId, r.userKeyCode, r.locked])).toEqual([
      [null, 'nobody-at-all', false],
      [member.id, member.userKeyCode, false],
      [member.id, member.userKeyCode, false],
      [member.id, member.userKeyCode, false],
      [member.id, member.userKeyCode, false],
      [member.id, member.userKeyCode, true],
      [member.id, member.userKeyCode, false],
      [blocked.id, blocked.userKeyCode, false],
      [t.users.admin, TEST_ADMIN_ID, false],
    ]);
    expect(rows.every((r) => r.address === '127.0.0.1' && r.at.getTime() === clock.now().getTime())).toBe(true);
    clock.advance(10 * MINUTE);
  });
});

describe('OpenAPI document', () => {
  it('carries the member and role calls with the list filters', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
    };
    const paths = Object.keys(doc.paths);
    for (const path of [
      '/api/admin/users', '/api/admin/users/role-options', '/api/admin/users/export-data', '/api/admin/users/{id}',
      '/api/admin/users/{id}/reveal', '/api/admin/users/{id}/role', '/api/admin/users/{id}/lock', '/api/admin/users/{id}/unlock',
      '/api/admin/users/{id}/clear-lockout', '/api/admin/users/{id}/sign-out', '/api/admin/users/{id}/retire',
      '/api/admin/roles', '/api/admin/roles/{roleCode}',
    ]) {
      expect(paths, path).toContain(path);
    }
    const listParams = doc.paths['/api/admin/users']!.get!.parameters!.filter((p) => p.in === 'query').map((p) => p.name);
    expect(listParams).toEqual(expect.arrayContaining(['page', 'size', 'keyword', 'roleCode', 'status', 'joinedFrom', 'joinedTo']));
  });
});
