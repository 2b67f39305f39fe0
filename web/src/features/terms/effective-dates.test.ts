import { describe, expect, it } from 'vitest';
import { effectivePeriod, koreanDate, koreanIsoDate, versionStates } from './effective-dates';

describe('effective dates', () => {
  it('gives the date in Korea without zero padding', () => {
    expect(koreanDate('2026-10-31T15:00:00.000Z')).toBe('2026년 11월 1일');
    expect(koreanDate('2027-01-04T14:59:59.000Z')).toBe('2027년 1월 4일');
    expect(koreanIsoDate('2026-10-31T15:00:00.000Z')).toBe('2026-11-01');
  });

  it('ends a period the day before the next version took effect at midnight in Korea', () => {
    expect(effectivePeriod({ effectiveFrom: '2026-10-31T15:00:00.000Z', effectiveTo: '2026-11-30T15:00:00.000Z' })).toBe('2026년 11월 1일 ~ 2026년 11월 30일');
    expect(effectivePeriod({ effectiveFrom: '2026-10-31T15:00:00.000Z', effectiveTo: null })).toBe('2026년 11월 1일 ~ 현재');
  });

  it('finds the version in force and the one announced', () => {
    const now = Date.parse('2026-12-02T00:00:00Z');
    const states = versionStates(
      [
        { version: 1, effectiveFrom: '2026-10-31T15:00:00.000Z', effectiveTo: '2026-11-30T15:00:00.000Z', status: 'past' },
        { version: 3, effectiveFrom: '2027-01-31T15:00:00.000Z', effectiveTo: null, status: 'scheduled' },
        { version: 2, effectiveFrom: '2026-11-30T15:00:00.000Z', effectiveTo: '2027-01-31T15:00:00.000Z', status: 'current' },
      ],
      now,
    );
    expect(states.versions.map((version) => version.version)).toEqual([3, 2, 1]);
    expect(states.current?.version).toBe(2);
    expect(states.scheduled?.version).toBe(3);
  });
});
