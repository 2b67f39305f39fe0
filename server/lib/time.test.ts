import { describe, expect, it } from 'vitest';
import { kstDate, kstHour, toKstIso } from './time';

/** The date as the function read before it remembered its last day. */
const plainKstDate = (date: Date) => new Date(date.getTime() + 9 * 60 * 60 * 1000).toISOString().slice(0, 10);

describe('Korea Standard Time', () => {
  it('gives the Korean date, changing at midnight in Korea (15:00 UTC), whatever the order of the days asked', () => {
    expect(kstDate(new Date('2026-12-04T14:59:59.999Z'))).toBe('2026-12-04');
    expect(kstDate(new Date('2026-12-04T15:00:00.000Z'))).toBe('2026-12-05');
    // Back to the day before, then forward again: the remembered day is never taken for another.
    expect(kstDate(new Date('2026-12-04T14:59:59.999Z'))).toBe('2026-12-04');
    expect(kstDate(new Date('2026-12-03T15:00:00.000Z'))).toBe('2026-12-04');
    expect(kstDate(new Date('2026-12-03T14:59:59.999Z'))).toBe('2026-12-03');
    expect(kstDate(new Date('1969-12-31T15:00:00.000Z'))).toBe('1970-01-01');
    let seed = 1;
    for (let i = 0; i < 2000; i++) {
      seed = (seed * 48271) % 2147483647;
      // Times close together (as views come) and far apart (housekeeping's cut-offs).
      const ms = i % 2 ? Date.UTC(2026, 11, 4) + (seed % (3 * 24 * 60 * 60 * 1000)) : seed * 1000;
      expect(kstDate(new Date(ms))).toBe(plainKstDate(new Date(ms)));
    }
    expect(() => kstDate(new Date(Number.NaN))).toThrow(RangeError);
  });

  it('gives the hour in Korea and the time with its offset', () => {
    expect(kstHour(new Date('2026-12-04T15:30:00Z'))).toBe(0);
    expect(toKstIso(new Date('2026-12-04T15:30:00Z'))).toBe('2026-12-05T00:30:00+09:00');
  });
});
