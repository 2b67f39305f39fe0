/** Reads a Sino-Korean number of 1-99 independently of the CAPTCHA generator. */
export function readKoreanNumber(word: string): number {
  const digits: Record<string, number> = { 일: 1, 이: 2, 삼: 3, 사: 4, 오: 5, 육: 6, 칠: 7, 팔: 8, 구: 9 };
  if (!word.includes('십')) return digits[word]!;
  const [tens, ones] = word.split('십') as [string, string];
  return (tens === '' ? 1 : digits[tens]!) * 10 + (ones ? digits[ones]! : 0);
}

/** Answers a CAPTCHA text alternative such as "이십삼 더하기 십칠은 얼마입니까?", as a screen-reader user would. */
export function answerQuestion(question: string): number {
  const match = /^(\S+) (더하기|빼기) (\S+?)[은는] 얼마입니까\?/.exec(question);
  if (!match) throw new Error(`unexpected question: ${question}`);
  const a = readKoreanNumber(match[1]!);
  const b = readKoreanNumber(match[3]!);
  return match[2] === '더하기' ? a + b : a - b;
}
