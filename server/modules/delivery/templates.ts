import { withParticle } from '@contract/korean-particle';
import type { KeyTokenPurpose } from '../../db/schema';

const SITE = '인체이식형 의료기기 환자등록사업';

const purposeLabels: Record<KeyTokenPurpose, string> = {
  SIGNUP: '회원가입',
  FIND_ID: '아이디 찾기',
  CHANGE_KEY: '회원정보 변경',
  RESET: '비밀번호 재설정',
};

/** The pincode e-mail: a clear Korean subject, the code, its validity and what to do if unasked. */
export function pincodeEmail(pincode: string, purpose: KeyTokenPurpose): { subject: string; text: string } {
  return {
    subject: `[${SITE}] 인증번호 안내`,
    text: [
      `안녕하세요. ${SITE} 누리집입니다.`,
      '',
      `${withParticle(purposeLabels[purpose], '을/를')} 위한 인증번호를 알려드립니다.`,
      '',
      `인증번호: ${pincode}`,
      '',
      '인증번호는 5분 동안 유효합니다. 5분 안에 입력해주세요.',
      '본인이 요청하지 않으셨다면 이 메일을 무시하셔도 됩니다. 인증번호를 다른 사람에게 알려주지 마세요.',
      '',
      '이 메일은 발신 전용입니다.',
    ].join('\n'),
  };
}

/** Short enough for one SMS (45 Korean characters). */
export function pincodeSms(pincode: string): string {
  return `[환자등록사업] 인증번호 ${pincode} (5분 안에 입력해주세요)`;
}

/**
 * Find ID's full IDs (issue 23), sent only to the address the member has just proved with a
 * pincode: the screen shows them masked, this message in full.
 */
export function fullIdEmail(ids: readonly { userKeyCode: string; joined: string }[]): { subject: string; text: string } {
  return {
    subject: `[${SITE}] 아이디 안내`,
    text: [
      `안녕하세요. ${SITE} 누리집입니다.`,
      '',
      '요청하신 아이디 찾기 결과를 알려드립니다. 인증하신 이메일로 가입된 아이디입니다.',
      '',
      ...ids.map((id) => `아이디: ${id.userKeyCode} (가입일 ${id.joined})`),
      '',
      '본인이 요청하지 않으셨다면 비밀번호를 바꾸시고 관리자에게 알려주세요.',
      '',
      '이 메일은 발신 전용입니다.',
    ].join('\n'),
  };
}

/** The SMS: the IDs in full, as short as it can be. */
export function fullIdSms(ids: readonly { userKeyCode: string }[]): string {
  return `[환자등록사업] 아이디: ${ids.map((id) => id.userKeyCode).join(', ')}`;
}
