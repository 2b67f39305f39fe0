import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatFileSize, isNew, reportYear } from './format';

describe('formatDate', () => {
  it('shows the Korean calendar date of a +09:00 timestamp', () => {
    expect(formatDate('2026-11-22T14:03:00+09:00')).toBe('2026.11.22');
  });

  it('converts other offsets to Korea Standard Time', () => {
    // 16:30 UTC on the 21st is 01:30 on the 22nd in Korea.
    expect(formatDate('2026-11-21T16:30:00Z')).toBe('2026.11.22');
    expect(formatDate('2026-11-21T23:59:00+09:00')).toBe('2026.11.21');
  });

  it('pads months and days', () => {
    expect(formatDate('2026-01-05T00:00:00+09:00')).toBe('2026.01.05');
  });

  it('returns an unreadable value unchanged', () => {
    expect(formatDate('not a date')).toBe('not a date');
  });
});

describe('formatDateTime', () => {
  it('adds the 24-hour clock', () => {
    expect(formatDateTime('2026-11-22T14:03:00+09:00')).toBe('2026.11.22 14:03');
    expect(formatDateTime('2026-11-22T00:00:59+09:00')).toBe('2026.11.22 00:00');
    expect(formatDateTime('2026-11-22T05:07:00Z')).toBe('2026.11.22 14:07');
  });
});

describe('formatFileSize', () => {
  it.each([
    [0, '0 B'],
    [512, '512 B'],
    [1023, '1023 B'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [1_258_291, '1.2 MB'],
    [1_048_575, '1 MB'],
    [20 * 1024 * 1024, '20 MB'],
    [3 * 1024 ** 3, '3 GB'],
  ])('%d bytes is %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });

  it('gives nothing for impossible sizes', () => {
    expect(formatFileSize(-1)).toBe('');
    expect(formatFileSize(Number.NaN)).toBe('');
  });
});

describe('isNew', () => {
  const now = new Date('2026-11-22T12:00:00+09:00');

  it('is true within the last 3 days', () => {
    expect(isNew('2026-11-22T11:00:00+09:00', now)).toBe(true);
    expect(isNew('2026-11-19T12:00:01+09:00', now)).toBe(true);
  });

  it('is false from 3 days on', () => {
    expect(isNew('2026-11-19T12:00:00+09:00', now)).toBe(false);
    expect(isNew('2026-01-05T09:00:00+09:00', now)).toBe(false);
  });

  it('counts a date slightly in the future as new, and ignores unreadable dates', () => {
    expect(isNew('2026-11-22T12:05:00+09:00', now)).toBe(true);
    expect(isNew('yesterday', now)).toBe(false);
  });
});

describe('reportYear', () => {
  it('reads the year from the title, else from the date in Korea', () => {
    expect(reportYear({ title: '2025년 환자등록사업 연차보고서', createdDate: '2026-03-01T00:00:00+09:00' })).toBe('2025년');
    expect(reportYear({ title: '연차보고서', createdDate: '2025-12-31T16:00:00Z' })).toBe('2026년');
  });
});
