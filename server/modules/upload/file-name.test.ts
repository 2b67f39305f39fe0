import { describe, expect, it } from 'vitest';
import { KEPT_NAME_MAX, keptFileName } from './file-name';

describe('keptFileName', () => {
  it('keeps the last part of a path, without control or bidirectional characters', () => {
    expect(keptFileName('../../etc/passwd')).toBe('passwd');
    expect(keptFileName('C:\\Users\\홍길동\\보고서.hwp')).toBe('보고서.hwp');
    expect(keptFileName('줄\n바꿈\u0000.txt')).toBe('줄바꿈.txt');
    // Shown right to left, this would read "eviltxt.png".
    expect(keptFileName('evil\u202egnp.txt')).toBe('evilgnp.txt');
    expect(keptFileName('a\u2066b\u2069\u200f.pdf')).toBe('ab.pdf');
  });

  it('cuts a long name at whole characters and keeps its extension', () => {
    const long = `a${'😀'.repeat(250)}.png`;
    const kept = keptFileName(long);
    expect(Array.from(kept)).toHaveLength(KEPT_NAME_MAX);
    expect(kept.endsWith('.png')).toBe(true);
    expect(kept.startsWith(`a${'😀'.repeat(195)}`)).toBe(true);
    // No half of a surrogate pair.
    expect(kept).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
    // Exactly at the limit it is left alone.
    const exact = `${'가'.repeat(KEPT_NAME_MAX - 4)}.pdf`;
    expect(keptFileName(exact)).toBe(exact);
  });

  it('cuts a long name without an extension as it is', () => {
    expect(keptFileName('가'.repeat(300))).toBe('가'.repeat(KEPT_NAME_MAX));
  });
});
