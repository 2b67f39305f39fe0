import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages, messages, type BoardItemPage, type UserDetail } from '@contract';
import { sessionToken } from '../../test/tokens';
import { accessRecord, appUser, boardItem, outbox, refreshToken, signinFailure } from '../../db/schema';
import { confirmedKeyToken, setSiteSetting, signIn, signinRequest } from '../../test/accounts';
import { createBoardItem, createMember, type TestMember } from '../../test/factories';
import { ROLE_ADMIN } from '../../seed/base';
import { TEST_ADMIN_PASSWORD } from '../../test/global-setup';
import { body, createTestApp, data, TestClock, type TestApp } from '../../test/harness';
import { expectRefusal } from '../../test/refusals';

let t: TestApp;
const clock = new TestClock(new Date('2026-11-23T01:00:00Z'));
const MINUTE = 60_000;

beforeAll(async () => {
  t = await createTestApp({ clock });
});

afterAll(async () => {
  await t?.close();
});

/** A member with a real password, signed in. */
async function signedIn(overrides: Parameters<typeof createMember>[1] = {}) {
  const member = await createMember(t.db, {
    name: '최회원',
    mobile: '010-2000-3000',
    profile: { organization: '기관', occupation: '의사' },
    ...overrides,
  });
  const session = await signIn(t, member.userKeyCode, member.password);
  return { ...member, session, headers: t.auth(session.accessToken) };
}

/** The harness's tokens were signed at the start; the clock moves, so sign a fresh one. */
const adminHeaders = async () => t.auth(await sessionToken(t.db, t.keys, t.users.admin, clock.now()));

const getUser = (id: number, headers: Record<string, string>) => t.app.inject({ method: 'GET', url: `/api/user/${id}`, headers });
const patchUser = (id: number, headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: 'PATCH', url: `/api/user/${id}`, headers, payload });
const changePassword = (id: number, headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/user/change-password/${id}`, headers, payload });
const changeKey = (id: number, headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/user/change-user-key/${id}`, headers, payload });
const retire = (headers: Record<string, string>, payload: object) => t.app.inject({ method: 'POST', url: '/api/user/retire', headers, payload });

describe('own record only', () => {
  let me: Awaited<ReturnType<typeof signedIn>>;
  let other: TestMember;
  beforeAll(async () => {
    me = await signedIn();
    other = await createMember(t.db);
  });

  it('a member reads their own record', async () => {
    const detail = data<UserDetail>(await getUser(me.id, me.headers));
    expect(detail).toEqual({
      id: me.id,
      userKeyCode: me.userKeyCode,
      name: '최회원',
      userType: 'Member',
      role: { roleCode: 'MEMBER', permissions: ['MEMBER_Access'] },
      email: me.email,
      mobile: '010-2000-3000',
      profile: { organization: '기관', occupation: '의사' },
      createdDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+09:00$/),
    });
    expect(JSON.stringify(detail)).not.toContain('argon2');
  });

  it('a member reaching another member\'s record gets 403; a guest 401', async () => {
    expectRefusal(await getUser(other.id, me.headers), 403, 'FORBIDDEN', messages.forbidden);
    expectRefusal(await patchUser(other.id, me.headers, { name: '침입자' }), 403, 'FORBIDDEN', messages.forbidden);
    expectRefusal(
      await changePassword(other.id, me.headers, { currentPassword: me.password, password: 'new!pass22', passwordConfirm: 'new!pass22' }),
      403, 'FORBIDDEN', messages.forbidden,
    );
    expectRefusal(await changeKey(other.id, me.headers, { userKeyType: 'EMAIL', userKeyCode: 'x@example.com', userKeyToken: 'x', currentPassword: me.password }), 403, 'FORBIDDEN', messages.forbidden);
    expectRefusal(await getUser(me.id, {}), 401, 'UNAUTHORIZED', messages.unauthorized);
    const [row] = await t.db.select({ name: appUser.name }).from(appUser).where(eq(appUser.id, other.id));
    expect(row!.name).not.toBe('침입자');
  });

  it('an administrator reaches any record, and each reach into another member\'s record is an access record', async () => {
    const admin = await adminHeaders();
    const records = async () => t.db.select().from(accessRecord).where(eq(accessRecord.actorId, t.users.admin)).orderBy(accessRecord.id);
    const before = (await records()).length;
    expect(data<UserDetail>(await getUser(other.id, admin)).id).toBe(other.id);
    expect(data<UserDetail>(await patchUser(other.id, admin, { name: '관리수정' })).name).toBe('관리수정');
    expectRefusal(await getUser(999_999, admin), 404, 'NOT_FOUND', messages.notFound);
    const written = (await records()).slice(before);
    expect(written.map((r) => r.action)).toEqual(['MEMBER_REVEAL', 'MEMBER_UPDATE']);
    expect(written[0]!.subject).toContain(`회원 #${other.id}`);
    // Their own record: no access record.
    expect((await getUser(t.users.admin, admin)).statusCode).toBe(200);
    expect(await records()).toHaveLength(before + 2);
  });
});

