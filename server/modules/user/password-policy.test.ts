import { describe, expect, it } from 'vitest';
import { accountMessages } from '@contract';
import { checkNewPassword, identityWords, isCommonPassword } from './password-policy';

describe('the common-password list', () => {
  it('holds the 10,000 most common passwords, compared in lower case and without the symbols added to fit the pattern', () => {
    expect(isCommonPassword('qwerty12')).toBe(true);
    expect(isCommonPassword('QWERTY12!')).toBe(true);
    expect(isCommonPassword('pass!word1')).toBe(true);
    expect(isCommonPassword('Passw0rd!')).toBe(true);
    expect(isCommonPassword('new!pass22')).toBe(false);
    expect(isCommonPassword('Reg1stry#Seoul')).toBe(false);
  });
});

describe('checkNewPassword', () => {
  const refusal = (fn: () => void) => {
    try {
      fn();
    } catch (err) {
      return (err as { statusCode: number; message: string }).message;
    }
    return null;
  };

  it('refuses the pattern first, then the confirmation, the list and the member\'s own ID or e-mail', () => {
    expect(refusal(() => checkNewPassword('short'))).toBe(accountMessages.passwordFormat);
    expect(refusal(() => checkNewPassword('new!pass22', 'new!pass23'))).toBe(accountMessages.passwordMismatch);
    expect(refusal(() => checkNewPassword('qwerty12!', 'qwerty12!'))).toBe(accountMessages.passwordTooCommon);
    const me = identityWords('HongGD', 'gildong.hong@example.com');
    expect(refusal(() => checkNewPassword('x1!honggd', undefined, me))).toBe(accountMessages.passwordHasUserId);
    expect(refusal(() => checkNewPassword('Gildong.Hong7!', undefined, me))).toBe(accountMessages.passwordHasUserId);
    expect(refusal(() => checkNewPassword('new!pass22', 'new!pass22', me))).toBeNull();
  });

  it('takes ID parts of three or more characters only, so a short ID refuses nothing by chance', () => {
    expect(identityWords('ab', 'x@example.com', null, undefined)).toEqual([]);
    expect(identityWords(' Kim ', '010-1234-5678')).toEqual(['kim', '010-1234-5678']);
  });
});
