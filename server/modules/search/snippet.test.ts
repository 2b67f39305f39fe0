import { describe, expect, it } from 'vitest';
import { contains, highlight, snippet } from './snippet';
import { countableTerm, looksPersonal, normalizeTerm } from './terms';

describe('highlight', () => {
  it('marks every occurrence, case-insensitively, and keeps the rest as text', () => {
    expect(highlight('UDI 안내와 udi 등록', 'udi')).toEqual([
      { text: 'UDI', mark: true }, { text: ' 안내와 ', mark: false }, { text: 'udi', mark: true }, { text: ' 등록', mark: false },
    ]);
  });

  it('treats the keyword as text, not as a pattern', () => {
    expect(highlight('a.b와 axb', 'a.b')).toEqual([{ text: 'a.b', mark: true }, { text: '와 axb', mark: false }]);
    expect(contains('(괄호)', '(괄')).toBe(true);
  });

  it('gives text unchanged without a match or keyword', () => {
    expect(highlight('<b>굵게</b>', '없음')).toEqual([{ text: '<b>굵게</b>', mark: false }]);
    expect(highlight('', '환자')).toEqual([]);
  });
});

describe('snippet', () => {
  const long = `${'가'.repeat(200)} 환자등록 ${'나'.repeat(200)}`;

  it('cuts around the first match with ellipses', () => {
    const parts = snippet(long, '환자', 60);
    expect(parts[0]).toEqual({ text: '…', mark: false });
    expect(parts.at(-1)).toEqual({ text: '…', mark: false });
    expect(parts.filter((p) => p.mark)).toEqual([{ text: '환자', mark: true }]);
    expect(parts.map((p) => p.text).join('').length).toBeLessThanOrEqual(62);
  });

  it('starts at the beginning when the match is near it, and folds white space', () => {
    expect(snippet('  첫 줄\n\n 환자 안내 ', '환자')).toEqual([{ text: '첫 줄 ', mark: false }, { text: '환자', mark: true }, { text: ' 안내', mark: false }]);
  });

  it('never splits a character made of two code units', () => {
    const text = `${'😀'.repeat(100)}환자`;
    const joined = snippet(text, '환자', 40).map((p) => p.text).join('');
    expect(joined).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
  });
});

describe('popular terms', () => {
  it('folds spaces and case', () => {
    expect(normalizeTerm('  심장   박동기 ')).toBe('심장 박동기');
    expect(normalizeTerm('UDI')).toBe('udi');
  });

  it.each(['hong@example.com', '010-1234-5678', '01012345678', '02 123 4567', '(02) 3489-7180', '900101-1234567', '연락처 010 1234 5678'])(
    'never counts %s (personal data)',
    (term) => {
      expect(looksPersonal(normalizeTerm(term))).toBe(true);
      expect(countableTerm(term)).toBeNull();
    },
  );

  it.each(['인공관절', '2025 연차보고서', 'udi', '심장 박동기 회수'])('counts %s', (term) => {
    expect(countableTerm(term)).toBe(normalizeTerm(term));
  });

  it('leaves out terms too long to be a search people share', () => {
    expect(countableTerm('가'.repeat(31))).toBeNull();
  });
});