describe('PATCH /api/user/{id}', () => {
  it('changes the name and extra fields under the sign-up rules', async () => {
    const me = await signedIn();
    const updated = data<UserDetail>(await patchUser(me.id, me.headers, { name: '새이름', profile: { occupation: '간호사', interests: ['인공관절'], bogus: 1 } }));
    expect(updated.name).toBe('새이름');
    expect(updated.profile).toEqual({ organization: '기관', occupation: '간호사', interests: ['인공관절'] });

    expectRefusal(await patchUser(me.id, me.headers, { name: 'Kim' }), 400, 'BAD_REQUEST', accountMessages.userNameFormat);
    expectRefusal(await patchUser(me.id, me.headers, { profile: { organization: '' } }), 400, 'BAD_REQUEST', '소속 기관 항목을 확인바랍니다.');
    expectRefusal(await patchUser(me.id, me.headers, { profile: { occupation: '우주비행사' } }), 400, 'BAD_REQUEST', '직역 항목을 확인바랍니다.');
    // Clearing an optional field removes it.
    expect(data<UserDetail>(await patchUser(me.id, me.headers, { profile: { interests: [] } })).profile).toEqual({ organization: '기관', occupation: '간호사' });
  });
});

describe('POST /api/user/change-password/{id}', () => {
  it('needs the current password, follows the password rules and ends every sign-in', async () => {
    const me = await signedIn();
    const second = await signIn(t, me.userKeyCode, me.password);
    const change = (payload: object) => changePassword(me.id, me.headers, payload);
    expectRefusal(await change({ currentPassword: 'wrong!pass1', password: 'new!pass22', passwordConfirm: 'new!pass22' }), 400, 'BAD_REQUEST', accountMessages.currentPasswordWrong);
    expectRefusal(await change({ currentPassword: me.password, password: 'nospecial1', passwordConfirm: 'nospecial1' }), 400, 'BAD_REQUEST', accountMessages.passwordFormat);
    expectRefusal(await change({ currentPassword: me.password, password: 'new!pass22', passwordConfirm: 'new!pass23' }), 400, 'BAD_REQUEST', accountMessages.passwordMismatch);
    expect(body(await change({ currentPassword: me.password, password: 'new!pass22', passwordConfirm: 'new!pass22' }))).toEqual({ code: 'SUCCESS', data: {} });

    for (const token of [me.session.refreshToken, second.refreshToken]) {
      expectRefusal(await t.app.inject({ method: 'POST', url: '/api/user/signin-by-refresh-token', payload: { refreshToken: token } }), 401, 'UNAUTHORIZED', accountMessages.sessionExpired);
    }
    expectRefusal(await signinRequest(t, me.userKeyCode, me.password), 401, 'INVALID_CREDENTIAL', messages.loginInvalidCredential);
    expect((await signinRequest(t, me.userKeyCode, 'new!pass22')).statusCode).toBe(200);
  });

  it('counts a wrong current password with wrong sign-ins: a right one clears the count, the fifth wrong in a row locks both', async () => {
    const me = await signedIn();
    // A key change asks for the password before anything else; 'not-an-address' is refused after it.
    const check = (currentPassword: string) => changeKey(me.id, me.headers, { userKeyType: 'EMAIL', userKeyCode: 'not-an-address', userKeyToken: 'x', currentPassword });
    const passed = (res: { statusCode: number; body: string }) => {
      expect(res.statusCode, res.body).toBe(400);
      expect(body(res).message).not.toBe(accountMessages.currentPasswordWrong);
    };
    for (let i = 1; i <= 4; i++) expectRefusal(await check('wrong!pass1'), 400, 'BAD_REQUEST', accountMessages.currentPasswordWrong);
    passed(await check(me.password)); // clears the count as a sign-in would
    for (let i = 1; i <= 4; i++) expectRefusal(await signinRequest(t, me.userKeyCode, 'wrong!pass1'), 401, 'INVALID_CREDENTIAL', messages.loginInvalidCredential);
    expectRefusal(await check('wrong!pass1'), 403, 'NOT_ACCEPTABLE', accountMessages.accountLocked);
    // Locked for ten minutes: sign-in and every re-authentication, even with the right password.
    expectRefusal(await check(me.password), 403, 'NOT_ACCEPTABLE', accountMessages.accountLocked);
    expectRefusal(await changePassword(me.id, me.headers, { currentPassword: me.password, password: 'new!pass22', passwordConfirm: 'new!pass22' }), 403, 'NOT_ACCEPTABLE', accountMessages.accountLocked);
    expectRefusal(await retire(me.headers, { password: me.password }), 403, 'NOT_ACCEPTABLE', accountMessages.accountLocked);
    expectRefusal(await signinRequest(t, me.userKeyCode, me.password), 403, 'NOT_ACCEPTABLE', accountMessages.accountLocked);
    clock.advance(10 * MINUTE);
    passed(await check(me.password));
  });

  it('an administrator sets a member\'s password with their own password', async () => {
    const member = await signedIn();
    const admin = await adminHeaders();
    expectRefusal(
      await changePassword(member.id, admin, { currentPassword: member.password, password: 'adm!set22', passwordConfirm: 'adm!set22' }),
      400, 'BAD_REQUEST', accountMessages.currentPasswordWrong,
    );
    expect((await changePassword(member.id, admin, { currentPassword: TEST_ADMIN_PASSWORD, password: 'adm!set22', passwordConfirm: 'adm!set22' })).statusCode).toBe(200);
    expect((await signinRequest(t, member.userKeyCode, 'adm!set22')).statusCode).toBe(200);
  });
});

