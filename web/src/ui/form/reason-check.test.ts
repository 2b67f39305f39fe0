import { describe, expect, it } from 'vitest';
import { accessReason } from '../../../../contract';
import { accessReasonProblem } from './reason-check';

/** What the schema says of a reason: '' when it takes it, else its first message. */
const bySchema = (reason: string) => {
  const parsed = accessReason.safeParse(reason);
  return parsed.success ? '' : (parsed.error.issues[0]?.message ?? '');
};

describe("the reason box's check agrees with the contract's accessReason schema", () => {
  it.each([
    ['empty', ''],
    ['only spaces and a line break', '  \n '],
    ['one character', '점'],
    ['a sentence', '분기 점검 자료 제출'],
    ['500 characters', '가'.repeat(500)],
    ['500 characters between spaces (trimmed first)', `  ${'가'.repeat(500)}  `],
    ['501 characters', '가'.repeat(501)],
    // zod counts code points: an emoji (two UTF-16 units) is one character.
    ['an emoji as the 500th character', `${'가'.repeat(499)}😀`],
    ['emoji only, 501 of them', '😀'.repeat(501)],
    ['emoji only, 250 of them (500 UTF-16 units)', '😀'.repeat(250)],
  ])('%s', (_, reason) => {
    expect(accessReasonProblem(reason)).toBe(bySchema(reason));
  });

  it('refuses what the schema refuses, with its sentences (the cases above are not all accepted)', () => {
    expect(accessReasonProblem('')).toBe('사유를 입력해주세요.');
    expect(accessReasonProblem('가'.repeat(501))).toBe('사유는 500자 이내로 입력해주세요.');
  });
});
