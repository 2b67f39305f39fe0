import { describe, expect, it } from 'vitest';
import { CountedSearches } from './counted-searches';

describe('CountedSearches', () => {
  it('says first once per key, and forgets the oldest beyond its size', () => {
    // At most four remembered, at least the newest two (lib/recent-keys.ts).
    const counted = new CountedSearches(4);
    expect(counted.first('a')).toBe(true);
    expect(counted.first('a')).toBe(false);
    expect(counted.first('b')).toBe(true);
    expect(counted.first('c')).toBe(true);
    expect(counted.first('d')).toBe(true);
    // 'a' was the oldest of four: forgotten, so a later search counts again (the table's key still dedups it).
    expect(counted.first('a')).toBe(true);
    expect(counted.first('c')).toBe(false);
    expect(counted.first('d')).toBe(false);
  });
});
