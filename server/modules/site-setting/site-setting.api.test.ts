import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteAuthentication, siteInfo, type SiteAuthentication, type SiteInfo } from '@contract';
import { serverSecret, siteSetting } from '../../db/schema';
import { createTestApp, data, type TestApp } from '../../test/harness';
import { SiteSettings } from './service';

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

describe('the settings cache (SiteSettings)', () => {
  /** Settings on the test database whose guest-role reads are counted (the one read each load makes of it). */
  function countedSettings() {
    const counted = { reads: 0 };
    const { tables } = t.app.deps.settings;
    const settings = new SiteSettings(t.db, {
      ...tables,
      findGuestRole: (db, roleCode) => {
        counted.reads++;
        return tables.findGuestRole(db, roleCode);
      },
    });
    return { settings, counted };
  }

  it('reads once for every caller asking while a read is under way (the parts of one page, a busy instance)', async () => {
    const { settings, counted } = countedSettings();
    const answers = await Promise.all([settings.guestRole(), settings.info(), settings.guestRole(), settings.adminTwoFactorRequired()]);
    expect(counted.reads).toBe(1);
    expect(answers[0]).toBe(answers[2]);
    expect(answers[0].roleCode).toBe('GUEST');
    await settings.guestRole();
    expect(counted.reads).toBe(1);
  });

  it('reads again for a caller asking after an invalidation, even while a read from before it is under way', async () => {
    const { settings, counted } = countedSettings();
    const before = settings.info();
    settings.invalidate();
    const after = settings.info();
    await Promise.all([before, after]);
    // The caller from before the change shares the read after it: its own could hold the old settings.
    expect(counted.reads).toBe(2);
    await settings.info();
    expect(counted.reads).toBe(2);
  });

  it('keeps nothing of a read an invalidation overtook: its callers and the next read anew', async () => {
    const { settings, counted } = countedSettings();
    const before = settings.guestRole();
    settings.invalidate();
    await before;
    expect(counted.reads).toBe(2);
    await settings.guestRole();
    expect(counted.reads).toBe(2);
  });

  it('a read that failed is not shared with the next caller, who reads again', async () => {
    const { tables } = t.app.deps.settings;
    let calls = 0;
    const settings = new SiteSettings(t.db, {
      ...tables,
      findGuestRole: async (db, roleCode) => {
        if (++calls === 1) throw new Error('the database went away');
        return tables.findGuestRole(db, roleCode);
      },
    });
    const failed = await Promise.allSettled([settings.guestRole(), settings.guestRole()]);
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(calls).toBe(1);
    expect((await settings.guestRole()).roleCode).toBe('GUEST');
    expect(calls).toBe(2);
  });
});
