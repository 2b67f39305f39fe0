import { sql } from 'drizzle-orm';
import {
  keyLabels, patterns, profileChoiceTypes, profileCodePattern, reservedProfileCodes, siteSettingMessages as m,
  type AuthType, type SiteInfo, type SiteSettingPatch, type UserProfileField,
} from '@contract';
import { ADMIN_ACCESS } from '../../auth/caller';
import type { Db } from '../../db/client';
import { writeSettings, type SettingsTables } from './service';
import { badRequest } from '../../errors';
import { withTransaction } from '@server/db/transaction';

/**
 * `PATCH /api/site-setting` (issue 9): every rule checked before anything is written, then all
 * given keys written in one transaction. The caller invalidates the caches after the commit.
 */
export async function updateSiteSettings(db: Db, tables: SettingsTables, current: SiteInfo, patch: SiteSettingPatch, now: Date): Promise<void> {
  const entries = Object.entries(patch).filter(([, v]) => v !== undefined);
  if (entries.length === 0) throw badRequest(m.nothingToChange);
  const values: Partial<SiteInfo> & Pick<SiteSettingPatch, 'adminTwoFactorRequired'> = { ...patch };
  checkSiteFacts(patch);
  if (patch.userProfiles) values.userProfiles = checkProfiles(patch.userProfiles);
  await withTransaction(db, async (tx) => {
    // One change at a time: two admins saving at once cannot interleave their checks and writes.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended('site-setting', 0))`);
    if (patch.roleCodeForGuest !== undefined) await checkGuestRole(tx, tables, patch.roleCodeForGuest);
    if (patch.authType !== undefined && patch.authType !== current.authType) await checkAuthType(tx, tables, patch.authType);
    await writeSettings(tx, values, now);
  });
}

function checkSiteFacts(patch: SiteSettingPatch): void {
  if (patch.siteName !== undefined && patch.siteName === '') throw badRequest(m.siteNameRequired, { field: 'siteName' });
  if (patch.operator !== undefined && patch.operator === '') throw badRequest(m.operatorRequired, { field: 'operator' });
  const emails: [string, string | undefined][] = [['email', patch.email], ['privacyOfficer.email', patch.privacyOfficer?.email]];
  const badEmail = emails.find(([, e]) => e && !patterns.email.test(e));
  if (badEmail) throw badRequest(m.emailFormat, { field: badEmail[0] });
  const phones: [string, string | undefined][] = [['phone', patch.phone], ['fax', patch.fax], ['privacyOfficer.phone', patch.privacyOfficer?.phone]];
  const badPhone = phones.find(([, p]) => p && !patterns.phone.test(p));
  if (badPhone) throw badRequest(m.phoneFormat, { field: badPhone[0] });
  // Shown as a link on the public pages: only web addresses, never javascript: or data:.
  if (patch.registSiteUrl !== undefined && !/^https?:\/\/[^\s/]+/i.test(patch.registSiteUrl)) throw badRequest(m.urlFormat, { field: 'registSiteUrl' });
}

/** Named, coded, unique, with options where the member chooses; stored in the order given. */
export function checkProfiles(fields: SiteSettingPatch['userProfiles'] & object): UserProfileField[] {
  const seen = new Set<string>();
  return fields.map((field, i) => {
    const at = (name: string) => ({ field: `userProfiles.${i}.${name}` });
    if (field.name === '') throw badRequest(m.profileNameRequired(i + 1), at('name'));
    if (field.code === '') throw badRequest(m.profileCodeRequired(field.name), at('code'));
    if (!profileCodePattern.test(field.code)) throw badRequest(m.profileCodeFormat(field.name), at('code'));
    if ((reservedProfileCodes as readonly string[]).includes(field.code)) throw badRequest(m.profileCodeReserved(field.code), at('code'));
    if (seen.has(field.code.toLowerCase())) throw badRequest(m.profileCodeDuplicate(field.code), at('code'));
    seen.add(field.code.toLowerCase());
    const detail = (field.detail ?? []).filter((option) => option !== '');
    const choice = (profileChoiceTypes as readonly string[]).includes(field.inputType);
    if (choice && detail.length === 0) throw badRequest(m.profileOptionsRequired(field.name), at('detail'));
    if (choice && new Set(detail).size !== detail.length) throw badRequest(m.profileOptionDuplicate(field.name), at('detail'));
    return {
      code: field.code,
      name: field.name,
      inputType: field.inputType,
      // A free-text field keeps one hint; a single checkbox has none.
      ...(choice ? { detail } : field.inputType !== 'checkbox' && detail.length > 0 ? { detail: detail.slice(0, 1) } : {}),
      required: field.required,
    };
  });
}

async function checkGuestRole(db: Db, tables: SettingsTables, roleCode: string): Promise<void> {
  const permissions = await tables.sharedRolePermissions(db, roleCode);
  if (!permissions) throw badRequest(m.guestRoleMissing(roleCode), { field: 'roleCodeForGuest' });
  // A guest with ADMIN_Access would hand the console to every visitor.
  if (permissions.includes(ADMIN_ACCESS)) throw badRequest(m.guestRoleAdmin, { field: 'roleCodeForGuest' });
}

/**
 * A new sign-in key must be one every active member has (system administrators keep their ID,
 * server/modules/user/repo.ts, findUserBySigninKey): an e-mail address, or a mobile number no one else has.
 */
async function checkAuthType(db: Db, tables: SettingsTables, authType: AuthType): Promise<void> {
  if (authType === 'IdAndPassword') return;
  const lacking = await tables.activeMembersWithout(db, authType === 'EmailAndPassword' ? 'email' : 'mobile');
  const keyLabel = authType === 'EmailAndPassword' ? keyLabels.EMAIL : '휴대폰 번호';
  if (lacking > 0) throw badRequest(m.authTypeKeyMissing(keyLabel, lacking), { field: 'authType' });
  if (authType === 'MobileAndPassword') {
    const shared = await tables.activeMembersSharingMobile(db);
    if (shared > 0) throw badRequest(m.authTypeMobileShared(shared), { field: 'authType' });
  }
}

/** The roles the console offers for the guest role. */
export async function listRoles(db: Db, tables: SettingsTables): Promise<{ roleCode: string; name: string; admin: boolean }[]> {
  const rows = await tables.rolesByCode(db);
  return rows.map((r) => ({ roleCode: r.roleCode, name: r.name, admin: r.permissions.includes(ADMIN_ACCESS) }));
}
