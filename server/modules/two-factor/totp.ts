import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { RECOVERY_CODE_COUNT } from '@contract';

/**
 * RFC 6238 as every authenticator app reads it (Google Authenticator, Microsoft Authenticator,
 * 1Password …): SHA-1, six digits, 30-second steps. A code of the step before or after is accepted
 * too, for clocks a little apart and for a code typed as it turned over.
 */
const PERIOD_SECONDS = 30;
const DIGITS = 6;
const WINDOW = 1;

function totp(secret: string, issuer = '', label = ''): TOTP {
  return new TOTP({ issuer, label, algorithm: 'SHA1', digits: DIGITS, period: PERIOD_SECONDS, secret: Secret.fromBase32(secret) });
}

/** A new 160-bit secret (RFC 4226's recommended length), base32 as the apps take it. */
export function newSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The step `code` belongs to, or null when it matches none in the window. */
export function matchingStep(secret: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totp(secret).validate({ token: code, timestamp: now.getTime(), window: WINDOW });
  return delta === null ? null : Math.floor(now.getTime() / 1000 / PERIOD_SECONDS) + delta;
}

/** The code an app shows at `at` (tests, and nothing else, need to make one). */
export function codeAt(secret: string, at: Date): string {
  return totp(secret).generate({ timestamp: at.getTime() });
}

/** What the enrolment QR code holds: the site's name as issuer, the sign-in key as the account. */
export function otpauthUrl(secret: string, issuer: string, account: string): string {
  return totp(secret, issuer, account).toString();
}

/**
 * The URL as an SVG QR code: paths with fill and stroke attributes, which the strict CSP allows.
 * qrcode is loaded with the first enrolment, not at every start: most instances never draw one.
 */
export async function qrSvg(url: string): Promise<string> {
  const { default: QRCode } = await import('qrcode');
  return QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** Ten codes of ten base32 letters (50 random bits each), shown as `xxxxx-xxxxx`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const letters = [...randomBytes(10)].map((byte) => BASE32[byte % 32]).join('');
    return `${letters.slice(0, 5)}-${letters.slice(5)}`;
  });
}

/** A recovery code as typed, in any case and with or without its hyphen or spaces; null if it cannot be one. */
export function normaliseRecoveryCode(input: string): string | null {
  const letters = input.toLowerCase().replace(/[\s-]/g, '');
  return /^[a-z2-7]{10}$/.test(letters) ? letters : null;
}

/** Codes carry 50 random bits, so a fast hash keeps them safe at rest; argon2 would add nothing. */
export function hashRecoveryCode(normalised: string): string {
  return createHash('sha256').update(normalised).digest('hex');
}
