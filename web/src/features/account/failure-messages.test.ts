import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../lib/api';
import { failureDetail, resetPasswordFailureMessage, signinFailureMessage, signupFailureMessage } from './failure-messages';

type Code = ApiRequestError['code'];
const error = (code: Code, message = '서버 메시지', status = 400, field?: string) => new ApiRequestError(status, code, message, undefined, field);

describe('signinFailureMessage (spec §8, word for word)', () => {
  it.each<[Code, string]>([
    ['INVALID_CREDENTIAL', '계정 정보가 일치하지 않습니다. 다시 입력해주세요.'],
    ['NOT_FOUND', '회원 정보가 없습니다.'],
    ['NOT_ACCEPTABLE', '로그인에 실패했습니다. 관리자에게 문의해주세요.'],
    ['BAD_REQUEST', '로그인에 실패했습니다.'],
    ['TOO_MANY_REQUESTS', '로그인에 실패했습니다.'],
    ['NETWORK_ERROR', '로그인에 실패했습니다.'],
  ])('%s', (code, sentence) => {
    expect(signinFailureMessage(error(code))).toBe(sentence);
  });

  it('anything that is not an API error is "any other"', () => {
    expect(signinFailureMessage(new Error('x'))).toBe('로그인에 실패했습니다.');
    expect(signinFailureMessage(undefined)).toBe('로그인에 실패했습니다.');
  });

  it('keeps the reason of a lock or a wrong captcha as a detail', () => {
    const locked = error('NOT_ACCEPTABLE', '비밀번호를 5회 잘못 입력하여 10분 동안 로그인할 수 없습니다.', 403);
    expect(failureDetail(locked, signinFailureMessage(locked))).toBe('비밀번호를 5회 잘못 입력하여 10분 동안 로그인할 수 없습니다.');
    const captcha = error('BAD_REQUEST', '자동입력 방지 문자가 일치하지 않습니다.', 400, 'captcha');
    expect(failureDetail(captcha, signinFailureMessage(captcha))).toBe('자동입력 방지 문자가 일치하지 않습니다.');
    expect(failureDetail(error('INVALID_CREDENTIAL', '계정 정보가 일치하지 않습니다. 다시 입력해주세요.', 401), '계정 정보가 일치하지 않습니다. 다시 입력해주세요.')).toBeNull();
  });

  it('decides by code and field, not by the sentence: the same sentence with no field and a plain code adds nothing', () => {
    expect(failureDetail(error('BAD_REQUEST', '자동입력 방지 문자가 일치하지 않습니다.'), '로그인에 실패했습니다.')).toBeNull();
    expect(failureDetail(error('INTERNAL_ERROR', '일시적인 오류가 발생했습니다.', 500), '로그인에 실패했습니다.')).toBeNull();
    expect(failureDetail(error('TOO_MANY_REQUESTS', '요청이 너무 많습니다. 잠시 후 다시 시도해주세요.', 429), '인증번호 발송에 실패했습니다.')).toBe(
      '요청이 너무 많습니다. 잠시 후 다시 시도해주세요.',
    );
    expect(failureDetail(error('NETWORK_ERROR', '서버에 연결할 수 없습니다.', 0), '인증번호 발송에 실패했습니다.')).toBe('서버에 연결할 수 없습니다.');
    expect(failureDetail(new Error('x'), '인증번호 발송에 실패했습니다.')).toBeNull();
  });
});

describe('signupFailureMessage', () => {
  it('is the spec sentence, typo included, for failures that name no field', () => {
    expect(signupFailureMessage(error('INTERNAL_ERROR', '일시적인 오류가 발생했습니다.', 500))).toBe('회원가입의 실패하였습니다.');
    expect(signupFailureMessage(error('BAD_REQUEST', '값의 형식이 올바르지 않습니다.'))).toBe('회원가입의 실패하였습니다.');
    expect(signupFailureMessage(error('TOO_MANY_REQUESTS', '요청이 너무 많습니다. 잠시 후 다시 시도해주세요.', 429))).toBe('회원가입의 실패하였습니다.');
    // The spec's own failure sentence comes back with no field.
    expect(signupFailureMessage(error('BAD_REQUEST', '회원가입의 실패하였습니다.'))).toBe('회원가입의 실패하였습니다.');
  });

  it('shows the sentence of the rule the server named a field for', () => {
    for (const [sentence, field, code] of [
      ['이메일 인증을 진행해주세요.', 'userKeyTokenForEmail', 'BAD_REQUEST'],
      ['연락처를 형식에 맞게 입력해주세요.', 'profile.mobile', 'BAD_REQUEST'],
      ['소속 기관 항목을 확인바랍니다.', 'profile.org', 'BAD_REQUEST'],
      ['이미 사용 중인 아이디입니다.', 'userKeyCode', 'CONFLICT'],
      ['이미 사용 중인 번호입니다.', 'userKeyCode', 'CONFLICT'],
      ['휴대폰 인증을 진행해주세요.', 'userKeyTokenForMobile', 'BAD_REQUEST'],
      ['인증 정보가 만료되었거나 올바르지 않습니다. 인증을 다시 진행해주세요.', 'userKeyTokenForEmail', 'BAD_REQUEST'],
    ] as const) {
      expect(signupFailureMessage(error(code, sentence, code === 'CONFLICT' ? 409 : 400, field))).toBe(sentence);
    }
  });
});

describe('resetPasswordFailureMessage', () => {
  it('is the spec sentence unless the refusal names a field', () => {
    expect(resetPasswordFailureMessage(error('INTERNAL_ERROR', 'x', 500))).toBe('비밀번호 재설정이 실패했습니다.');
    expect(resetPasswordFailureMessage(error('BAD_REQUEST', '인증번호가 만료되었습니다. 인증번호 발송 요청을 다시 해주세요.', 400, 'userToken'))).toBe(
      '인증번호가 만료되었습니다. 인증번호 발송 요청을 다시 해주세요.',
    );
    // A wrong pincode is the generic failure sentence of the pincode step (no field), not a more precise one.
    expect(resetPasswordFailureMessage(error('BAD_REQUEST', '인증에 실패하였습니다.'))).toBe('비밀번호 재설정이 실패했습니다.');
  });
});
