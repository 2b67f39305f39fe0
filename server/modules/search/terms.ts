/**
 * The terms the popular list may learn from (issue 23). A term is kept as a visitor typed it,
 * spaces folded and lower-cased, so 환자 등록 and "환자  등록 " count together. A term that looks
 * like personal data (an e-mail address, a phone number, a resident registration number) is never
 * stored, so it can never become popular.
 */
export const POPULAR_TERM_MAX = 30;

export function normalizeTerm(keyword: string): string {
  return keyword.trim().replace(/\s+/g, ' ').toLowerCase();
}

const email = /[^\s@]+@[^\s@]+\.[^\s@]+/;
/** A run of 7 or more digits, however written with spaces, dots, hyphens or brackets: phone numbers, ID numbers. */
const longNumber = /(?:\d[\s().-]*){7,}/;
/** A mobile or area-code number written in parts (010-1234-5678, 02 123 4567). */
const phone = /\b0\d{1,2}[\s.-]?\d{3,4}[\s.-]?\d{4}\b/;

export function looksPersonal(term: string): boolean {
  return email.test(term) || longNumber.test(term) || phone.test(term);
}

/** The term to count for a search, or null when it must not be counted. */
export function countableTerm(keyword: string): string | null {
  const term = normalizeTerm(keyword);
  if (!term || Array.from(term).length > POPULAR_TERM_MAX || looksPersonal(term)) return null;
  return term;
}
