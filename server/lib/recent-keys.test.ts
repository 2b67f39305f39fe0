import { describe, expect, it } from 'vitest';
import { RecentKeys } from './recent-keys';

describe('RecentKeys', () => {
  it('says first once per key while it remembers it, keeps at least the newest half of its size and never more than its size', () => {
    const recent = new RecentKeys(1_000);
    for (let i = 0; i < 5_000; i++) {
      expect(recent.firstTime(`k${i}`)).toBe(true);
      expect(recent.firstTime(`k${i}`)).toBe(false);
      expect(recent.size).toBeLessThanOrEqual(1_000);
    }
    // The newest 500 are all remembered; the oldest are forgotten and count as new again.
    for (let i = 4_500; i < 5_000; i++) expect(recent.firstTime(`k${i}`)).toBe(false);
    expect(recent.firstTime('k0')).toBe(true);
  });

  it('remembers the newest key with a size of one to three, and nothing with a size of 0', () => {
    for (const max of [1, 2, 3]) {
      const small = new RecentKeys(max);
      expect(small.firstTime('a')).toBe(true);
      expect(small.firstTime('a')).toBe(false);
      expect(small.firstTime('b')).toBe(true);
      expect(small.firstTime('b')).toBe(false);
      expect(small.firstTime('a')).toBe(true);
      expect(small.size).toBeLessThanOrEqual(max);
    }
    const none = new RecentKeys(0);
    expect(none.firstTime('a')).toBe(true);
    expect(none.firstTime('a')).toBe(true);
    expect(none.size).toBe(0);
  });
});
