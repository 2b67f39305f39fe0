import { ZxcvbnFactory, type ZxcvbnResult } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { accountMessages } from './account-messages';
import { koreanWordsTypedLatin, ROMANISED_KOREAN_WORDS, typedOnLatinKeyboard } from './korean-keyboard';

/**
 * How guessable a new password is (issue 25), the same on the server (which refuses) and on the
 * screens (which say why before submitting; they load this lazily, with its dictionaries). On top
 * of spec §5's pattern and the common-password list: zxcvbn-ts, with its list of common passwords
 * and keyboard layouts, which sees through substitutions (`P@ssw0rd`), keyboard walks
 * (`1q2w3e4r`, `qwer1234`), Korean words typed on a Latin keyboard (`dkssud`, korean-keyboard.ts)
 * and this site's own name and domain.
 *
 * The bar is zxcvbn's score 2 (about a million guesses or more) for a password built of known
 * parts (the examples score 0-1); random characters alone are left to the pattern's
 * length, so spec §5's six stays the minimum. Import it by its path (`@contract/password-strength`),
 * never through the contract's barrel: its dictionaries weigh about 400 KB.
 */
export const MIN_PASSWORD_SCORE = 2;

/** Why a password is refused, most specific first. */
export type PasswordWeakness = 'siteName' | 'koreanTyped' | 'keyboard' | 'commonTwist' | 'guessable';

export const weaknessMessages: Record<PasswordWeakness, string> = {
  siteName: accountMessages.passwordHasSiteName,
  koreanTyped: accountMessages.passwordKoreanTyped,
  keyboard: accountMessages.passwordKeyboardWalk,
  commonTwist: accountMessages.passwordCommonTwist,
  guessable: accountMessages.passwordGuessable,
};

/** What a site says of itself (GET /api/site-setting/info) that names it. */
export interface SiteFacts {
  siteName: string;
  siteNameEn: string;
  email: string;
  registSiteUrl: string;
}

const GENERIC_LABELS = new Set(['www', 'com', 'net', 'org', 'kr', 'or', 'go', 'co', 'ac', 're', 'http', 'https']);

function hostLabels(value: string): string[] {
  const host = /^https?:\/\//.test(value) ? value.replace(/^https?:\/\//, '').split(/[/:]/)[0]! : value.split('@').pop()!;
  return host.toLowerCase().split('.');
}

/**
 * The words that name this site: its English name's words, its Korean name's words as typed on a
 * Latin keyboard, and the labels of its e-mail domain, its registration system's host and `host`
 * (the address the screen was opened at). Three letters or more, generic labels left out.
 */
export function siteWords(facts: SiteFacts, host?: string): string[] {
  const words = [
    ...facts.siteNameEn.toLowerCase().split(/[^a-z0-9]+/),
    ...facts.siteName.split(/\s+/).map(typedOnLatinKeyboard),
    ...hostLabels(facts.email),
    ...(facts.registSiteUrl ? hostLabels(facts.registSiteUrl) : []),
    ...(host ? hostLabels(host) : []),
  ];
  return [...new Set(words.filter((w) => w.length >= 3 && !GENERIC_LABELS.has(w)))];
}

let estimator: ZxcvbnFactory | undefined;

function estimate(password: string, userInputs: string[]): ZxcvbnResult {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...dictionary, koreanTyped: koreanWordsTypedLatin(), koreanRomanised: ROMANISED_KOREAN_WORDS },
    graphs: adjacencyGraphs,
  });
  return estimator.check(password, userInputs);
}

function weaknessOf(result: ZxcvbnResult): PasswordWeakness {
  const matches = result.sequence;
  if (matches.some((m) => m.pattern === 'dictionary' && m.dictionaryName === 'userInputs')) return 'siteName';
  if (matches.some((m) => m.pattern === 'dictionary' && m.dictionaryName === 'koreanTyped')) return 'koreanTyped';
  if (matches.some((m) => m.pattern === 'spatial')) return 'keyboard';
  if (matches.some((m) => m.pattern === 'dictionary')) return 'commonTwist';
  return 'guessable';
}

/**
 * Why `password` is too easy to guess, or null when it is not. `site`: siteWords(); a password
 * containing one is refused whatever its score.
 */
export function passwordWeakness(password: string, site: string[]): PasswordWeakness | null {
  const lower = password.toLowerCase();
  if (site.some((word) => lower.includes(word))) return 'siteName';
  const result = estimate(password, site);
  // Random characters only: how many is spec §5's pattern's to say (6 or more), not a guesser's list.
  if (result.score < MIN_PASSWORD_SCORE) return result.sequence.every((m) => m.pattern === 'bruteforce') ? null : weaknessOf(result);
  // One known word or keyboard run with digits and symbols around it (`Korea123!`) is the first
  // thing a guesser tries, however many guesses the estimator counts for the decorations.
  const withLetters = result.sequence.filter((m) => /\p{L}/u.test(m.token));
  const only = withLetters.length === 1 ? withLetters[0]! : undefined;
  return only && (only.pattern === 'dictionary' || only.pattern === 'spatial') ? weaknessOf(result) : null;
}

/**
 * The parts of who the member is that a password must not contain: the ID (or the key they sign
 * in with) and the e-mail's local part, from 3 characters (shorter ones would refuse passwords
 * by chance).
 */
export function identityWords(...keys: (string | null | undefined)[]): string[] {
  const words = new Set<string>();
  for (const key of keys) {
    if (!key) continue;
    const word = key.trim().toLowerCase().split('@')[0]!;
    if (word.length >= 3) words.add(word);
  }
  return [...words];
}

/**
 * The Korean reason a new password that meets the pattern is refused for, or null: the member's
 * own ID or e-mail (`identity`: identityWords()), then the guessing estimate with the site's words.
 * The server adds its common-password list before it; the screens call this as it is.
 */
export function passwordProblem(password: string, identity: string[], site: string[]): string | null {
  const lower = password.toLowerCase();
  if (identity.some((word) => lower.includes(word))) return accountMessages.passwordHasUserId;
  const weakness = passwordWeakness(password, site);
  return weakness ? weaknessMessages[weakness] : null;
}
