// zod's configuration (Korean messages; jitless in the browser) before this module's schemas are built.
import './zod-ko';
import { z } from 'zod';
import { withParticle } from './korean-particle';

export const authTypes = ['IdAndPassword', 'EmailAndPassword', 'MobileAndPassword'] as const;
export const authType = z.enum(authTypes);
export type AuthType = z.infer<typeof authType>;

export const userKeyTypes = ['ID', 'EMAIL', 'MOBILE'] as const;
export const userKeyType = z.enum(userKeyTypes);
export type UserKeyType = z.infer<typeof userKeyType>;

export const profileInputTypes = [
  'text', 'textarea', 'tel', 'email', 'number', 'date', 'select', 'radio', 'checkbox', 'checkboxes',
] as const;

/** An extra sign-up field defined by the operator (spec §3 userProfiles). */
export const userProfileField = z.object({
  code: z.string(),
  name: z.string(),
  inputType: z.enum(profileInputTypes),
  /** Options for select/radio/checkboxes, or a hint for free-text fields. */
  detail: z.array(z.string()).optional(),
  required: z.boolean(),
});
export type UserProfileField = z.infer<typeof userProfileField>;

/** Public site settings: `GET /api/site-setting/info`. */
export const siteInfo = z.object({
  siteName: z.string(),
  siteNameEn: z.string(),
  operator: z.string(),
  address: z.string(),
  phone: z.string(),
  fax: z.string(),
  email: z.string(),
  businessHours: z.string(),
  privacyOfficer: z.object({ name: z.string(), position: z.string(), phone: z.string(), email: z.string() }),
  registSiteUrl: z.string(),
  authType,
  useCapcha: z.boolean(),
  roleCodeForGuest: z.string(),
  userProfiles: z.array(userProfileField),
});
export type SiteInfo = z.infer<typeof siteInfo>;

/** What the sign-in and sign-up screens need: `GET /api/site-setting/authentication`. */
export const siteAuthentication = z.object({
  authType,
  useCapcha: z.boolean(),
  /** The key a member signs in with, from authType. */
  signinKeyType: userKeyType,
  /** Keys verified by pincode during sign-up (EMAIL always; MOBILE when the sign-in key is a number). */
  verifiedKeyTypes: z.array(userKeyType),
  userProfiles: z.array(userProfileField),
});
export type SiteAuthentication = z.infer<typeof siteAuthentication>;

/** Profile field codes the sign-up body already uses for its own fields (contract/account.ts). */
export const reservedProfileCodes = ['name', 'email', 'mobile'] as const;
/** A profile field's code: a key in the member's profile, so letters, digits and _ only. */
export const profileCodePattern = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;
/** Input types whose `detail` lists the options to choose from. */
export const profileChoiceTypes = ['select', 'radio', 'checkboxes'] as const;

/**
 * The console's site-setting sentences (issue 9). Each refusal names what to fix, so the
 * operator can act on it without asking anyone.
 */
export const siteSettingMessages = {
  saved: '사이트 설정을 저장했습니다.',
  nothingToChange: '변경할 설정이 없습니다.',
  siteNameRequired: '사이트 이름을 입력해주세요.',
  operatorRequired: '운영 기관을 입력해주세요.',
  emailFormat: '이메일을 형식에 맞게 입력해주세요.',
  phoneFormat: '연락처를 형식에 맞게 입력해주세요.',
  urlFormat: '환자등록시스템 주소는 http:// 또는 https:// 로 시작해야 합니다.',
  profileNameRequired: (position: number) => `회원가입 추가 항목 ${position}번째의 이름을 입력해주세요.`,
  profileCodeRequired: (name: string) => `회원가입 추가 항목 '${name}'의 코드를 입력해주세요.`,
  profileCodeFormat: (name: string) => `회원가입 추가 항목 '${name}'의 코드는 영문자로 시작하고 영문자, 숫자, _만 쓸 수 있습니다.`,
  profileCodeReserved: (code: string) => `${withParticle(`'${code}'`, '은/는')} 회원가입 기본 항목이 쓰는 코드라 추가 항목에 쓸 수 없습니다.`,
  profileCodeDuplicate: (code: string) => `회원가입 추가 항목의 코드 ${withParticle(`'${code}'`, '이/가')} 중복됩니다.`,
  profileOptionsRequired: (name: string) => `회원가입 추가 항목 '${name}'의 선택지를 하나 이상 입력해주세요.`,
  profileOptionDuplicate: (name: string) => `회원가입 추가 항목 '${name}'의 선택지가 중복됩니다.`,
  guestRoleMissing: (roleCode: string) => `손님 권한 ${withParticle(`'${roleCode}'`, '은/는')} 없는 권한입니다.`,
  guestRoleAdmin: '관리자 권한(ADMIN_Access)이 있는 권한은 손님 권한으로 지정할 수 없습니다.',
  authTypeKeyMissing: (keyLabel: string, count: number) =>
    `${withParticle(keyLabel, '이/가')} 없는 회원이 ${count.toLocaleString('ko-KR')}명 있어 로그인 방식을 바꿀 수 없습니다.`,
  authTypeMobileShared: (count: number) =>
    `다른 회원과 같은 휴대폰 번호를 쓰는 회원이 ${count.toLocaleString('ko-KR')}명 있어 로그인 방식을 바꿀 수 없습니다.`,
} as const;

const settingText = (max: number) => z.string().trim().max(max, `${max}자 이내로 입력해주세요.`);

/** One extra sign-up field as the console sends it; blanks are refused by the server with a sentence. */
export const userProfileFieldInput = z.object({
  code: settingText(40),
  name: settingText(50),
  inputType: z.enum(profileInputTypes),
  detail: z.array(settingText(100)).max(50).optional(),
  required: z.boolean(),
});

/** `PATCH /api/site-setting` (system admin): any subset of the settings. */
export const siteSettingPatch = z
  .object({
    authType: authType.optional(),
    useCapcha: z.boolean().optional(),
    userProfiles: z.array(userProfileFieldInput).max(30, '회원가입 추가 항목은 30개까지 둘 수 있습니다.').optional(),
    roleCodeForGuest: settingText(40).optional(),
    siteName: settingText(100).optional(),
    siteNameEn: settingText(100).optional(),
    operator: settingText(100).optional(),
    address: settingText(200).optional(),
    phone: settingText(20).optional(),
    fax: settingText(20).optional(),
    email: settingText(100).optional(),
    businessHours: settingText(200).optional(),
    privacyOfficer: z
      .object({ name: settingText(20), position: settingText(50), phone: settingText(20), email: settingText(100) })
      .optional(),
    registSiteUrl: settingText(300).optional(),
    /** Two-factor sign-in for every account with ADMIN_Access (issue 12); not a public setting. */
    adminTwoFactorRequired: z.boolean().optional(),
  })
  .strict();
export type SiteSettingPatch = z.infer<typeof siteSettingPatch>;

/** A role as the settings screen offers it for the guest role. */
export const siteSettingRole = z.object({ roleCode: z.string(), name: z.string(), admin: z.boolean() });

/** `GET /api/admin/site-setting`: the settings and the roles the guest role may be. */
export const adminSiteSetting = z.object({
  settings: siteInfo,
  roles: z.array(siteSettingRole),
  /** Two-factor sign-in required for every account with ADMIN_Access (issue 12). */
  adminTwoFactorRequired: z.boolean(),
});
export type AdminSiteSetting = z.infer<typeof adminSiteSetting>;
