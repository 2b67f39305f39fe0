import { describe, expect, it } from 'vitest';
import { buildSearchTokens, fileNameTokens, htmlToText, queryTokens } from './search-tokens';

describe('htmlToText', () => {
  it('removes tags, scripts and styles, and collapses white space', () => {
    expect(htmlToText('<p>환자등록  사업</p>\n<p>안내</p>')).toBe('환자등록 사업 안내');
    expect(htmlToText('<div class="strong"><script>var strong = 1;</script><style>.p{}</style>본문</div>')).toBe('본문');
    expect(htmlToText('<img src="x.png" alt="사진"><br/>끝')).toBe('끝');
  });

  it('decodes the common entities', () => {
    expect(htmlToText('R&amp;D &lt;안내&gt; &quot;등록&quot; &#39;UDI&#39;&nbsp;끝')).toBe(`R&D <안내> "등록" 'UDI' 끝`);
  });

  it('keeps block elements apart', () => {
    expect(htmlToText('<p>등록</p><p>절차</p>')).toBe('등록 절차');
    expect(htmlToText('<li>하나</li><li>둘</li>')).toBe('하나 둘');
    expect(htmlToText('첫 줄<br>둘째 줄')).toBe('첫 줄 둘째 줄');
  });

  it('joins a word that inline tags split, as a reader sees it (환자<strong>등록</strong> is 환자등록)', () => {
    expect(htmlToText('<p>환자<strong>등록</strong>사업</p>')).toBe('환자등록사업');
    expect(htmlToText('<p>인공<em>관절</em>, <a href="/x">치환술</a></p>')).toBe('인공관절, 치환술');
    expect(htmlToText('U<span style="color:red">DI</span> 코드')).toBe('UDI 코드');
  });

  it('leaves plain text alone', () => {
    expect(htmlToText('그냥 글')).toBe('그냥 글');
    expect(htmlToText('')).toBe('');
  });
});

describe('buildSearchTokens', () => {
  it('gives each field its unigrams and adjacent bigrams, prefixed t:/c:/w:', () => {
    const tokens = buildSearchTokens({ title: '환자등록', contentText: htmlToText('<p>인공관절</p>'), writerName: '홍길동' });
    expect(new Set(tokens)).toEqual(
      new Set([
        't:환', 't:자', 't:등', 't:록', 't:환자', 't:자등', 't:등록',
        'c:인', 'c:공', 'c:관', 'c:절', 'c:인공', 'c:공관', 'c:관절',
        'w:홍', 'w:길', 'w:동', 'w:홍길', 'w:길동',
      ]),
    );
    expect(tokens.length).toBe(new Set(tokens).size);
  });

  it('lower-cases, and makes no pair across a space', () => {
    const tokens = buildSearchTokens({ title: 'UDI 등록', contentText: htmlToText(''), writerName: 'Kim' });
    expect(tokens).toEqual(expect.arrayContaining(['t:u', 't:ud', 't:di', 't:등록', 'w:ki', 'w:im']));
    expect(tokens).not.toContain('t:i등');
    expect(tokens).not.toContain('t:i ');
    expect(tokens.some((tok) => /[A-Z]/.test(tok))).toBe(false);
  });

  it('indexes the text of the content, never its markup', () => {
    const tokens = buildSearchTokens({ title: '제목', contentText: htmlToText('<p class="note"><strong>중요</strong> &amp; 안내</p>'), writerName: '관리자' });
    const content = tokens.filter((tok) => tok.startsWith('c:'));
    expect(content).toEqual(expect.arrayContaining(['c:중요', 'c:안내', 'c:&']));
    for (const markup of ['c:st', 'c:ro', 'c:p', 'c:cl', 'c:no', 'c:am', 'c:<', 'c:>']) {
      expect(content, markup).not.toContain(markup);
    }
  });

  it('does not split astral characters into halves', () => {
    const tokens = buildSearchTokens({ title: '🩺진료', contentText: htmlToText(''), writerName: '' });
    expect(tokens).toEqual(expect.arrayContaining(['t:🩺', 't:🩺진', 't:진료']));
    expect(tokens.some((tok) => /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(tok))).toBe(false);
  });
});

describe('queryTokens', () => {
  it('a one-syllable keyword needs its character', () => {
    expect(queryTokens('t', '술')).toEqual(['t:술']);
  });

  it('longer keywords need their adjacent pairs only', () => {
    expect(queryTokens('c', '등록')).toEqual(['c:등록']);
    expect(queryTokens('c', '치환술')).toEqual(['c:치환', 'c:환술']);
    expect(new Set(queryTokens('t', '인공관절치환술'))).toEqual(
      new Set(['t:인공', 't:공관', 't:관절', 't:절치', 't:치환', 't:환술']),
    );
  });

  it('splits words on spaces, lower-cases, and drops duplicates', () => {
    expect(queryTokens('w', '  UDI   등록 ')).toEqual(['w:ud', 'w:di', 'w:등록']);
    expect(queryTokens('t', '등록등록')).toEqual(['t:등록', 't:록등']);
  });

  it('a blank keyword needs nothing', () => {
    expect(queryTokens('t', '   ')).toEqual([]);
  });

  it('every query token of a text is among the tokens stored for it', () => {
    const text = '인공관절 치환술 UDI 등록 안내';
    const stored = new Set(buildSearchTokens({ title: text, contentText: htmlToText(''), writerName: '' }));
    for (const keyword of ['인공관절', '치환술', 'udi', '등록 안내', '술', '관절 치환']) {
      for (const tok of queryTokens('t', keyword)) expect(stored.has(tok), `${keyword}: ${tok}`).toBe(true);
    }
  });
});

describe('fileNameTokens (issue 23: the site search finds posts by their attachments)', () => {
  it('cuts each file name into the characters and pairs of its words, as f: tokens', () => {
    const tokens = fileNameTokens(['2025 연차보고서.PDF', '도면']);
    for (const t of ['f:연차', 'f:보고', 'f:.p', 'f:20', 'f:도면', 'f:도']) expect(tokens).toContain(t);
    expect(tokens.every((t) => t.startsWith('f:'))).toBe(true);
    expect(queryTokens('f', '보고서').every((t) => tokens.includes(t))).toBe(true);
  });

  it('gives nothing for no files', () => {
    expect(fileNameTokens([])).toEqual([]);
  });
});
