import { describe, expect, it } from 'vitest';
import { maskUserKey } from './mask';

describe('maskUserKey (find-ID)', () => {
  it.each([
    ['hong1234', 'hon*****'],
    ['honggd', 'hon***'],
    ['abcde', 'abc**'],
    ['abcd', 'ab**'],
    ['abc', 'ab*'],
    ['ab', 'a*'],
    ['a', 'a*'],
    ['hong.gildong@example.com', 'hon*********@example.com'],
    ['ab@example.com', 'a*@example.com'],
    ['010-1234-5678', '010-****-5678'],
    ['02-123-4567', '02-***-4567'],
  ])('%s → %s', (code, masked) => {
    expect(maskUserKey(code)).toBe(masked);
  });

  it('never shows the whole key', () => {
    for (const code of ['a', 'ab', 'member1', 'x@y.kr', '010-0000-0000']) expect(maskUserKey(code)).not.toBe(code);
  });
});
