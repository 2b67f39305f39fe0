import { describe, expect, it } from 'vitest';
import { answerQuestion, readKoreanNumber } from '../../test/captcha';
import { arithmeticQuestion, CAPTCHA_LENGTH, captchaSvg, koreanNumber, randomDigits, svgDataUrl } from './image';

describe('koreanNumber', () => {
  it.each([
    [10, '십'], [11, '십일'], [17, '십칠'], [20, '이십'], [23, '이십삼'], [99, '구십구'], [5, '오'],
  ])('%i reads %s', (n, word) => {
    expect(koreanNumber(n)).toBe(word);
  });

  it('round-trips every number of 1-99', () => {
    for (let n = 1; n <= 99; n++) expect(readKoreanNumber(koreanNumber(n))).toBe(n);
  });
});

describe('arithmeticQuestion', () => {
  it('asks in Korean with the right particle, and its answer is a non-negative number', () => {
    for (let i = 0; i < 200; i++) {
      const { question, answer } = arithmeticQuestion();
      expect(question).toMatch(/^[가-힣]+ (더하기|빼기) [가-힣]+[은는] 얼마입니까\? 답을 숫자로 입력해주세요\.$/);
      expect(answerQuestion(question)).toBe(answer);
      expect(answer).toBeGreaterThanOrEqual(0);
      // 은 after a final consonant (칠, 팔, 일, 삼, 십), 는 after a vowel.
      const second = /(\S+?)([은는]) 얼마/.exec(question)!;
      const last = second[1]!.charCodeAt(second[1]!.length - 1) - 0xac00;
      expect(second[2]).toBe(last % 28 === 0 ? '는' : '은');
    }
  });
});

describe('captchaSvg', () => {
  it('draws each digit as strokes (no fonts, no text, nothing fetched) over noise', () => {
    const code = randomDigits();
    expect(code).toMatch(new RegExp(`^\\d{${CAPTCHA_LENGTH}}$`));
    const svg = captchaSvg(code);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).not.toMatch(/<text|font|href|<script/i);
    expect(svg).not.toContain(code);
    expect(svg.match(/stroke-linecap="round"/g)).toHaveLength(CAPTCHA_LENGTH);
    expect(svg.match(/<circle/g)!.length).toBeGreaterThanOrEqual(20);
    expect(svgDataUrl(svg)).toMatch(/^data:image\/svg\+xml;base64,/);
  });

  it('never draws the same picture twice', () => {
    expect(captchaSvg('12345')).not.toBe(captchaSvg('12345'));
  });
});
