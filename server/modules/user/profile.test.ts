import { describe, expect, it } from 'vitest';
import type { UserProfileField } from '@contract';
import { validateProfile } from './profile';

const fields: UserProfileField[] = [
  { code: 'organization', name: '소속 기관', inputType: 'text', required: true },
  { code: 'occupation', name: '직역', inputType: 'select', detail: ['의사', '간호사'], required: true },
  { code: 'interests', name: '관심 분야', inputType: 'checkboxes', detail: ['인공관절', '인공수정체'], required: true },
  { code: 'consent', name: '개인정보 수집 동의', inputType: 'checkbox', required: true },
  { code: 'office', name: '사무실 전화', inputType: 'tel', required: false },
  { code: 'workEmail', name: '업무 이메일', inputType: 'email', required: false },
  { code: 'birth', name: '생년월일', inputType: 'date', required: false },
  { code: 'years', name: '경력', inputType: 'number', required: false },
];
const valid = { organization: ' 병원 ', occupation: '의사', interests: ['인공관절'], consent: true };

describe('validateProfile (spec §5 extra fields)', () => {
  it('keeps defined fields, trims text and drops unknown ones', () => {
    expect(validateProfile(fields, { ...valid, extra: 'x', years: '12' })).toEqual({
      ok: true,
      profile: { organization: '병원', occupation: '의사', interests: ['인공관절'], consent: true, years: 12 },
    });
  });

  it.each([
    ['organization', '', '소속 기관 항목을 확인바랍니다.'],
    ['organization', '   ', '소속 기관 항목을 확인바랍니다.'],
    ['organization', 3, '소속 기관 항목을 확인바랍니다.'],
    ['occupation', '교사', '직역 항목을 확인바랍니다.'],
    ['interests', [], '관심 분야 항목을 확인바랍니다.'],
    ['interests', ['없음'], '관심 분야 항목을 확인바랍니다.'],
    ['interests', '인공관절', '관심 분야 항목을 확인바랍니다.'],
    ['consent', false, '개인정보 수집 동의 항목을 확인바랍니다.'],
    ['consent', 'true', '개인정보 수집 동의 항목을 확인바랍니다.'],
    ['office', '0212345678', '연락처를 형식에 맞게 입력해주세요.'],
    ['workEmail', 'nope', '이메일을 형식에 맞게 입력해주세요.'],
    ['birth', '2026-13-45', '생년월일 항목을 확인바랍니다.'],
    ['years', 'many', '경력 항목을 확인바랍니다.'],
  ])('%s = %j → "%s"', (code, value, message) => {
    expect(validateProfile(fields, { ...valid, [code]: value })).toEqual({ ok: false, message, field: `profile.${code}` });
  });

  it('a missing required field fails; partial checks only the fields given', () => {
    const { consent: _consent, ...withoutConsent } = valid;
    expect(validateProfile(fields, withoutConsent)).toEqual({ ok: false, message: '개인정보 수집 동의 항목을 확인바랍니다.', field: 'profile.consent' });
    expect(validateProfile(fields, { occupation: '간호사' }, { partial: true })).toEqual({ ok: true, profile: { occupation: '간호사' } });
    expect(validateProfile(fields, { organization: '' }, { partial: true })).toEqual({ ok: false, message: '소속 기관 항목을 확인바랍니다.', field: 'profile.organization' });
  });
});
