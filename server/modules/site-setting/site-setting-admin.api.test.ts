import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  accountMessages, siteSettingMessages as m, type AdminSiteSetting, type SiteAuthentication, type SiteInfo, type UserProfileField,
} from '@contract';
import { sessionToken } from '../../test/tokens';
import { accessRecord, appUser, role, siteSetting } from '../../db/schema';
import { seedSettings } from '../../seed/base';
import { confirmedKeyToken, signinRequest } from '../../test/accounts';
import { createMember } from '../../test/factories';
import { TEST_ADMIN_ID, TEST_ADMIN_PASSWORD } from '../../test/global-setup';
import { body, createTestApp, data, openSecondInstance, type TestApp } from '../../test/harness';
import { expectRefusal } from '../../test/refusals';

let t: TestApp;
/** An administrator by role (ADMIN_Access) who is not the system administrator (userType Admin). */
let staffToken: string;

beforeAll(async () => {
  t = await createTestApp();
  const staff = await createMember(t.db, { roleCode: 'ADMIN' });
  staffToken = await sessionToken(t.db, t.keys, staff.id, t.app.deps.clock.now());
});

afterAll(async () => {
  await t?.close();
});

afterEach(async () => {
  // Every test starts from the seeded settings.
  for (const [key, value] of Object.entries(seedSettings)) {
    await t.db.update(siteSetting).set({ value }).where(eq(siteSetting.key, key));
  }
  await t.app.deps.boardCaching.settingsChanged();
});

/** As the system administrator, or as `token` (null: a guest). */
const patch = (payload: object, token: string | null = t.tokens.admin) =>
  t.app.inject({ method: 'PATCH', url: '/api/site-setting', payload, headers: t.auth(token ?? undefined) });
const authentication = async () => data<SiteAuthentication>(await t.app.inject({ method: 'GET', url: '/api/site-setting/authentication' }));
const info = async () => data<SiteInfo>(await t.app.inject({ method: 'GET', url: '/api/site-setting/info' }));


describe('who may change the settings', () => {
  it('a guest gets 401, a member 403, an admin who is not the system admin 403; nothing changes', async () => {
    for (const url of ['/api/admin/site-setting']) {
      expectRefusal(await t.app.inject({ method: 'GET', url }), 401, 'UNAUTHORIZED');
      expectRefusal(await t.app.inject({ method: 'GET', url, headers: t.auth(t.tokens.member) }), 403, 'FORBIDDEN', '관리자만 이용할 수 있습니다.');
      expectRefusal(await t.app.inject({ method: 'GET', url, headers: t.auth(staffToken) }), 403, 'FORBIDDEN', '시스템 관리자만 이용할 수 있습니다.');
    }
    expectRefusal(await patch({ siteName: '바뀐 이름' }, null), 401, 'UNAUTHORIZED');
    expectRefusal(await patch({ siteName: '바뀐 이름' }, t.tokens.member), 403, 'FORBIDDEN');
    expectRefusal(await patch({ siteName: '바뀐 이름' }, staffToken), 403, 'FORBIDDEN', '시스템 관리자만 이용할 수 있습니다.');
    expect((await info()).siteName).toBe(seedSettings.siteName);
  });

  it('the system admin reads the stored settings and the roles the guest role may be', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/site-setting', headers: t.auth(t.tokens.admin) });
    const got = data<AdminSiteSetting>(res);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(got.settings).toEqual(seedSettings);
    expect(got.roles).toEqual(
      expect.arrayContaining([
        { roleCode: 'GUEST', name: '비회원', admin: false },
        { roleCode: 'ADMIN', name: '관리자', admin: true },
      ]),
    );
  });
});

