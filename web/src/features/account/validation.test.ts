import { describe, expect, it } from 'vitest';
import type { UserProfileField } from '@contract';
import {
  emailMessage,
  orderIssues,
  passwordChangeIssues,
  passwordConfirmMessage,
  passwordMessage,
  phoneMessage,
  pincodeMessage,
  profileEditIssues,
  profileFieldMessage,
  profileFormValues,
  profilePayload,
  resetPasswordIssues,
  signupIssues,
  signupRequestBody,
  toStringArray,
  userIdMessage,
  userNameMessage,
  type SignupFormValues,
  type SignupSettings,
} from './validation';

const field = (inputType: UserProfileField['inputType'], overrides: Partial<UserProfileField> = {}): UserProfileField => ({
  code: 'extra',
  name: '소속 기관',
  inputType,
  required: true,
  ...overrides,
});

describe('password (spec §5: 6-16 characters with a letter, a digit and a special character)', () => {
  it.each(['abc12!', 'Password1!', 'a1!a1!a1!a1!a1!a', 'Zz9#zzzzzzzzzzzz'])('accepts %s', (password) => {
    expect(passwordMessage(password)).toBeNull();
  });

  it.each(['', 'ab1!', 'abcdefg1', 'abcdefg!', '1234567!', 'a1!a1!a1!a1!a1!a1', 'abc 12!'])('refuses %j', (password) => {
    expect(passwordMessage(password)).toBe('비밀번호는 영문, 숫자, 특수문자를 모두 포함하여 6~16자로 입력해주세요.');
  });

  it('needs a matching, non-empty confirmation', () => {
    expect(passwordConfirmMessage('abc12!', 'abc12!')).toBeNull();
    expect(passwordConfirmMessage('abc12!', 'abc12?')).toBe('비밀번호가 일치하지 않습니다.');
    expect(passwordConfirmMessage('', '')).toBe('비밀번호가 일치하지 않습니다.');
  });
});

describe('user name (spec §5: 1 to 4 Hangul syllables)', () => {
  it.each(['김', '홍길동', '남궁민수', ' 홍길동 '])('accepts %j', (name) => expect(userNameMessage(name)).toBeNull());
  it.each(['', '홍길동전설', 'Hong', '홍 길동', 'ㅎㄱㄷ', '홍1'])('refuses %j', (name) => {
    expect(userNameMessage(name)).toBe('이름은 한글 1~4자로 입력해주세요.');
  });
});

describe('phone (spec §5: 2-3, 3-4, 4 digits with hyphens)', () => {
  it.each(['010-1234-5678', '02-123-4567', '031-1234-5678'])('accepts %s', (phone) => expect(phoneMessage(phone)).toBeNull());
  it.each(['', '01012345678', '010-12-5678', '010-1234-567', '0101-1234-5678', '010 1234 5678'])('refuses %j', (phone) => {
    expect(phoneMessage(phone)).toBe('연락처를 형식에 맞게 입력해주세요.');
  });
});

describe('other key formats', () => {
  it('user id: no whitespace, 4-20 of letters, digits, . _ -', () => {
    expect(userIdMessage('hong_1234')).toBeNull();
    expect(userIdMessage('ho ng')).toBe('아이디는 공백 없이 영문, 숫자, ., _, - 4~20자로 입력해주세요.');
    expect(userIdMessage('abc')).not.toBeNull();
  });

  it('e-mail and pincode', () => {
    expect(emailMessage('hong@example.com')).toBeNull();
    expect(emailMessage('hong@example')).toBe('이메일을 형식에 맞게 입력해주세요.');
    expect(pincodeMessage('012345')).toBeNull();
    expect(pincodeMessage('12345')).toBe('인증번호 6자리를 입력해주세요.');
  });
});

