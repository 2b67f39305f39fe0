import type { AuthType, UserKeyType } from '@contract';
import { withParticle } from '@contract/korean-particle';

/**
 * Korean sentences of the account screens that the spec leaves open. The sentences the spec fixes
 * (§5, §8) are not repeated here: they come from `accountMessages` and `messages` in the contract.
 */
export const uiMessages = {
  required: (label: string) => `${withParticle(label, '을/를')} 입력해주세요.`,
  pincodeSent: '인증번호를 발송했습니다. 5분 안에 입력해주세요.',
  pincodeSentAgain: '인증번호를 다시 발송했습니다. 5분 안에 입력해주세요.',
  currentPasswordRequired: '현재 비밀번호를 입력해주세요.',
  captchaRequired: '자동입력 방지 문자를 입력해주세요.',
  profileSaved: '회원 정보가 저장되었습니다.',
  passwordChanged: '비밀번호가 변경되었습니다. 새 비밀번호로 다시 로그인해주세요.',
  keyChanged: (label: string) => `${withParticle(label, '이/가')} 변경되었습니다.`,
  retireConfirm: '회원 탈퇴를 진행하시겠습니까? 탈퇴하면 회원 정보를 되돌릴 수 없습니다.',
  settingsFailed: '화면 설정을 불러오지 못했습니다. 잠시 후 다시 시도해주세요.',
  userLoadFailed: '회원 정보를 불러오지 못했습니다. 잠시 후 다시 시도해주세요.',
  activityLoadFailed: '내역을 불러오지 못했습니다. 잠시 후 다시 시도해주세요.',
  errorSummaryTitle: (count: number) => `입력 내용을 확인해주세요. 확인이 필요한 항목이 ${count}개 있습니다.`,
  pending: '처리 중…',
} as const;

/** What the sign-in key is called on screen (spec §2 authType). */
export const signinKeyLabels: Record<AuthType, string> = {
  IdAndPassword: '아이디',
  EmailAndPassword: '이메일',
  MobileAndPassword: '휴대폰 번호',
};

/** What an e-mail address or mobile number is called on the verification screens. */
export const verifiedKeyLabels: Record<Exclude<UserKeyType, 'ID'>, string> = {
  EMAIL: '이메일',
  MOBILE: '휴대폰 번호',
};
