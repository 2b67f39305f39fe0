import { describe, expect, it } from 'vitest';
import { hasVisibleContent, htmlToPlainText, plainTextToHtml } from './content';

describe('hasVisibleContent', () => {
  it('is false for empty editor output', () => {
    expect(hasVisibleContent('')).toBe(false);
    expect(hasVisibleContent('<p></p>')).toBe(false);
    expect(hasVisibleContent('<p>&nbsp; </p><p><br></p>')).toBe(false);
  });
  it('counts text, images and videos', () => {
    expect(hasVisibleContent('<p>안녕하세요</p>')).toBe(true);
    expect(hasVisibleContent('<img src="/api/file/x">')).toBe(true);
    expect(hasVisibleContent('<iframe src="https://player.vimeo.com/video/1"></iframe>')).toBe(true);
  });
});

describe('plainTextToHtml', () => {
  it('escapes markup and keeps lines', () => {
    expect(plainTextToHtml('a <b>&\n둘째 줄\n\n새 문단')).toBe('<p>a &lt;b&gt;&amp;<br>둘째 줄</p><p>새 문단</p>');
  });
  it('round-trips through htmlToPlainText', () => {
    const text = '첫 줄 <script>\n둘째 줄\n\n"셋째" 문단 & 끝';
    expect(htmlToPlainText(plainTextToHtml(text))).toBe(text);
  });
});
