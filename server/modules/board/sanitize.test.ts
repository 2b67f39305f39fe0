import { describe, expect, it } from 'vitest';
import { sanitizeContent } from './sanitize';

const fileId = '0f8fad5b-d9cb-469f-a165-70867728950e';

describe('sanitizeContent', () => {
  it.each([
    ['<script>alert(1)</script><p>본문</p>', '<p>본문</p>'],
    ['<p onclick="alert(1)">본문</p>', '<p>본문</p>'],
    ['<a href="javascript:alert(1)">링크</a>', '<a>링크</a>'],
    ['<a href="data:text/html,<script>alert(1)</script>">링크</a>', '<a>링크</a>'],
    ['<p style="background:url(javascript:alert(1))">본문</p>', '<p>본문</p>'],
    ['<svg onload="alert(1)"><circle /></svg><p>본문</p>', '<p>본문</p>'],
    ['<img src="https://evil.example/x.png" onerror="alert(1)">', ''],
    ['<img src="data:image/png;base64,AAAA">', ''],
    ['<iframe src="https://evil.example/player"></iframe>', ''],
    ['<style>p{color:red}</style><p>본문</p>', '<p>본문</p>'],
    ['<object data="x.swf"></object><embed src="x.swf">', ''],
  ])('removes what could run: %s', (input, expected) => {
    expect(sanitizeContent(input)).toBe(expected);
  });

  it.each([
    ['<p><strong>굵게 <a href="https://www.mfds.go.kr">링크', '<p><strong>굵게 <a href="https://www.mfds.go.kr">링크</a></strong></p>'],
    ['</div></main></body><p>본문</p>', '<p>본문</p>'],
    ['<ul><li>하나<li>둘', '<ul><li>하나</li><li>둘</li></ul>'],
    ['<table><tr><td>칸', '<table><tr><td>칸</td></tr></table>'],
    ['<blockquote><p>인용', '<blockquote><p>인용</p></blockquote>'],
  ])('closes what the body leaves open and drops stray closing tags, so nothing after the post is swallowed: %s', (input, expected) => {
    expect(sanitizeContent(input)).toBe(expected);
  });

  it.each([
    ['<a href="https://www.mfds.go.kr" target="_blank">식약처</a>', '<a href="https://www.mfds.go.kr" target="_blank" rel="noopener noreferrer">식약처</a>'],
    ['<a href="https://evil.example/" target="_BLANK" rel="opener">링크</a>', '<a href="https://evil.example/" target="_blank" rel="noopener noreferrer">링크</a>'],
    ['<a href="https://evil.example/" target=" _blank " rel="opener nofollow">링크</a>', '<a href="https://evil.example/" target="_blank" rel="noopener noreferrer">링크</a>'],
    ['<a href="https://evil.example/" target="w" rel="opener">링크</a>', '<a href="https://evil.example/">링크</a>'],
    ['<a href="https://www.mfds.go.kr" rel="opener">식약처</a>', '<a href="https://www.mfds.go.kr">식약처</a>'],
  ])('a link opens here or in a new tab without access to this page: %s', (input, expected) => {
    expect(sanitizeContent(input)).toBe(expected);
  });

  it('keeps the structure a post needs', () => {
    const html =
      '<h3>안내</h3><p><strong>굵게</strong> <em>기울임</em> <u>밑줄</u></p><ul><li>하나</li></ul>' +
      '<table><caption>일정</caption><thead><tr><th scope="col">날짜</th></tr></thead><tbody><tr><td>1일</td></tr></tbody></table>' +
      '<blockquote>인용</blockquote><a href="https://www.mfds.go.kr">식약처</a>';
    expect(sanitizeContent(html)).toBe(html);
  });

  it('keeps our own images and allow-listed video players', () => {
    const img = `<img src="/api/file/${fileId}" alt="사진" />`;
    expect(sanitizeContent(img)).toBe(img);
    const video = '<iframe src="https://tv.naver.com/embed/123" title="홍보영상"></iframe>';
    expect(sanitizeContent(video)).toBe(video);
  });

  it('turns on Korean captions in YouTube and Vimeo players, keeping what the writer set', () => {
    expect(sanitizeContent('<iframe src="https://www.youtube-nocookie.com/embed/abc" title="홍보영상"></iframe>')).toBe(
      '<iframe src="https://www.youtube-nocookie.com/embed/abc?cc_load_policy=1&amp;cc_lang_pref=ko&amp;hl=ko" title="홍보영상"></iframe>',
    );
    expect(sanitizeContent('<iframe src="https://www.youtube.com/embed/abc?start=30&amp;cc_lang_pref=en" title="영상"></iframe>')).toBe(
      '<iframe src="https://www.youtube.com/embed/abc?start=30&amp;cc_lang_pref=en&amp;cc_load_policy=1&amp;hl=ko" title="영상"></iframe>',
    );
    expect(sanitizeContent('<iframe src="https://player.vimeo.com/video/1" title="영상"></iframe>')).toBe(
      '<iframe src="https://player.vimeo.com/video/1?texttrack=ko" title="영상"></iframe>',
    );
    // Other hosts are still removed, whatever the transform did.
    expect(sanitizeContent('<iframe src="https://evil.example/embed/abc?cc_load_policy=1"></iframe>')).toBe('');
    expect(sanitizeContent('<iframe src="javascript:alert(1)"></iframe>')).toBe('');
  });

  it('makes new-window links safe', () => {
    expect(sanitizeContent('<a href="https://example.com" target="_blank">외부</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">외부</a>',
    );
  });
});
