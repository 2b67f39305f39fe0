import fs from 'node:fs';
import { accountMessages, patterns, type SiteInfo } from '@contract';
import { identityWords, passwordProblem, siteWords } from '@contract/password-strength';
import { badRequest } from '../../errors';

/**
 * What a new password must be besides spec §5's pattern (issue 12, ASVS 6.2): not one of the
 * 10,000 most common passwords, and not built on the member's own ID or e-mail.
 *
 * The list (common-passwords.txt beside this file, SecLists, MIT) is mostly letters and digits, and the spec's
 * pattern asks for a special character, so a password is compared as typed and also with its
 * special characters taken out: "qwerty12!" and "pass!word1" are "qwerty12" and "password1" with
 * a symbol added, which is the first thing a guesser tries. Compared in lower case.
 */
let common: Set<string> | undefined;

function commonPasswords(): Set<string> {
  // Read once, on the first password set after start (about 80 KB): sign-in never needs it.
  common ??= new Set(
    fs
      .readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .map((line) => line.trim().toLowerCase())
      .filter(Boolean),
  );
  return common;
}

export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  const list = commonPasswords();
  return list.has(lower) || list.has(lower.replace(/[^a-z0-9]/g, ''));
}

/** Shared with the screens (contract/password-strength.ts), which check the same as it is typed. */
export { identityWords };

/** The words that name the site (its names and domains), which no password may contain (issue 25). */
export async function siteWordsOf(settings: { info(): Promise<SiteInfo> }): Promise<string[]> {
  return siteWords(await settings.info());
}

/**
 * Every rule a new password meets, with the form's sentences: the pattern, the confirmation, the
 * common-password list, the member's own ID and the guessing estimate. `identity`: identityWords()
 * of the account; `site`: siteWordsOf().
 */
export function checkNewPassword(password: string, passwordConfirm?: string, identity: string[] = [], site: string[] = []): void {
  if (!patterns.password.test(password)) throw badRequest(accountMessages.passwordFormat, { field: 'password' });
  if (passwordConfirm !== undefined && password !== passwordConfirm) throw badRequest(accountMessages.passwordMismatch, { field: 'passwordConfirm' });
  checkPasswordStrength(password, identity, site);
}

/**
 * The list, ID and guessing rules without the pattern (for a reset, where the account is known
 * only after the pincode). The estimate (contract/password-strength.ts) sees through
 * substitutions, keyboard walks, Korean words typed on a Latin keyboard and the site's own name.
 */
export function checkPasswordStrength(password: string, identity: string[], site: string[]): void {
  if (isCommonPassword(password)) throw badRequest(accountMessages.passwordTooCommon, { field: 'password' });
  const problem = passwordProblem(password, identity, site);
  if (problem) throw badRequest(problem, { field: 'password' });
}

/**
 * The first administrator's password given in ADMIN_PASSWORD (issue 25): the same guessing rules
 * as every new password (the list, the ID, the estimate with the site's words; not the length
 * pattern, which an operator's passphrase may exceed). The Korean reason, or null when it is fine.
 */
export function firstAdminPasswordProblem(password: string, adminId: string, site: SiteInfo): string | null {
  try {
    checkPasswordStrength(password, identityWords(adminId), siteWords(site));
    return null;
  } catch (err) {
    return (err as Error).message;
  }
}