describe('extra profile fields (spec §5: "{field name} 항목을 확인바랍니다.")', () => {
  const required = '소속 기관 항목을 확인바랍니다.';

  it.each(['text', 'textarea', 'date', 'number', 'tel', 'email', 'select', 'radio'] as const)('a required %s field must be filled', (inputType) => {
    expect(profileFieldMessage(field(inputType), '')).toBe(required);
    expect(profileFieldMessage(field(inputType), '   ')).toBe(required);
    expect(profileFieldMessage(field(inputType), undefined)).toBe(required);
  });

  it('an optional empty field passes', () => {
    for (const inputType of ['text', 'tel', 'email', 'number', 'select', 'checkbox', 'checkboxes'] as const) {
      expect(profileFieldMessage(field(inputType, { required: false }), inputType === 'checkbox' ? false : inputType === 'checkboxes' ? [] : '')).toBeNull();
    }
  });

  it('a single checkbox that is required must be true', () => {
    expect(profileFieldMessage(field('checkbox'), true)).toBeNull();
    expect(profileFieldMessage(field('checkbox'), false)).toBe(required);
    expect(profileFieldMessage(field('checkbox'), undefined)).toBe(required);
    expect(profileFieldMessage(field('checkbox'), 'true')).toBe(required);
  });

  it('required multi-value checkboxes need at least one selection', () => {
    const checkboxes = field('checkboxes', { detail: ['가', '나', '다'] });
    expect(profileFieldMessage(checkboxes, [])).toBe(required);
    expect(profileFieldMessage(checkboxes, false)).toBe(required);
    expect(profileFieldMessage(checkboxes, ['가'])).toBeNull();
    expect(profileFieldMessage(checkboxes, ['가', '다'])).toBeNull();
    // One checkbox in the group comes back as its value alone.
    expect(profileFieldMessage(checkboxes, '나')).toBeNull();
    expect(profileFieldMessage(checkboxes, ['라'])).toBe(required);
  });

  it('a filled tel field must be a phone number; a filled email field an address', () => {
    expect(profileFieldMessage(field('tel'), '02-123-4567')).toBeNull();
    expect(profileFieldMessage(field('tel'), '021234567')).toBe('연락처를 형식에 맞게 입력해주세요.');
    expect(profileFieldMessage(field('tel', { required: false }), '1234')).toBe('연락처를 형식에 맞게 입력해주세요.');
    expect(profileFieldMessage(field('email', { required: false }), 'nope')).toBe('이메일을 형식에 맞게 입력해주세요.');
  });

  it('select and radio answers must be one of the options; numbers must be numbers', () => {
    const select = field('select', { detail: ['의사', '간호사'] });
    expect(profileFieldMessage(select, '의사')).toBeNull();
    expect(profileFieldMessage(select, '기타')).toBe(required);
    expect(profileFieldMessage(field('number'), '12.5')).toBeNull();
    expect(profileFieldMessage(field('number'), 'abc')).toBe(required);
  });

  it('toStringArray normalises what checkbox groups give', () => {
    expect(toStringArray(['a', 'b'])).toEqual(['a', 'b']);
    expect(toStringArray('a')).toEqual(['a']);
    expect(toStringArray(false)).toEqual([]);
    expect(toStringArray(undefined)).toEqual([]);
    expect(toStringArray('')).toEqual([]);
  });
});

const profiles: UserProfileField[] = [
  { code: 'organization', name: '소속 기관', inputType: 'text', required: true },
  { code: 'occupation', name: '직역', inputType: 'select', detail: ['의사', '간호사'], required: true },
  { code: 'interests', name: '관심 분야', inputType: 'checkboxes', detail: ['인공관절', '인공수정체'], required: false },
  { code: 'marketingAgree', name: '마케팅 정보 수신 동의', inputType: 'checkbox', required: false },
  { code: 'workPhone', name: '직장 전화', inputType: 'tel', required: false },
  { code: 'years', name: '경력', inputType: 'number', required: false },
];
const idSettings: SignupSettings = { signinKeyType: 'ID', useCapcha: false, userProfiles: profiles };
const validValues: SignupFormValues = {
  agreeTerms: true,
  agreePrivacy: true,
  userId: 'hong1234',
  password: 'abc12!',
  passwordConfirm: 'abc12!',
  name: '홍길동',
  email: 'Hong@Example.com ',
  mobile: '',
  profile: { organization: '서울병원', occupation: '의사', interests: ['인공관절'], marketingAgree: false, workPhone: '', years: '3' },
  captchaAnswer: '',
};
const done = { idCheckPassed: true, emailToken: 'email-token', mobileToken: null };

