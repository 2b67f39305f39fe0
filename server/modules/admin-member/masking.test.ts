import { describe, expect, it } from 'vitest';
import type { UserProfileField } from '@contract';
import { maskKey, maskText, profileValues } from './masking';

describe('console masking', () => {
  it('masks a sign-in key only when it is an address', () => {
    expect(maskKey('hong1234', { email: 'h@example.com', mobile: null })).toBe('hong1234');
    expect(maskKey('hong@example.com', { email: 'hong@example.com', mobile: null })).toBe('ho**@example.com');
    expect(maskKey('010-1234-5678', { email: null, mobile: '010-1234-5678' })).toBe('010-****-5678');
  });

  it('keeps the first character of free text', () => {
    expect(maskText('서울대학교병원')).toBe('서******');
    expect(maskText('가')).toBe('가**');
    expect(maskText('')).toBe('');
  });

  it('masks typed profile values, shows chosen options, and treats unknown stored fields as personal', () => {
    const fields: UserProfileField[] = [
      { code: 'org', name: '소속', inputType: 'text', required: true },
      { code: 'job', name: '직역', inputType: 'select', detail: ['의사'], required: true },
      { code: 'agree', name: '동의', inputType: 'checkbox', required: false },
      { code: 'missing', name: '없음', inputType: 'text', required: false },
    ];
    const profile = { org: '병원', job: '의사', agree: false, old: '옛 값' };
    expect(profileValues(fields, profile, false)).toEqual([
      { code: 'org', name: '소속', value: '병**', masked: true },
      { code: 'job', name: '직역', value: '의사', masked: false },
      { code: 'agree', name: '동의', value: '아니오', masked: false },
      { code: 'old', name: 'old', value: '옛**', masked: true },
    ]);
    expect(profileValues(fields, profile, true).map((v) => v.value)).toEqual(['병원', '의사', '아니오', '옛 값']);
  });
});