describe('PATCH /api/site-setting takes effect on the next request', () => {
  it('the site facts show at once on /info, on this instance and on another one', async () => {
    const other = await openSecondInstance(t);
    try {
      // The other instance has read (and cached) the settings before the change.
      expect(data<SiteInfo>(await other.app.inject({ method: 'GET', url: '/api/site-setting/info' })).phone).toBe(seedSettings.phone);
      const res = await patch({ phone: '02-1234-5678', siteName: '새 누리집', privacyOfficer: { ...seedSettings.privacyOfficer, name: '이보호' } });
      expect(res.statusCode, res.body).toBe(200);
      expect(body(res)).toMatchObject({ code: 'SUCCESS', message: m.saved, data: { phone: '02-1234-5678', siteName: '새 누리집' } });
      expect(await info()).toMatchObject({ phone: '02-1234-5678', siteName: '새 누리집', operator: seedSettings.operator, privacyOfficer: { name: '이보호' } });
      // NOTIFY reaches the other instance's LISTEN connection: poll briefly for its settings cache to drop.
      await expect
        .poll(async () => data<SiteInfo>(await other.app.inject({ method: 'GET', url: '/api/site-setting/info' })).phone, { timeout: 4000 })
        .toBe('02-1234-5678');
    } finally {
      await other.close();
    }
  });

  it('writes nothing to the access records (settings are not personal data)', async () => {
    const before = (await t.db.select({ id: accessRecord.id }).from(accessRecord)).length;
    expect((await patch({ useCapcha: true })).statusCode).toBe(200);
    expect((await authentication()).useCapcha).toBe(true);
    expect((await t.db.select({ id: accessRecord.id }).from(accessRecord)).length).toBe(before);
  });

  it('switching authType to EmailAndPassword changes the sign-in key: members sign in with their e-mail, not their ID', async () => {
    const member = await createMember(t.db, { userKeyCode: 'switcher01', email: 'switcher@example.com' });
    // Before: an ID site; the e-mail is no sign-in key.
    expect((await signinRequest(t, 'switcher01', member.password)).statusCode).toBe(200);
    expectRefusal(await signinRequest(t, 'switcher@example.com', member.password, 'EMAIL'), 404, 'NOT_FOUND', '회원 정보가 없습니다.');

    // The harness's two members have no e-mail: the switch is refused, saying how many lack one.
    expectRefusal(await patch({ authType: 'EmailAndPassword' }), 400, 'BAD_REQUEST', '이메일이 없는 회원이 2명 있어 로그인 방식을 바꿀 수 없습니다.');
    expect((await authentication()).authType).toBe('IdAndPassword');
    await t.db.update(appUser).set({ email: 'first@example.com' }).where(eq(appUser.id, t.users.member));
    await t.db.update(appUser).set({ email: 'second@example.com' }).where(eq(appUser.id, t.users.otherMember));

    expect((await patch({ authType: 'EmailAndPassword' })).statusCode).toBe(200);
    expect(await authentication()).toMatchObject({ authType: 'EmailAndPassword', signinKeyType: 'EMAIL' });
    const pair = await signinRequest(t, 'Switcher@Example.com', member.password, 'EMAIL');
    expect(pair.statusCode, pair.body).toBe(200);
    expect(data<{ user: { id: number } }>(pair).user.id).toBe(member.id);
    expectRefusal(await signinRequest(t, 'switcher01', member.password, 'EMAIL'), 404, 'NOT_FOUND');
    // The system administrator keeps the ID on every authType.
    expect((await signinRequest(t, TEST_ADMIN_ID, TEST_ADMIN_PASSWORD, 'EMAIL')).statusCode).toBe(200);

    // And back: the ID is the key again.
    expect((await patch({ authType: 'IdAndPassword' })).statusCode).toBe(200);
    expect((await signinRequest(t, 'switcher01', member.password)).statusCode).toBe(200);
  });

  it('MobileAndPassword is refused while active members lack a number or share one', async () => {
    await t.db.update(appUser).set({ status: 'LOCKED' }).where(eq(appUser.id, t.users.member));
    await t.db.update(appUser).set({ status: 'LOCKED' }).where(eq(appUser.id, t.users.otherMember));
    const members = await t.db.select({ id: appUser.id }).from(appUser).where(eq(appUser.status, 'ACTIVE'));
    const lacking = await t.db.select({ id: appUser.id, mobile: appUser.mobile, type: appUser.userType }).from(appUser).where(eq(appUser.status, 'ACTIVE'));
    const count = lacking.filter((r) => r.type === 'Member' && !r.mobile).length;
    expect(members.length).toBeGreaterThan(0);
    try {
      // The particle follows the label (issue 23: it read "휴대폰 번호이(가) 없는 회원이").
      expectRefusal(await patch({ authType: 'MobileAndPassword' }), 400, 'BAD_REQUEST', `휴대폰 번호가 없는 회원이 ${count}명 있어 로그인 방식을 바꿀 수 없습니다.`);
      let i = 0;
      for (const r of lacking.filter((x) => x.type === 'Member')) {
        i += 1;
        await t.db.update(appUser).set({ mobile: i <= 2 ? '010-7777-0000' : `010-7777-${String(i).padStart(4, '0')}` }).where(eq(appUser.id, r.id));
      }
      expectRefusal(await patch({ authType: 'MobileAndPassword' }), 400, 'BAD_REQUEST', m.authTypeMobileShared(2));
      expect((await authentication()).authType).toBe('IdAndPassword');
    } finally {
      await t.db.update(appUser).set({ status: 'ACTIVE', mobile: null }).where(eq(appUser.userType, 'Member'));
    }
  });

  it('a new required profile field is enforced by the server at sign-up at once', async () => {
    const fields: UserProfileField[] = [
      ...seedSettings.userProfiles,
      { code: 'licenseNo', name: '면허 번호', inputType: 'text', required: true },
    ];
    const res = await patch({ userProfiles: fields });
    expect(res.statusCode, res.body).toBe(200);
    expect((await authentication()).userProfiles.map((f) => f.code)).toContain('licenseNo');

    const email = 'newjoiner@example.com';
    // A refused sign-up does not spend the confirmed e-mail token.
    const userKeyTokenForEmail = await confirmedKeyToken(t, 'EMAIL', email);
    const signup = async (profile: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/signup',
        payload: {
          userKeyType: 'ID',
          userKeyCode: 'newjoiner',
          password: 'pass!word7x',
          agreeTerms: true,
          profile: { name: '홍길동', email, organization: '서울대학교병원', occupation: '간호사', ...profile },
          userKeyTokenForEmail,
        },
      });
    expectRefusal(await signup({}), 400, 'BAD_REQUEST', accountMessages.requiredProfile('면허 번호'));
    expect(accountMessages.requiredProfile('면허 번호')).toBe('면허 번호 항목을 확인바랍니다.');
    const ok = await signup({ licenseNo: '12345' });
    expect(ok.statusCode, ok.body).toBe(200);
    const [row] = await t.db.select({ profile: appUser.profile }).from(appUser).where(eq(appUser.userKeyCode, 'newjoiner'));
    expect(row!.profile).toMatchObject({ licenseNo: '12345' });
  });

  it('reorders, removes and changes profile fields, keeping the order given', async () => {
    const [org, occupation] = seedSettings.userProfiles;
    const res = await patch({ userProfiles: [{ ...occupation!, detail: ['의사', '약사'], required: false }, { ...org!, required: false }] });
    expect(res.statusCode, res.body).toBe(200);
    const got = (await authentication()).userProfiles;
    expect(got).toEqual([
      { code: 'occupation', name: '직역', inputType: 'select', detail: ['의사', '약사'], required: false },
      { code: 'organization', name: '소속 기관', inputType: 'text', required: false },
    ]);
  });

  it('a guest role change takes effect for guests at once', async () => {
    await t.db.insert(role).values({ roleCode: 'VISITOR', name: '방문자', permissions: [] });
    expect((await patch({ roleCodeForGuest: 'VISITOR' })).statusCode).toBe(200);
    expect((await info()).roleCodeForGuest).toBe('VISITOR');
    // The guest role no longer lists the notice board (its roles name GUEST): guests are refused at once.
    expectRefusal(await t.app.inject({ method: 'GET', url: '/api/board-item?boardCode=notice' }), 401, 'UNAUTHORIZED');
    expect((await patch({ roleCodeForGuest: 'GUEST' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/board-item?boardCode=notice' })).statusCode).toBe(200);
  });
});

describe('invalid settings are refused with a Korean sentence and change nothing', () => {
  const base = seedSettings.userProfiles;
  // The last column is the envelope's `field`: the setting the console marks (issue 21).
  const cases: [string, object, string, string | undefined][] = [
    ['nothing to change', {}, m.nothingToChange, undefined],
    ['a profile field without a name', { userProfiles: [...base, { code: 'x1', name: ' ', inputType: 'text', required: false }] }, m.profileNameRequired(5), 'userProfiles.4.name'],
    ['a profile field without a code', { userProfiles: [...base, { code: '', name: '면허', inputType: 'text', required: false }] }, m.profileCodeRequired('면허'), 'userProfiles.4.code'],
    ['a code that is no identifier', { userProfiles: [{ code: '1 bad', name: '면허', inputType: 'text', required: false }] }, m.profileCodeFormat('면허'), 'userProfiles.0.code'],
    ['a code the sign-up form uses', { userProfiles: [{ code: 'email', name: '메일', inputType: 'text', required: false }] }, m.profileCodeReserved('email'), 'userProfiles.0.code'],
    ['a duplicate code', { userProfiles: [...base, { ...base[0]!, name: '다른 이름' }] }, m.profileCodeDuplicate('organization'), 'userProfiles.4.code'],
    ['a select without options', { userProfiles: [{ code: 'kind', name: '구분', inputType: 'select', detail: [' '], required: true }] }, m.profileOptionsRequired('구분'), 'userProfiles.0.detail'],
    ['radio without options', { userProfiles: [{ code: 'kind', name: '구분', inputType: 'radio', required: true }] }, m.profileOptionsRequired('구분'), 'userProfiles.0.detail'],
    ['checkboxes with a repeated option', { userProfiles: [{ code: 'kind', name: '구분', inputType: 'checkboxes', detail: ['a', 'a'], required: false }] }, m.profileOptionDuplicate('구분'), 'userProfiles.0.detail'],
    ['a guest role that does not exist', { roleCodeForGuest: 'NOBODY' }, m.guestRoleMissing('NOBODY'), 'roleCodeForGuest'],
    ['a guest role with ADMIN_Access', { roleCodeForGuest: 'ADMIN' }, m.guestRoleAdmin, 'roleCodeForGuest'],
    ['an empty site name', { siteName: '  ' }, m.siteNameRequired, 'siteName'],
    ['a malformed phone', { phone: '1234' }, m.phoneFormat, 'phone'],
    ['a malformed e-mail', { email: 'not-mail' }, m.emailFormat, 'email'],
    ['a script link', { registSiteUrl: 'javascript:alert(1)' }, m.urlFormat, 'registSiteUrl'],
  ];
  it.each(cases)('%s', async (_name, payload, message, field) => {
    const before = await t.db.select().from(siteSetting);
    const res = await patch(payload);
    expectRefusal(res, 400, 'BAD_REQUEST', message);
    expect(body(res).field).toBe(field);
    expect(await t.db.select().from(siteSetting)).toEqual(before);
  });

  it('one bad field in a patch writes none of the others (one transaction)', async () => {
    expectRefusal(await patch({ siteName: '반쯤 바뀐 이름', roleCodeForGuest: 'NOBODY' }), 400, 'BAD_REQUEST', m.guestRoleMissing('NOBODY'));
    expect((await info()).siteName).toBe(seedSettings.siteName);
  });

  it('unknown keys and wrong types are refused by the schema with 400', async () => {
    expectRefusal(await patch({ adminPassword: 'x' }), 400, 'BAD_REQUEST');
    expectRefusal(await patch({ authType: 'Fingerprint' }), 400, 'BAD_REQUEST');
    expectRefusal(await patch({ useCapcha: 'yes' }), 400, 'BAD_REQUEST');
  });
});
