// zod's configuration (Korean messages; jitless in the browser) before this module's schemas are built.
import './zod-ko';
import { z } from 'zod';
import { twoFactorMessages } from './two-factor-messages';

/** `GET /api/admin/two-factor`: the caller's own two-factor sign-in. */
export const twoFactorStatus = z.object({
  enabled: z.boolean(),
  /** When the first code matched (ISO 8601), or null. */
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
  /** The site settings require it for every account with ADMIN_Access. */
  required: z.boolean(),
  /** Required and not set up: the console is closed to this account until it is. */
  setupRequired: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatus>;

/** The caller's own password, asked again before the second factor changes. */
export const twoFactorPasswordRequest = z.object({ password: z.string().min(1).max(100) });

/**
 * Before the second factor itself changes (new recovery codes, turning it off): the password and a
 * current code of the factor, the app's six digits or an unused recovery code (then used up). A
 * session whose holder has only the password cannot take the factor away.
 */
export const twoFactorChangeRequest = z.object({
  password: z.string().min(1).max(100),
  code: z.string({ error: twoFactorMessages.changeCodeRequired }).trim().min(1, twoFactorMessages.changeCodeRequired).max(20),
});
export type TwoFactorChangeRequest = z.infer<typeof twoFactorChangeRequest>;

/** `POST /api/admin/two-factor/enrolment`: the new secret, as a QR code and as text to type in. */
export const twoFactorEnrolment = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The otpauth URL as an SVG QR code (black on white, no scripts or styles). */
  qrSvg: z.string(),
});
export type TwoFactorEnrolment = z.infer<typeof twoFactorEnrolment>;

/** A six-digit code from the authenticator app. */
export const twoFactorConfirmRequest = z.object({ code: z.string().trim().max(20) });

/** Recovery codes, shown once. */
export const twoFactorRecoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });
export type TwoFactorRecoveryCodes = z.infer<typeof twoFactorRecoveryCodes>;
