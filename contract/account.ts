// zod's configuration (Korean messages; jitless in the browser) before this module's schemas are built.
import './zod-ko';
import { z } from 'zod';
import { userKeyType } from './site-setting';

export const checkExistsRequest = z.object({ userKeyType, userKeyCode: z.string().trim().min(1).max(100) });
export const checkExistsResponse = z.object({ exists: z.boolean() });

export const keyPurposes = ['SIGNUP', 'FIND_ID', 'CHANGE_KEY'] as const;
/** Sends a 6-digit pincode to an e-mail address or mobile number; returns a pending token. */
export const keyCheckRequest = z.object({
  userKeyType: z.enum(['EMAIL', 'MOBILE']),
  userKeyCode: z.string().trim().min(1).max(100),
  purpose: z.enum(keyPurposes).default('SIGNUP'),
});
export const userKeyTokenResponse = z.object({ userKeyToken: z.string() });
export const keyConfirmRequest = z.object({ userKeyToken: z.string().min(1).max(200), pincode: z.string().trim() });

export const roleInfo = z.object({ roleCode: z.string(), permissions: z.array(z.string()) });
export const loginUser = z.object({
  id: z.number().int(),
  userKeyCode: z.string(),
  name: z.string(),
  userType: z.enum(['Member', 'Admin']),
  role: roleInfo,
});
export type LoginUser = z.infer<typeof loginUser>;

export const signupRequest = z.object({
  userKeyType,
  userKeyCode: z.string().trim().min(1).max(100),
  password: z.string().max(100),
  profile: z
    .object({ name: z.string().trim(), email: z.string().trim(), mobile: z.string().trim().optional() })
    .catchall(z.union([z.string().max(2000), z.boolean(), z.number(), z.array(z.string().max(200)).max(50)])),
  userKeyTokenForEmail: z.string().max(200).optional(),
  userKeyTokenForMobile: z.string().max(200).optional(),
  agreeTerms: z.boolean().optional(),
  captcha: z.object({ captchaId: z.string(), answer: z.string() }).optional(),
});
export type SignupRequest = z.input<typeof signupRequest>;
export const signupResponse = z.object({ userName: z.string() });

export const signinRequest = z.object({
  userKeyType,
  userKeyCode: z.string().trim().min(1).max(100),
  password: z.string().min(1).max(100),
  captcha: z.object({ captchaId: z.string(), answer: z.string() }).optional(),
  /**
   * An account with two-factor sign-in (issue 12): the authenticator's six digits or a recovery
   * code. Without it such an account gets 401 TWO_FACTOR_REQUIRED after a right password.
   */
  otp: z.string().trim().max(20).optional(),
});
export const tokenPair = z.object({ accessToken: z.string(), refreshToken: z.string(), user: loginUser });
export type TokenPair = z.infer<typeof tokenPair>;
export const refreshRequest = z.object({ refreshToken: z.string().min(1).max(200) });

export const findIdRequest = z.object({ userKeyToken: z.string().min(1).max(200) });
export const findIdResponse = z.object({
  /** The IDs, masked (the spec's data.idList). */
  idList: z.array(z.object({ userKeyCode: z.string(), createdDate: z.string() })),
  /** Where the full IDs were sent (issue 23): the verified e-mail or mobile of the token; null when there were none. */
  sentTo: z.enum(['EMAIL', 'MOBILE']).nullable(),
});

export const resetPasswordTokenRequest = z.object({ email: z.string().trim().max(200) });
export const resetPasswordTokenResponse = z.object({ userToken: z.string() });
export const resetPasswordRequest = z.object({
  userToken: z.string().min(1).max(200),
  pincode: z.string().trim(),
  password: z.string().max(100),
  passwordConfirm: z.string().max(100),
});

export const userDetail = loginUser.extend({
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  profile: z.record(z.string(), z.unknown()),
  createdDate: z.string(),
});
export type UserDetail = z.infer<typeof userDetail>;
export const userIdParams = z.object({ id: z.coerce.number().int().min(1) });
export const patchUserRequest = z.object({
  name: z.string().trim().optional(),
  profile: z
    .record(z.string(), z.union([z.string().max(2000), z.boolean(), z.number(), z.array(z.string().max(200)).max(50)]))
    .optional(),
});
export const changePasswordRequest = z.object({
  currentPassword: z.string().max(100),
  password: z.string().max(100),
  passwordConfirm: z.string().max(100),
});
export const changeUserKeyRequest = z.object({
  userKeyType: z.enum(['EMAIL', 'MOBILE']),
  userKeyCode: z.string().trim().min(1).max(100),
  userKeyToken: z.string().min(1).max(200),
  /** The caller's own password again (issue 12: re-authentication before a key change), as for a password change. */
  currentPassword: z.string().max(100),
});
export const retireRequest = z.object({ password: z.string().max(100), reason: z.string().max(500).optional() });

export const captchaChallenge = z.object({
  captchaId: z.string(),
  /** An SVG image (data URL) of distorted characters. */
  image: z.string(),
  /** The text alternative for people who cannot see the image. */
  textAlternative: z.string(),
});
