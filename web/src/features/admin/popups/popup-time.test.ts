import { describe, expect, it } from 'vitest';
import { formatKoreanDateTime, fromKoreanInput, toKoreanInput } from './popup-time';

describe('the period fields in Korea time', () => {
  it('show an instant in Korea time, whatever its offset', () => {
    expect(toKoreanInput('2026-12-24T09:00:00+09:00')).toBe('2026-12-24T09:00');
    expect(toKoreanInput('2026-12-24T15:30:00Z')).toBe('2026-12-25T00:30');
    expect(toKoreanInput('')).toBe('');
    expect(toKoreanInput('아님')).toBe('');
  });

  it('send a field\'s value with the Korean offset, and leave anything else to the contract to refuse', () => {
    expect(fromKoreanInput('2026-12-24T09:00')).toBe('2026-12-24T09:00:00+09:00');
    expect(fromKoreanInput('')).toBe('');
    expect(Date.parse(fromKoreanInput(toKoreanInput('2026-12-24T15:30:00Z')))).toBe(Date.parse('2026-12-24T15:30:00Z'));
  });

  it('format the list\'s dates', () => {
    expect(formatKoreanDateTime('2026-12-24T09:05:00+09:00')).toBe('2026.12.24 09:05');
  });
});
