import { describe, expect, it } from 'vitest';
import { pincodeEmail } from './templates';

describe('pincodeEmail', () => {
  it.each([
    ['SIGNUP', '회원가입을 위한 인증번호를 알려드립니다.'],
    ['FIND_ID', '아이디 찾기를 위한 인증번호를 알려드립니다.'],
    ['CHANGE_KEY', '회원정보 변경을 위한 인증번호를 알려드립니다.'],
    ['RESET', '비밀번호 재설정을 위한 인증번호를 알려드립니다.'],
  ] as const)('names its purpose with the particle it takes (%s)', (purpose, line) => {
    const mail = pincodeEmail('123456', purpose);
    expect(mail.text.split('\n')).toContain(line);
    expect(mail.text).toContain('인증번호: 123456');
  });
});
