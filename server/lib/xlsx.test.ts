import { describe, expect, it } from 'vitest';
import { escapeCell } from './xlsx';

describe('escapeCell', () => {
  it.each([
    ['=1+1', "'=1+1"], ['+82', "'+82"], ['-1', "'-1"], ['@x', "'@x"], ['\t=1', "'\t=1"], ['안녕 =1', '안녕 =1'], ['', ''],
  ])('%j → %j', (input, expected) => {
    expect(escapeCell(input)).toBe(expected);
  });
});
