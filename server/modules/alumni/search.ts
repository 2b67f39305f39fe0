/**
 * Keyword search of the address book, the way board search works (docs/decisions/0004): the
 * unigrams and bigrams of name, organisation, department, e-mail and phone, lower-case, in
 * `alumni.search_tokens` under a GIN index. One- and two-syllable Korean keywords (the common
 * ones) are index lookups; the candidates are then rechecked on the fields themselves.
 * Tokens carry no field prefix: a keyword matches any of the fields, and the recheck makes sure
 * it is inside one field rather than spread over two.
 */
export interface SearchableAlumni {
  name: string;
  organization: string;
  department: string;
  email: string | null;
  phone: string;
}

function addGrams(out: Set<string>, text: string): void {
  for (const word of text.toLowerCase().split(/\s+/)) {
    const chars = Array.from(word);
    for (let i = 0; i < chars.length; i++) {
      out.add(chars[i]!);
      if (i + 1 < chars.length) out.add(chars[i]! + chars[i + 1]!);
    }
  }
}

/** The phone's digits alone, so 01012345678 finds 010-1234-5678. */
export const phoneDigits = (phone: string) => phone.replace(/-/g, '');

export function buildAlumniSearchTokens(record: SearchableAlumni): string[] {
  const tokens = new Set<string>();
  for (const text of [record.name, record.organization, record.department, record.email ?? '', record.phone, phoneDigits(record.phone)]) {
    addGrams(tokens, text);
  }
  return [...tokens];
}

/** The keyword's words, lower-case: each must be inside one of the fields. */
export function keywordWords(keyword: string): string[] {
  return [...new Set(keyword.toLowerCase().split(/\s+/).filter(Boolean))];
}

/** The tokens a word needs: its pairs, or its single character. */
export function wordTokens(word: string): string[] {
  const chars = Array.from(word);
  if (chars.length === 1) return [chars[0]!];
  const out = new Set<string>();
  for (let i = 0; i + 1 < chars.length; i++) out.add(chars[i]! + chars[i + 1]!);
  return [...out];
}
