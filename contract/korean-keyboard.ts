/**
 * Korean words as they come out when typed on a Latin keyboard in the standard (두벌식) layout:
 * 안녕 is `dkssud`, 사랑해 `tkfkdgo`. People choose such passwords because they look random to
 * a dictionary of English words (issue 25); the password estimator learns them from here.
 */

const INITIALS = ['r', 'R', 's', 'e', 'E', 'f', 'a', 'q', 'Q', 't', 'T', 'd', 'w', 'W', 'c', 'z', 'x', 'v', 'g'];
const MEDIALS = ['k', 'o', 'i', 'O', 'j', 'p', 'u', 'P', 'h', 'hk', 'ho', 'hl', 'y', 'n', 'nj', 'np', 'nl', 'b', 'm', 'ml', 'l'];
const FINALS = ['', 'r', 'R', 'rt', 's', 'sw', 'sg', 'e', 'f', 'fr', 'fa', 'fq', 'ft', 'fx', 'fv', 'fg', 'a', 'q', 'qt', 't', 'T', 'd', 'w', 'c', 'z', 'x', 'v', 'g'];

/** The keys typed for `text` (Hangul syllables; any other character as it is), in lower case. */
export function typedOnLatinKeyboard(text: string): string {
  let keys = '';
  for (const ch of text) {
    const code = ch.charCodeAt(0) - 0xac00;
    if (code < 0 || code > 11171) {
      keys += ch;
      continue;
    }
    keys += INITIALS[Math.floor(code / 588)]! + MEDIALS[Math.floor((code % 588) / 28)]! + FINALS[code % 28]!;
  }
  return keys.toLowerCase();
}

/**
 * Words Korean users pick for passwords: greetings and feelings, family, places, names, the
 * password itself, and this site's own field (the registry, implants, hospitals).
 */
export const KOREAN_PASSWORD_WORDS = [
  '안녕', '안녕하세요', '사랑', '사랑해', '사랑해요', '행복', '행복해', '감사', '감사합니다', '고마워', '보고싶다', '화이팅', '파이팅', '만세', '최고',
  '비밀', '비밀번호', '암호', '로그인', '관리자', '운영자', '회원', '가입', '우리', '우리집', '가족', '엄마', '아빠', '아들', '딸', '친구', '자기', '여보', '애기',
  '대한민국', '한국', '서울', '부산', '대구', '인천', '광주', '대전', '울산', '제주', '경기', '강남', '한강', '하늘', '바다', '사과', '김치', '고양이', '강아지', '토끼', '호랑이',
  '축구', '야구', '농구', '게임', '음악', '노래', '여름', '겨울', '생일', '졸업', '결혼', '행운', '희망', '꿈', '별', '달', '해', '봄', '가을',
  '철수', '영희', '민수', '지수', '민지', '지민', '서연', '민준', '하은', '도윤', '김', '이', '박', '최', '정',
  '환자', '등록', '환자등록', '의료', '의료기기', '이식', '인체', '인체이식', '심장', '병원', '의사', '간호사', '건강', '보건', '복지', '식약처', '안전',
] as const;

/** The same words as typed on a Latin keyboard, for the estimator's dictionary. */
export const koreanWordsTypedLatin = (): string[] => [...new Set(KOREAN_PASSWORD_WORDS.map(typedOnLatinKeyboard))];

/** Korean words people spell in Latin letters in passwords (`Korea123!`): romanised, not typed. */
export const ROMANISED_KOREAN_WORDS = [
  'korea', 'korean', 'hanguk', 'hangul', 'daehan', 'daehanminguk', 'seoul', 'busan', 'daegu', 'incheon', 'gwangju', 'daejeon', 'ulsan', 'jeju',
  'gangnam', 'kimchi', 'sarang', 'saranghae', 'annyeong', 'hwaiting', 'fighting', 'samsung', 'hyundai', 'kim', 'lee', 'park', 'choi', 'jung',
];
