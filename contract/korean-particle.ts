/**
 * Korean particles (조사) after a word put into a sentence: "휴대폰 번호가", "이메일이", "버전 4를".
 * Which form a pair takes depends on how the word's last syllable is read aloud, so sentences
 * never fall back to "이(가)" or "을(를)" (issue 23).
 *
 * How the end of a word is read, kept simple on purpose:
 * - a Hangul syllable: by its final consonant (받침); ㄹ is told apart for 으로/로 ("이메일로");
 * - digits: as Sino-Korean numbers are read: the last digit (1 일, 2 이, 3 삼, 4 사, 5 오, 6 육,
 *   7 칠, 8 팔, 9 구, 0 영), or the unit a round number ends in (10 십, 100 백, 1,000 천, 10,000 만,
 *   10^8 억 all have a final; 10^12 조 has none); thousands separators are ignored;
 * - a Latin letter: by its name, as an abbreviation is read (URL → 엘, PDF → 에프): only L and R
 *   (엘, 알: ㄹ) and M and N (엠, 엔) end in a consonant. An English word read as a word may differ
 *   ("number" 넘버): sentences should name things in Korean;
 * - closing quotes and brackets, trailing spaces and punctuation are skipped ("'이름'이"), and so is a
 *   trailing parenthetical ("고객지원센터(02-123-4567)로" reads 센터);
 * - nothing readable (an empty word, symbols only): read as ending in a vowel.
 */

/** The pairs, written as "form after a final consonant / form after a vowel". */
const pairs = {
  '이/가': ['이', '가'],
  '을/를': ['을', '를'],
  '은/는': ['은', '는'],
  '과/와': ['과', '와'],
  '으로/로': ['으로', '로'],
  '이에요/예요': ['이에요', '예요'],
  '이나/나': ['이나', '나'],
  '이라/라': ['이라', '라'],
} as const satisfies Record<string, readonly [string, string]>;

export type ParticlePair = keyof typeof pairs;

/** How a word's last syllable ends when read aloud. */
export type FinalSound = 'vowel' | 'rieul' | 'consonant';

const HANGUL_FIRST = 0xac00;
const HANGUL_LAST = 0xd7a3;
/** The index of ㄹ among the 28 final-consonant slots of a Hangul syllable (0 is none). */
const FINAL_RIEUL = 8;

/** Last digits 0-9 read in Sino-Korean: 영 일 이 삼 사 오 육 칠 팔 구. */
const digitSounds: readonly FinalSound[] = ['consonant', 'rieul', 'vowel', 'consonant', 'vowel', 'vowel', 'consonant', 'rieul', 'rieul', 'vowel'];

/** Letters whose Korean name ends in a consonant: 엘 (L), 엠 (M), 엔 (N), 알 (R). */
const letterSounds: Readonly<Record<string, FinalSound>> = { L: 'rieul', M: 'consonant', N: 'consonant', R: 'rieul' };

/** What a reader skips at the end of a word: spaces, closing quotes and brackets, punctuation. */
const trailingNoise = /[\s'"’”」』》〉\]}.,!?:;·…~*+\-/]+$/u;
/** A trailing parenthetical that follows a word: "센터(02-123-4567)". */
const trailingParenthetical = /(?<=\S)\s*\([^()]*\)$/u;

/** Reads the end of `word` aloud: vowel, ㄹ or another final consonant. */
export function finalSound(word: string): FinalSound {
  let text = word;
  for (let previous = ''; previous !== text; ) {
    previous = text;
    text = text.replace(trailingNoise, '').replace(trailingParenthetical, '').replace(/^\((.*)\)$/u, '$1');
  }
  const number = /\d[\d,]*(?:\.(\d+))?$/.exec(text);
  if (number) return numberSound(number[0].replaceAll(',', ''), number[1]);
  const last = text.at(-1);
  if (!last) return 'vowel';
  const code = last.charCodeAt(0);
  if (code >= HANGUL_FIRST && code <= HANGUL_LAST) {
    const final = (code - HANGUL_FIRST) % 28;
    return final === 0 ? 'vowel' : final === FINAL_RIEUL ? 'rieul' : 'consonant';
  }
  return letterSounds[last.toUpperCase()] ?? 'vowel';
}

function numberSound(number: string, decimals: string | undefined): FinalSound {
  // Digits after a decimal point are read one by one ("1.0" 일 점 영).
  if (decimals !== undefined) return digitSounds[Number(decimals.at(-1))]!;
  const whole = number.replace(/^0+(?=\d)/, '');
  const zeros = /0*$/.exec(whole)![0].length;
  if (zeros === 0 || whole === '0') return digitSounds[Number(whole.at(-1))]!;
  // 십 백 천 만 (십만 백만 천만) 억 (...) all end in a consonant; 조 (10^12 and beyond) does not.
  return zeros >= 12 ? 'vowel' : 'consonant';
}

/** The form of `pair` that follows `word`: particle('번호', '이/가') → '가'. */
export function particle(word: string, pair: ParticlePair): string {
  const [afterConsonant, afterVowel] = pairs[pair];
  const sound = finalSound(word);
  // 으로/로: ㄹ takes 로 like a vowel ("이메일로", "서울로").
  if (sound === 'vowel' || (sound === 'rieul' && pair === '으로/로')) return afterVowel;
  return afterConsonant;
}

/** `word` followed by its particle: withParticle('휴대폰 번호', '이/가') → '휴대폰 번호가'. */
export function withParticle(word: string, pair: ParticlePair): string {
  return `${word}${particle(word, pair)}`;
}
