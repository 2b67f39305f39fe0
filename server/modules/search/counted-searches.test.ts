import { describe, expect, it } from 'vitest';
import { CountedSearches } from './counted-searches';

describe('CountedSearches', () => {
  it('says first once per key, and forgets the oldest beyond its size', () => {
    const counted = new CountedSearches(2);
    expect(counted.first('a')).toBe(true);
    expect(counted.first('a')).toBe(false);
    expect(counted.first('b')).toBe(true);
    expect(counted.first('c')).toBe(true);
    // 'a' was the oldest of three: forgotten, so a later search counts again (the table's key still dedups it).
    expect(counted.first('a')).toBe(true);
    expect(counted.first('c')).toBe(false);
  });
});
