import { describe, expect, it } from 'vitest';
import { accountMessages } from '@contract';
import { siteWords } from '@contract/password-strength';
import { seedSettings } from '../../seed/base';
import { checkNewPassword, firstAdminPasswordProblem, identityWords, isCommonPassword } from './password-policy';

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

describe('what a guesser tries first (issue 25)', () => {
  const refusal = (password: string, identity: string[] = []) => {
    try {
      checkNewPassword(password, password, identity, siteWords(seedSettings));
    } catch (err) {
      return (err as Error).message;
    }
    return null;
  };

  it('refuses substitutions and decorations of common passwords and words', () => {
    for (const password of ['P@ssw0rd', 'P@ssword1', 'Admin123!', 'Korea123!', 'Test1234!']) {
      expect([accountMessages.passwordTooCommon, accountMessages.passwordCommonTwist], password).toContain(refusal(password));
    }
  });

  it('refuses keyboard walks', () => {
    for (const password of ['1q2w3e4r!', 'qwer1234!', 'asdf1234!', 'zxcv!1234']) {
      expect([accountMessages.passwordTooCommon, accountMessages.passwordCommonTwist, accountMessages.passwordKeyboardWalk], password).toContain(refusal(password));
    }
  });

  it('refuses Korean words typed on a Latin keyboard, and says so', () => {
    expect(refusal('dkssud12!')).toBe(accountMessages.passwordKoreanTyped);
    expect(refusal('tkfkdgo1!')).toBe(accountMessages.passwordKoreanTyped);
    expect(refusal('Ghkswk#2026')).toBe(accountMessages.passwordKoreanTyped);
  });

  it("refuses the site's own name and domain", () => {
    expect(refusal('nids2026!')).toBe(accountMessages.passwordHasSiteName);
    expect(refusal('Registry#77')).toBe(accountMessages.passwordHasSiteName);
    expect(refusal('x1!Implantable')).toBe(accountMessages.passwordHasSiteName);
  });

  it('refuses repeats and runs, and takes random ones of the pattern\'s six and more, and passphrases', () => {
    expect(refusal('aaaaaa1!')).toBe(accountMessages.passwordGuessable);
    expect(refusal('xyxyxy!9')).toBe(accountMessages.passwordGuessable);
    for (const password of ['a1!bC2', 'Zq8!mT3w', 'x9!Tr2#pLq', 'sky!blue42', 'hello!World7', 'new!pass22']) expect(refusal(password), password).toBeNull();
  });

  it('holds the first administrator’s ADMIN_PASSWORD to the same rules (not the length pattern)', () => {
    expect(firstAdminPasswordProblem('Korea123!', 'admin', seedSettings)).toBe(accountMessages.passwordCommonTwist);
    expect(firstAdminPasswordProblem('Admin123!', 'admin', seedSettings)).toBe(accountMessages.passwordHasUserId);
    expect(firstAdminPasswordProblem('nids#7Kq2w', 'admin', seedSettings)).toBe(accountMessages.passwordHasSiteName);
    expect(firstAdminPasswordProblem('test-staff-passphrase-1234', 'admin', seedSettings)).toBeNull();
  });
});