describe("another administrator's account", () => {
  it('is changed by the system administrator, not by an administrator by role: one could sign in as a peer, whom the access records would name', async () => {
    const peer = await signedIn({ roleCode: ROLE_ADMIN });
    const staff = await signedIn({ roleCode: ROLE_ADMIN });
    const token = await confirmedKeyToken(t, 'EMAIL', 'peer-takeover@example.com', 'CHANGE_KEY');
    const peerRow = () => t.db.select().from(appUser).where(eq(appUser.id, peer.id));
    const before = await peerRow();
    // Reading stays open to administrators (the console shows the record).
    expect((await getUser(peer.id, staff.headers)).statusCode).toBe(200);
    const tries = [
      await patchUser(peer.id, staff.headers, { name: '바뀐이름' }),
      await changePassword(peer.id, staff.headers, { currentPassword: staff.password, password: 'peer!set22', passwordConfirm: 'peer!set22' }),
      await changeKey(peer.id, staff.headers, { userKeyType: 'EMAIL', userKeyCode: 'peer-takeover@example.com', userKeyToken: token, currentPassword: staff.password }),
    ];
    for (const res of tries) {
      expect(res.statusCode, res.body).toBe(403);
      expect(body(res).code).toBe('FORBIDDEN');
    }
    expect(await peerRow()).toEqual(before);
    expect((await signinRequest(t, peer.userKeyCode, peer.password)).statusCode).toBe(200);

    // Their own accounts stay theirs, and the system administrator can set a peer's password.
    expect((await patchUser(staff.id, staff.headers, { name: '본인수정' })).statusCode).toBe(200);
    const bySystem = await changePassword(peer.id, await adminHeaders(), { currentPassword: TEST_ADMIN_PASSWORD, password: 'peer!set22', passwordConfirm: 'peer!set22' });
    expect(bySystem.statusCode, bySystem.body).toBe(200);
    expect((await signinRequest(t, peer.userKeyCode, 'peer!set22')).statusCode).toBe(200);
  });
});

