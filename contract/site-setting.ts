import { z } from 'zod';

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
