import { describe, expect, it } from 'vitest';
import { pagedInKb } from './memory';

describe('pagedInKb (bench)', () => {
  it("reads the kilobytes paged in from /proc/vmstat's text, and nothing from a text without them", () => {
    const vmstat = 'nr_free_pages 5083921\npgpgin 1834572\npgpgout 9876\npgpgin_extra 7\n';
    expect(pagedInKb(vmstat)).toBe(1834572);
    // A line that only starts with the name is another counter.
    expect(pagedInKb('pgpgin_extra 7\npgpgout 3\n')).toBeUndefined();
    expect(pagedInKb('')).toBeUndefined();
  });
});
