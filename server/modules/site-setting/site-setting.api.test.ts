import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteAuthentication, siteInfo, type SiteAuthentication, type SiteInfo } from '@contract';
import { serverSecret, siteSetting } from '../../db/schema';
import { createTestApp, data, type TestApp } from '../../test/harness';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/site-setting/info', () => {
  it('answers the public settings of a new site, matching the contract', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/site-setting/info' });
    const info = data<SiteInfo>(res);
    expect(() => siteInfo.parse(info)).not.toThrow();
    expect(info.siteName).toBe('인체이식형 의료기기 환자등록사업');
    expect(info.operator).toBe('한국의료기기안전정보원');
    for (const field of ['address', 'phone', 'email', 'businessHours', 'registSiteUrl'] as const) {
      expect(info[field], field).not.toBe('');
    }
    expect(info.privacyOfficer.name).not.toBe('');
    expect(info.authType).toBe('IdAndPassword');
    expect(info.useCapcha).toBe(false);
    expect(info.roleCodeForGuest).toBe('GUEST');
  });

  it('answers the same to a member and to a guest, and never includes secrets', async () => {
    const guest = await t.app.inject({ method: 'GET', url: '/api/site-setting/info' });
    const member = await t.app.inject({ method: 'GET', url: '/api/site-setting/info', headers: t.auth(t.tokens.member) });
    expect(member.body).toBe(guest.body);
    // Only the contract's public fields: nothing else stored beside them leaks out.
    expect(() => siteInfo.strict().parse(data(guest))).not.toThrow();
    const [secret] = await t.db.select({ value: serverSecret.value }).from(serverSecret);
    expect(secret?.value).toBeTruthy();
    expect(guest.body).not.toContain(secret!.value);
    expect(guest.body).not.toContain('$argon2');
  });
});

describe('GET /api/site-setting/authentication', () => {
  it('defaults to ID sign-in without CAPTCHA, e-mail verified', async () => {
    const auth = data<SiteAuthentication>(await t.app.inject({ method: 'GET', url: '/api/site-setting/authentication' }));
    expect(() => siteAuthentication.parse(auth)).not.toThrow();
    expect(auth.authType).toBe('IdAndPassword');
    expect(auth.useCapcha).toBe(false);
    expect(auth.signinKeyType).toBe('ID');
    expect(auth.verifiedKeyTypes).toEqual(['EMAIL']);
  });

  it('lists the sign-up profile fields: 소속 기관 and 직역 required, marketing consent an optional checkbox', async () => {
    const auth = data<SiteAuthentication>(await t.app.inject({ method: 'GET', url: '/api/site-setting/authentication' }));
    const byName = new Map(auth.userProfiles.map((f) => [f.name, f]));
    expect(byName.get('소속 기관')).toMatchObject({ required: true });
    expect(byName.get('직역')).toMatchObject({ required: true, inputType: 'select' });
    expect(byName.get('직역')!.detail!.length).toBeGreaterThan(1);
    // PIPA: consent to marketing may never be a condition of joining.
    expect(byName.get('마케팅 정보 수신 동의')).toMatchObject({ inputType: 'checkbox', required: false });
    expect(new Set(auth.userProfiles.map((f) => f.code)).size).toBe(auth.userProfiles.length);
  });

  it('follows the stored setting: e-mail sign-in verifies e-mail, mobile sign-in verifies both', async () => {
    try {
      for (const [authType, signinKeyType, verified] of [
        ['EmailAndPassword', 'EMAIL', ['EMAIL']],
        ['MobileAndPassword', 'MOBILE', ['EMAIL', 'MOBILE']],
      ] as const) {
        await t.db.update(siteSetting).set({ value: authType }).where(eq(siteSetting.key, 'authType'));
        t.app.deps.settings.invalidate();
        const auth = data<SiteAuthentication>(await t.app.inject({ method: 'GET', url: '/api/site-setting/authentication' }));
        expect(auth.authType).toBe(authType);
        expect(auth.signinKeyType).toBe(signinKeyType);
        expect([...auth.verifiedKeyTypes].sort()).toEqual([...verified]);
      }
    } finally {
      await t.db.update(siteSetting).set({ value: 'IdAndPassword' }).where(eq(siteSetting.key, 'authType'));
      t.app.deps.settings.invalidate();
    }
  });
});
