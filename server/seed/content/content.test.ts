import { describe, expect, it } from 'vitest';
import { contentBody, contentCodes, contentFactPattern, contentFacts, historyRowMessage } from '@contract';
// The posts' sanitiser, which the content module runs every saved body through (it may move to a shared place).
import { sanitizeContent } from '../../modules/board/sanitize';
import { initialContent } from './index';

const htmlPages = contentCodes.filter((code) => initialContent[code].body.type === 'html');

describe('the seeded content', () => {
  it.each(htmlPages)('%s: sanitising the seed changes nothing, so what is stored is what was written', (code) => {
    const body = initialContent[code].body;
    if (body.type !== 'html') throw new Error(code);
    expect(body.html.length).toBeGreaterThan(500);
    expect(sanitizeContent(body.html)).toBe(body.html);
  });

  it.each(contentCodes)('%s: the body passes the check a save goes through', (code) => {
    expect(contentBody.safeParse(initialContent[code].body).error).toBeUndefined();
  });

  it.each(htmlPages)('%s: every {{fact}} it names is one the screens know', (code) => {
    const body = initialContent[code].body;
    if (body.type !== 'html') throw new Error(code);
    const named = [...body.html.matchAll(contentFactPattern)].map((match) => match[1]);
    for (const name of named) expect(Object.keys(contentFacts)).toContain(name);
  });

  it('keeps the history rows and their years, newest first, and a theme for every year', () => {
    const body = initialContent.history.body;
    if (body.type !== 'history') throw new Error('history');
    expect(body.rows).toHaveLength(23);
    expect(body.rows[0]).toEqual({ year: 2026, month: 3, text: '환자등록사업 누리집 개편(회원 서비스, 자료실, 온라인 문의 통합)' });
    const years = new Set(body.rows.map((row) => row.year));
    expect(body.themes?.map((theme) => theme.year).sort()).toEqual([...years].sort());
  });
});

describe('a history body', () => {
  const rows = [
    { year: 2026, month: 3, text: '누리집 개편' },
    { month: 1, text: '연도 없는 줄' },
  ];

  it('refuses a row without a year, saying which row', () => {
    const result = contentBody.safeParse({ type: 'history', lead: '', rows });
    expect(result.success).toBe(false);
    const issue = result.error!.issues[0]!;
    expect(issue.path).toEqual(['rows', 1, 'year']);
    expect(historyRowMessage(issue)).toBe('연혁 2번째 줄: 연도를 입력해주세요.');
  });

  it('refuses an empty text and a month out of range', () => {
    const result = contentBody.safeParse({ type: 'history', lead: '', rows: [{ year: 2026, month: 13, text: ' ' }] });
    expect(result.error!.issues.map(historyRowMessage).sort()).toEqual(['연혁 1번째 줄: 내용을 입력해주세요.', '연혁 1번째 줄: 월은 1부터 12까지의 숫자로 입력해주세요.']);
  });
});

describe('the sanitiser and the page classes', () => {
  it('keeps the pages\' classes and drops any other', () => {
    expect(sanitizeContent('<ul class="info-cards evil"><li class="info-card">카드</li></ul>')).toBe('<ul class="info-cards"><li class="info-card">카드</li></ul>');
    expect(sanitizeContent('<p class="skip-link">본문</p>')).toBe('<p>본문</p>');
    expect(sanitizeContent('<details class="info-faq__item" open ontoggle="alert(1)"><summary>질문</summary></details>')).toBe(
      '<details class="info-faq__item"><summary>질문</summary></details>',
    );
  });
});
