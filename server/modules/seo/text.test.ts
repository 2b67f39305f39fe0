import { describe, expect, it } from 'vitest';
import { escapeMarkup, excerpt } from './text';

describe('excerpt', () => {
  it('keeps a short text whole, with its whitespace collapsed and its forbidden control characters gone', () => {
    expect(excerpt('  환자  등록\n\t사업\u0001 ')).toBe('환자 등록 사업');
    expect(excerpt('가'.repeat(150))).toBe('가'.repeat(150));
  });

  it('cuts at `max` code points, never inside a surrogate pair, with an ellipsis and no trailing space', () => {
    expect(excerpt('가'.repeat(151))).toBe(`${'가'.repeat(150)}…`);
    expect(excerpt('😀'.repeat(150))).toBe('😀'.repeat(150));
    expect(excerpt('😀'.repeat(151))).toBe(`${'😀'.repeat(150)}…`);
    expect(excerpt('a😀b😀c', 3)).toBe('a😀b…');
    expect(excerpt('ab cd', 3)).toBe('ab…');
    // A lone surrogate is one code point, as Array.from counts it.
    expect(excerpt('\ud83dx\ud83dy', 2)).toBe('\ud83dx…');
  });
});

describe('escapeMarkup', () => {
  it('escapes the five characters markup gives meaning to', () => {
    expect(escapeMarkup(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});
