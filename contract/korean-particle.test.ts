import { describe, expect, it } from 'vitest';
import { finalSound, particle, withParticle, type ParticlePair } from './korean-particle';

describe('withParticle: the particle a word takes, read as Koreans read it', () => {
  it.each<[word: string, pair: ParticlePair, expected: string]>([
    // Hangul: the last syllable's final consonant decides.
    ['휴대폰 번호', '이/가', '휴대폰 번호가'],
    ['이메일', '이/가', '이메일이'],
    ['아이디', '이/가', '아이디가'],
    ['이름', '을/를', '이름을'],
    ['아이디 찾기', '을/를', '아이디 찾기를'],
    ['회원가입', '을/를', '회원가입을'],
    ['목록 글 수', '은/는', '목록 글 수는'],
    ['게시판', '은/는', '게시판은'],
    ['이름', '과/와', '이름과'],
    ['부서', '과/와', '부서와'],
    ['번호', '이에요/예요', '번호예요'],
    ['이름', '이에요/예요', '이름이에요'],
    // 으로/로: ㄹ takes 로 like a vowel.
    ['휴대폰 번호', '으로/로', '휴대폰 번호로'],
    ['이메일', '으로/로', '이메일로'],
    ['서울', '으로/로', '서울로'],
    ['연락처', '으로/로', '연락처로'],
    ['본문', '으로/로', '본문으로'],
    // Digits, read in Sino-Korean: 일 이 삼 사 오 육 칠 팔 구 영.
    ['버전 1', '을/를', '버전 1을'],
    ['버전 2', '을/를', '버전 2를'],
    ['버전 3', '이/가', '버전 3이'],
    ['버전 4', '을/를', '버전 4를'],
    ['버전 5', '이/가', '버전 5가'],
    ['버전 6', '이/가', '버전 6이'],
    ['버전 7', '으로/로', '버전 7로'],
    ['버전 8', '으로/로', '버전 8로'],
    ['버전 9', '으로/로', '버전 9로'],
    ['버전 3', '으로/로', '버전 3으로'],
    ['0', '은/는', '0은'],
    ['12', '은/는', '12는'],
    // Round numbers end in 십 백 천 만 억 (a final consonant) or 조 (none); separators are ignored.
    ['10', '은/는', '10은'],
    ['100', '이/가', '100이'],
    ['1,000', '을/를', '1,000을'],
    ['20000', '과/와', '20000과'],
    ['100000000', '은/는', '100000000은'],
    ['1000000000000', '은/는', '1000000000000는'],
    ['1.5', '이/가', '1.5가'],
    ['2.0', '이/가', '2.0이'],
    // Latin letters by their names: only L, R (엘, 알) and M, N (엠, 엔) end in a consonant.
    ['URL', '을/를', 'URL을'],
    ['URL', '으로/로', 'URL로'],
    ['HTML', '이/가', 'HTML이'],
    ['PDF', '을/를', 'PDF를'],
    ['QR', '이/가', 'QR이'],
    ['CMS', '은/는', 'CMS는'],
    ['PNG', '이/가', 'PNG가'],
    ['ADMIN', '은/는', 'ADMIN은'],
    ['XM', '으로/로', 'XM으로'],
    ['memo', '은/는', 'memo는'],
    // Quotes, brackets and trailing parentheticals are skipped.
    ["'이름'", '이/가', "'이름'이"],
    ["'부서'", '이/가', "'부서'가"],
    ['「개인정보 보호법」', '을/를', '「개인정보 보호법」을'],
    ['고객지원센터(02-3489-7100, registry@nids.or.kr)', '으로/로', '고객지원센터(02-3489-7100, registry@nids.or.kr)로'],
    ['1번째 부서(총무팀)', '을/를', '1번째 부서(총무팀)를'],
    ['(02)', '이/가', '(02)가'],
    // Nothing readable: as after a vowel.
    ['', '이/가', '가'],
    ['※', '을/를', '※를'],
  ])('%s + %s → %s', (word, pair, expected) => {
    expect(withParticle(word, pair)).toBe(expected);
  });
});

describe('particle and finalSound', () => {
  it('answers the particle alone', () => {
    expect(particle('운영기관', '은/는')).toBe('은');
    expect(particle('한국의료기기안전정보원', '이/가')).toBe('이');
    expect(particle('질병관리청', '이/가')).toBe('이');
    expect(particle('센터', '이/가')).toBe('가');
  });

  it('tells ㄹ from other final consonants', () => {
    expect(finalSound('이메일')).toBe('rieul');
    expect(finalSound('번호')).toBe('vowel');
    expect(finalSound('번')).toBe('consonant');
    expect(finalSound('7')).toBe('rieul');
  });

  it('never writes both forms', () => {
    for (const pair of ['이/가', '을/를', '은/는', '과/와', '으로/로', '이에요/예요', '이나/나', '이라/라'] as const) {
      for (const word of ['번호', '이메일', '아이디', 'size', '100', '', ')']) expect(particle(word, pair)).not.toMatch(/[()/]/);
    }
  });
});
