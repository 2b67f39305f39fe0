import { describe, expect, it } from 'vitest';
import { accessReasonProblem } from './access-reason';

describe('the console reason boxes check reasons with the contract', () => {
  it.each([
    ['empty', '', '사유를 입력해주세요.'],
    ['only spaces and a line break', '  \n ', '사유를 입력해주세요.'],
    ['one character', '점', ''],
    ['500 characters between spaces (trimmed first)', `  ${'가'.repeat(500)}  `, ''],
    ['501 characters', '가'.repeat(501), '사유는 500자 이내로 입력해주세요.'],
    // Code points, as zod counts: an emoji is one character.
    ['an emoji as the 500th character', `${'가'.repeat(499)}😀`, ''],
  ])('%s', (_, reason, problem) => {
    expect(accessReasonProblem(reason)).toBe(problem);
  });
});