describe('POST /api/user/change-user-key/{id}', () => {
  it('changes the e-mail address with a confirmed CHANGE_KEY token for exactly that address', async () => {
    const me = await signedIn();
    const change = (payload: object) => changeKey(me.id, me.headers, payload);
    const token = await confirmedKeyToken(t, 'EMAIL', 'changed@example.com', 'CHANGE_KEY');
    expectRefusal(await change({ userKeyType: 'EMAIL', userKeyCode: 'different@example.com', userKeyToken: token, currentPassword: me.password }), 400, 'BAD_REQUEST', accountMessages.emailTokenMissing);
    const signupToken = await confirmedKeyToken(t, 'EMAIL', 'signup-only@example.com');
    expectRefusal(await change({ userKeyType: 'EMAIL', userKeyCode: 'signup-only@example.com', userKeyToken: signupToken, currentPassword: me.password }), 400, 'BAD_REQUEST', accountMessages.emailTokenMissing);
    const updated = data<UserDetail>(await change({ userKeyType: 'EMAIL', userKeyCode: 'Changed@example.com', userKeyToken: token, currentPassword: me.password }));
    expect(updated.email).toBe('changed@example.com');
    expect(updated.userKeyCode).toBe(me.userKeyCode);
    // Once only.
    expectRefusal(await changeKey(me.id, me.headers, { userKeyType: 'EMAIL', userKeyCode: 'changed@example.com', userKeyToken: token, currentPassword: me.password }), 409, 'CONFLICT', '이미 사용 중인 이메일입니다.');
  });

  it('asks for the member\'s own password first: a wrong one changes nothing and says nothing of the new address', async () => {
    const me = await signedIn();
    const other = await createMember(t.db, { email: 'taken-quietly@example.com' });
    const token = await confirmedKeyToken(t, 'EMAIL', 'mine-later@example.com', 'CHANGE_KEY');
    const wrong = { userKeyType: 'EMAIL', userKeyToken: token, currentPassword: 'wrong!pass1' };
    expectRefusal(await changeKey(me.id, me.headers, { ...wrong, userKeyCode: 'mine-later@example.com' }), 400, 'BAD_REQUEST', accountMessages.currentPasswordWrong);
    // A taken address is not revealed to someone without the password.
    expectRefusal(await changeKey(me.id, me.headers, { ...wrong, userKeyCode: other.email! }), 400, 'BAD_REQUEST', accountMessages.currentPasswordWrong);
    const missing = await changeKey(me.id, me.headers, { userKeyType: 'EMAIL', userKeyCode: 'mine-later@example.com', userKeyToken: token });
    expect(missing.statusCode).toBe(400);
    // The field is named beside the sentence, never inside it (issue 23).
    expect(body<{ message: string; field: string }>(missing)).toEqual({ code: 'BAD_REQUEST', message: '값을 입력해주세요.', field: 'currentPassword' });
    // The confirmed token was not spent: with the password the change goes through.
    const updated = data<UserDetail>(await changeKey(me.id, me.headers, { userKeyType: 'EMAIL', userKeyCode: 'mine-later@example.com', userKeyToken: token, currentPassword: me.password }));
    expect(updated.email).toBe('mine-later@example.com');
  });

  it('refuses an address another account uses', async () => {
    const me = await signedIn();
    const other = await createMember(t.db, { email: 'in-use@example.com' });
    const token = await confirmedKeyToken(t, 'EMAIL', 'in-use@example.com', 'FIND_ID');
    expectRefusal(await changeKey(me.id, me.headers, { userKeyType: 'EMAIL', userKeyCode: other.email!, userKeyToken: token, currentPassword: me.password }), 409, 'CONFLICT', '이미 사용 중인 이메일입니다.');
  });

  it('changes the mobile number by SMS; where it is the sign-in key, the key follows', async () => {
    await setSiteSetting(t, 'authType', 'MobileAndPassword');
    try {
      const me = await signedIn({ userKeyCode: '010-6000-0001', mobile: '010-6000-0001' });
      const expired = await confirmedKeyToken(t, 'MOBILE', '010-6000-0003', 'CHANGE_KEY');
      clock.advance(30 * MINUTE);
      expectRefusal(await changeKey(me.id, t.auth(await freshAccess(me)), { userKeyType: 'MOBILE', userKeyCode: '010-6000-0003', userKeyToken: expired, currentPassword: me.password }), 400, 'BAD_REQUEST', accountMessages.keyTokenInvalid);
      const fresh = await confirmedKeyToken(t, 'MOBILE', '010-6000-0002', 'CHANGE_KEY');
      const updated = data<UserDetail>(await changeKey(me.id, t.auth(await freshAccess(me)), { userKeyType: 'MOBILE', userKeyCode: '010-6000-0002', userKeyToken: fresh, currentPassword: me.password }));
      expect(updated).toMatchObject({ mobile: '010-6000-0002', userKeyCode: '010-6000-0002' });
      expect((await signinRequest(t, '010-6000-0002', me.password, 'MOBILE')).statusCode).toBe(200);
    } finally {
      await setSiteSetting(t, 'authType', 'IdAndPassword');
    }
  });
});

