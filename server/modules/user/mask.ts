import { patterns } from '@contract';

/** Keeps the first 1-3 characters (by length) and masks the rest with '*'. */
function maskPart(part: string): string {
  const keep = part.length <= 2 ? 1 : part.length <= 4 ? 2 : 3;
  return part.slice(0, keep) + '*'.repeat(Math.max(part.length - keep, 1));
}

/**
 * How find-ID shows an ID: `hong1234` → `hon*****`; an e-mail key keeps its domain
 * (`hon****@example.com`); a mobile key keeps its first and last groups (`010-****-5678`).
 */
export function maskUserKey(code: string): string {
  const at = code.lastIndexOf('@');
  if (at > 0) return maskPart(code.slice(0, at)) + code.slice(at);
  if (patterns.phone.test(code)) {
    const [first, middle, last] = code.split('-') as [string, string, string];
    return `${first}-${'*'.repeat(middle.length)}-${last}`;
  }
  return maskPart(code);
}

/** A sign-in key that is an e-mail address or a phone number is personal data; an ID is not. */
export function keyIsAddress(key: string, member: { email: string | null; mobile: string | null }): boolean {
  return key === member.email || key === member.mobile || key.includes('@') || patterns.phone.test(key);
}

/** The key as staff screens and access records show it: masked when it is an address. */
export const maskKey = (key: string, member: { email: string | null; mobile: string | null }) =>
  keyIsAddress(key, member) ? maskUserKey(key) : key;
