import { describe, expect, it } from 'vitest';
import { codeAt, hashRecoveryCode, matchingStep, newRecoveryCodes, newSecret, normaliseRecoveryCode } from './totp';

const at = new Date('2026-11-25T03:00:10Z');
const step = Math.floor(at.getTime() / 30_000);

describe('TOTP codes', () => {
  it('matches RFC 6238 test vector (SHA-1, 59 s) for the 20-byte ASCII secret', () => {
    // RFC 6238 appendix B: secret "12345678901234567890", T = 59 s → 94287082 (8 digits); six digits: 287082.
    const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
    expect(codeAt(secret, new Date(59_000))).toBe('287082');
  });

  it('finds the step of the current code and of the steps beside it, and no other', () => {
    expect(newSecret()).toMatch(/^[A-Z2-7]{32}$/);
    // A fixed secret and time, so the codes two steps away are known to differ from the window's three.
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const codeOf = (offset: number) => codeAt(secret, new Date(at.getTime() + offset * 30_000));
    expect(new Set([-2, -1, 0, 1, 2].map(codeOf)).size).toBe(5);
    expect(matchingStep(secret, codeOf(0), at)).toBe(step);
    expect(matchingStep(secret, codeOf(-1), at)).toBe(step - 1);
    expect(matchingStep(secret, codeOf(1), at)).toBe(step + 1);
    expect(matchingStep(secret, codeOf(-2), at)).toBeNull();
    expect(matchingStep(secret, codeOf(2), at)).toBeNull();
  });

  it('refuses anything but six digits before computing', () => {
    const secret = newSecret();
    for (const input of ['', '12345', '1234567', 'abcdef', ' 123456', '12 3456']) expect(matchingStep(secret, input, at)).toBeNull();
  });
});

describe('recovery codes', () => {
  it('are ten different codes of ten base32 letters with a hyphen', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
  });

  it('are read in any case, with or without the hyphen and spaces; anything else is no code', () => {
    expect(normaliseRecoveryCode('ABCDE-FGH23')).toBe('abcdefgh23');
    expect(normaliseRecoveryCode(' abcde fgh23 ')).toBe('abcdefgh23');
    for (const input of ['abcde-fgh2', 'abcde-fgh231', 'abcde-fgh18', "abcde'-- x", '123456']) expect(normaliseRecoveryCode(input)).toBeNull();
  });

  it('are stored as a SHA-256 hash, never as typed', () => {
    const hash = hashRecoveryCode('abcdefgh23');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain('abcdefgh23');
  });
});