async function freshAccess(member: { userKeyCode: string; password: string }): Promise<string> {
  return (await signIn(t, member.userKeyCode, member.password)).accessToken;
}

describe('POST /api/user/retire', () => {
  it('erases personal fields at once, keeps the ID reserved, and shows 탈퇴한 회원 on the member\'s posts', async () => {
    const me = await signedIn({ userKeyCode: 'leaver01', name: '떠날이', email: 'leaver@example.com' });
    await confirmedKeyToken(t, 'EMAIL', 'leaver@example.com', 'FIND_ID');
    await createBoardItem(t.db, { boardCode: 'notice', title: '떠나는 회원의 글', writerId: me.id, writerName: '떠날이' });

    expectRefusal(await retire(me.headers, { password: 'wrong!pass1' }), 400, 'BAD_REQUEST', accountMessages.currentPasswordWrong);
    // A failed sign-in keeps the key typed (often an address): it goes with the member.
    expectRefusal(await signinRequest(t, 'leaver01', 'wrong!pass1'), 401, 'INVALID_CREDENTIAL', messages.loginInvalidCredential);
    expect(await t.db.select().from(signinFailure).where(eq(signinFailure.userId, me.id))).toHaveLength(1);
    const res = await retire(me.headers, { password: me.password, reason: '이용하지 않음' });
    expect(body(res)).toEqual({ code: 'SUCCESS', message: '회원 탈퇴가 완료되었습니다.', data: {} });

    const [row] = await t.db.select().from(appUser).where(eq(appUser.id, me.id));
    expect(row).toMatchObject({
      status: 'RETIRED',
      userKeyCode: 'leaver01',
      name: '탈퇴한 회원',
      email: null,
      mobile: null,
      profile: {},
      passwordHash: '',
      retireReason: '이용하지 않음',
      retiredAt: clock.now(),
    });
    expect(await t.db.select().from(outbox).where(eq(outbox.recipient, 'leaver@example.com'))).toEqual([]);
    expect(await t.db.select().from(signinFailure).where(eq(signinFailure.userId, me.id))).toEqual([]);

    // Cannot sign in; every sign-in has ended.
    expectRefusal(await signinRequest(t, 'leaver01', me.password), 403, 'NOT_ACCEPTABLE', messages.loginNotAcceptable);
    expectRefusal(await getUser(me.id, me.headers), 401, 'UNAUTHORIZED', accountMessages.sessionExpired);
    const tokens = await t.db.select().from(refreshToken).where(eq(refreshToken.userId, me.id));
    expect(tokens.every((r) => r.revokedAt !== null)).toBe(true);
    expect((await t.app.inject({ method: 'POST', url: '/api/user/signin-by-refresh-token', payload: { refreshToken: me.session.refreshToken } })).statusCode).toBe(401);

    // The ID stays reserved.
    const exists = await t.app.inject({ method: 'POST', url: '/api/user-key/check-exists', payload: { userKeyType: 'ID', userKeyCode: 'leaver01' } });
    expect(data(exists)).toEqual({ exists: true });

    // Posts remain, written by 탈퇴한 회원, and search finds them by that name only.
    const [post] = await t.db.select({ writerName: boardItem.writerName }).from(boardItem).where(eq(boardItem.writerId, me.id));
    expect(post!.writerName).toBe('탈퇴한 회원');
    const byWriter = async (keyword: string) =>
      data<BoardItemPage>(
        await t.app.inject({ method: 'GET', url: `/api/board-item?boardCode=notice&searchType=writer&keyword=${encodeURIComponent(keyword)}` }),
      ).content;
    const byNew = await byWriter('탈퇴한');
    expect(byNew.map((i) => [i.title, i.writerName])).toContainEqual(['떠나는 회원의 글', '탈퇴한 회원']);
    const byOld = await byWriter('떠날이');
    expect(byOld).toEqual([]);
  });

  it('frees an e-mail key (personal data) and leaves find-ID without the account', async () => {
    await setSiteSetting(t, 'authType', 'EmailAndPassword');
    try {
      const me = await signedIn({ userKeyCode: 'mail-key@example.com', email: 'mail-key@example.com' });
      expect((await retire(me.headers, { password: me.password })).statusCode).toBe(200);
      const [row] = await t.db.select({ userKeyCode: appUser.userKeyCode }).from(appUser).where(eq(appUser.id, me.id));
      expect(row!.userKeyCode).toBe(`retired:${me.id}`);
      const exists = await t.app.inject({ method: 'POST', url: '/api/user-key/check-exists', payload: { userKeyType: 'EMAIL', userKeyCode: 'mail-key@example.com' } });
      expect(data(exists)).toEqual({ exists: false });
      const token = await confirmedKeyToken(t, 'EMAIL', 'mail-key@example.com', 'FIND_ID');
      expect(data(await t.app.inject({ method: 'POST', url: '/api/user/find-id', payload: { userKeyToken: token, currentPassword: me.password } }))).toEqual({ idList: [], sentTo: null });
    } finally {
      await setSiteSetting(t, 'authType', 'IdAndPassword');
    }
  });

  it('a guest is asked to sign in; the system administrator cannot retire', async () => {
    expectRefusal(await retire({}, { password: 'x' }), 401, 'UNAUTHORIZED', messages.unauthorized);
    expectRefusal(await retire(await adminHeaders(), { password: TEST_ADMIN_PASSWORD }), 403, 'FORBIDDEN', messages.forbidden);
  });
});