describe('sign-up', () => {
  it('passes when every field and step is done', () => {
    expect(signupIssues(validValues, done, idSettings)).toEqual([]);
  });

  it('is blocked without the ID check or the e-mail token, with the spec sentences (§5)', () => {
    expect(signupIssues(validValues, { ...done, idCheckPassed: false }, idSettings)).toEqual([
      { name: 'userId', message: '아이디 중복 확인을 진행해주세요.', blocking: true },
    ]);
    expect(signupIssues(validValues, { ...done, emailToken: null }, idSettings)).toEqual([
      { name: 'email', message: '이메일 인증을 진행해주세요.', blocking: true },
    ]);
  });

  it('needs the mobile token too when the mobile number is the key', () => {
    const mobileSettings: SignupSettings = { ...idSettings, signinKeyType: 'MOBILE' };
    const values = { ...validValues, mobile: '010-1234-5678' };
    expect(signupIssues(values, { ...done, idCheckPassed: false }, mobileSettings).map((i) => i.message)).toEqual(['휴대폰 인증을 진행해주세요.']);
    expect(signupIssues(values, { ...done, mobileToken: 'm' }, mobileSettings)).toEqual([]);
    expect(signupIssues({ ...values, mobile: '01012345678' }, { ...done, mobileToken: 'm' }, mobileSettings)).toEqual([
      { name: 'mobile', message: '연락처를 형식에 맞게 입력해주세요.' },
    ]);
  });

  it('lists every problem in screen order, one per field, a format problem before a skipped step', () => {
    const values: SignupFormValues = {
      ...validValues,
      userId: 'a b',
      password: 'short',
      passwordConfirm: 'other',
      name: 'Hong',
      profile: { ...validValues.profile, organization: '', occupation: '', workPhone: '12345' },
    };
    expect(signupIssues(values, { idCheckPassed: false, emailToken: null, mobileToken: null }, idSettings)).toEqual([
      { name: 'userId', message: '아이디는 공백 없이 영문, 숫자, ., _, - 4~20자로 입력해주세요.' },
      { name: 'password', message: '비밀번호는 영문, 숫자, 특수문자를 모두 포함하여 6~16자로 입력해주세요.' },
      { name: 'passwordConfirm', message: '비밀번호가 일치하지 않습니다.' },
      { name: 'name', message: '이름은 한글 1~4자로 입력해주세요.' },
      { name: 'email', message: '이메일 인증을 진행해주세요.', blocking: true },
      { name: 'profile.organization', message: '소속 기관 항목을 확인바랍니다.' },
      { name: 'profile.occupation', message: '직역 항목을 확인바랍니다.' },
      { name: 'profile.workPhone', message: '연락처를 형식에 맞게 입력해주세요.' },
    ]);
  });

  it('asks for both consents, one sentence at a time', () => {
    expect(signupIssues({ ...validValues, agreeTerms: false, agreePrivacy: false }, done, idSettings)).toEqual([
      { name: 'agreeTerms', message: '이용약관과 개인정보 수집·이용에 동의해주세요.' },
    ]);
    expect(signupIssues({ ...validValues, agreePrivacy: false }, done, idSettings)).toEqual([
      { name: 'agreePrivacy', message: '이용약관과 개인정보 수집·이용에 동의해주세요.' },
    ]);
  });

  it('asks for the captcha answer when the site uses one', () => {
    expect(signupIssues(validValues, done, { ...idSettings, useCapcha: true })).toEqual([{ name: 'captchaAnswer', message: '자동입력 방지 문자를 입력해주세요.' }]);
  });

  it('builds the request: the key by key type, the profile, the key tokens kept apart', () => {
    expect(signupRequestBody(validValues, idSettings, done, null)).toEqual({
      userKeyType: 'ID',
      userKeyCode: 'hong1234',
      password: 'abc12!',
      profile: { name: '홍길동', email: 'Hong@Example.com', organization: '서울병원', occupation: '의사', interests: ['인공관절'], marketingAgree: false, years: 3 },
      userKeyTokenForEmail: 'email-token',
      agreeTerms: true,
    });
    const mobile = signupRequestBody(
      { ...validValues, mobile: '010-1234-5678', captchaAnswer: ' 123 ' },
      { ...idSettings, signinKeyType: 'MOBILE', useCapcha: true },
      { ...done, mobileToken: 'mobile-token' },
      { captchaId: 'c1' },
    );
    expect(mobile).toMatchObject({
      userKeyType: 'MOBILE',
      userKeyCode: '010-1234-5678',
      profile: { mobile: '010-1234-5678', email: 'Hong@Example.com' },
      userKeyTokenForEmail: 'email-token',
      userKeyTokenForMobile: 'mobile-token',
      captcha: { captchaId: 'c1', answer: '123' },
    });
    expect(signupRequestBody(validValues, { ...idSettings, signinKeyType: 'EMAIL' }, done, null).userKeyCode).toBe('Hong@Example.com');
  });
});

describe('profile values', () => {
  it('reads stored values into the form, with defaults for what is missing', () => {
    expect(profileFormValues(profiles, { organization: '서울병원', interests: ['인공관절'], marketingAgree: true, years: 3 })).toEqual({
      organization: '서울병원',
      occupation: '',
      interests: ['인공관절'],
      marketingAgree: true,
      workPhone: '',
      years: '3',
    });
  });

  it('sends emptied optional answers on the profile edit so they are removed', () => {
    expect(profilePayload(profiles, { organization: ' 병원 ', occupation: '의사', workPhone: '' }, { keepEmpty: true })).toEqual({
      organization: '병원',
      occupation: '의사',
      interests: [],
      marketingAgree: false,
      workPhone: '',
      years: '',
    });
  });

  it('checks the name and the extra fields on the profile edit', () => {
    expect(profileEditIssues({ name: '홍길동', profile: { organization: '', occupation: '의사' } }, profiles)).toEqual([
      { name: 'profile.organization', message: '소속 기관 항목을 확인바랍니다.' },
    ]);
    expect(profileEditIssues({ name: '', profile: { organization: 'x', occupation: '의사' } }, profiles)).toEqual([
      { name: 'name', message: '이름은 한글 1~4자로 입력해주세요.' },
    ]);
  });
});

describe('password change and reset', () => {
  it('needs the current password, a valid new one and its confirmation', () => {
    expect(passwordChangeIssues({ currentPassword: '', password: 'abc', passwordConfirm: 'abd' }).map((i) => i.name)).toEqual([
      'currentPassword',
      'password',
      'passwordConfirm',
    ]);
    expect(passwordChangeIssues({ currentPassword: 'old', password: 'abc12!', passwordConfirm: 'abc12!' })).toEqual([]);
  });

  it('needs the 6-digit pincode with the new password', () => {
    expect(resetPasswordIssues({ pincode: '12a456', password: 'abc12!', passwordConfirm: 'abc12!' })).toEqual([
      { name: 'pincode', message: '인증번호 6자리를 입력해주세요.' },
    ]);
    expect(resetPasswordIssues({ pincode: '123456', password: 'abc12!', passwordConfirm: 'abc12!' })).toEqual([]);
  });
});

describe('orderIssues', () => {
  it('keeps the first sentence per field and sorts by the screen order, unknown names last', () => {
    expect(
      orderIssues(['a', 'b'], [
        { name: 'x', message: '4' },
        { name: 'b', message: '2' },
        { name: 'a', message: '1' },
        { name: 'b', message: 'dropped' },
      ]).map((i) => i.message),
    ).toEqual(['1', '2', '4']);
  });
});
