import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminPopularSearchList, PopularSearchList, SearchAnswer, SearchGroup, SearchResult } from '@contract';
import { contentVersion, role, searchTermVisit } from '../../db/schema';
import { createBoardItem, createMember, samplePdf, storeFile } from '../../test/factories';
import { body, createTestApp, data, openSecondInstance, TestClock, type TestApp } from '../../test/harness';
import { statementsDuring, waitUntil } from '../../test/observe';
import { sessionToken } from '../../test/tokens';

/**
 * The site search (issue 23) against the real server: what each caller finds and never finds
 * (secret posts, inquiries, closed boards), counts, tabs, paging, sorting, periods, snippets built
 * from text, attachments' names, content pages, FAQ, and the popular terms with their console.
 */
const DAY = 24 * 60 * 60 * 1000;
const clock = new TestClock(new Date(Math.floor(Date.now() / 1000) * 1000));
let t: TestApp;
const ago = (days: number) => new Date(clock.now().getTime() - days * DAY);
const no: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({ clock });
  const post = async (key: string, boardCode: string, overrides: Record<string, unknown> = {}) => {
    no[key] = (await createBoardItem(t.db, { boardCode, ...overrides })).itemNo;
  };
  // 돛단배 appears nowhere in the seeds: every match below is one of these posts.
  await post('notice', 'notice', { title: '돛단배 축제 안내', content: '<p>올해도 <strong>돛단배</strong>가 뜹니다.</p>', createdAt: ago(2) });
  await post('noticeOld', 'notice', { title: '지난 행사 기록', content: '<p>오래전 돛단배 행사</p>', createdAt: ago(400) });
  await post('reference', 'public', { title: '바다 자료', content: '<p>돛단배 항해 기록과 지도</p>', createdAt: ago(20) });
  await post('community', 'community', { title: '돛단배 타 보신 분', content: '<p>후기 궁금</p>', writerId: t.users.member, writerName: '김회원', createdAt: ago(1) });
  await post('secret', 'community', {
    title: '돛단배 비밀 글', content: '<p>비밀 돛단배</p>', isSecret: true, writerId: t.users.member, writerName: '김회원', createdAt: ago(1),
  });
  await post('memberNotice', 'memberNotice', { title: '회원 돛단배 모임', content: '<p>회원만</p>', createdAt: ago(3) });
  await post('inquiry', 'contactus', {
    title: '돛단배 문의', content: '<p>문의 돛단배</p>', isSecret: true, writerId: t.users.member, writerName: '김회원', createdAt: ago(1),
  });
  await post('faq', 'faq', { title: '돛단배는 어떻게 예약하나요?', content: '<p>누리집에서 예약합니다.</p>', createdAt: ago(5) });
  await post('html', 'notice', {
    title: '보안 점검 결과', content: '<p>&lt;script&gt;alert(1)&lt;/script&gt; 돛단배 <img src="x" onerror="alert(2)"> 끝</p>', createdAt: ago(6),
  });
  // Found only by its attachment's name.
  const file = await storeFile(t.app, t.db, { originalName: '돛단배 설계도.pdf', contentType: 'application/pdf', data: samplePdf, createdBy: t.users.admin });
  await post('attached', 'annualReport', { title: '연간 보고서', content: '<p>첨부를 보세요</p>', fileIds: [file.id], createdAt: ago(10) });
});

afterAll(async () => {
  await t?.close();
});

const search = async (query: string, token?: string, headers: Record<string, string> = {}) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/search?${query}`, headers: { ...t.auth(token), ...headers } });
  return data<SearchAnswer>(res);
};
const kw = (keyword: string, rest = '') => `keyword=${encodeURIComponent(keyword)}${rest}`;
const text = (parts: SearchResult['title']) => parts.map((p) => p.text).join('');
const titles = (answer: SearchAnswer) => answer.results.map((r) => text(r.title));
const countOf = (answer: SearchAnswer, group: SearchGroup) => answer.counts.find((c) => c.group === group)!.total;

describe('what each caller finds', () => {
  it('a guest finds public boards, the FAQ and attachments, never members-only boards, secret posts or inquiries', async () => {
    const all = await search(kw('돛단배', '&group=notice&size=50'));
    expect(titles(all).sort()).toEqual(['돛단배 축제 안내', '바다 자료', '보안 점검 결과', '연간 보고서', '지난 행사 기록'].sort());
    const preview = await search(kw('돛단배'));
    expect(preview.counts).toEqual([
      { group: 'notice', total: 5, capped: false },
      { group: 'community', total: 0, capped: false },
      { group: 'page', total: 0, capped: false },
      { group: 'faq', total: 1, capped: false },
    ]);
    const everything = JSON.stringify(preview);
    for (const hidden of ['비밀', '문의', '회원 돛단배 모임', '타 보신 분']) expect(everything).not.toContain(hidden);
  });

  it('a member also finds the member boards, and of the private posts only their own: their secret post and their inquiry', async () => {
    const answer = await search(kw('돛단배', '&group=community&size=50'), t.tokens.member);
    expect(titles(answer).sort()).toEqual(['돛단배 문의', '돛단배 비밀 글', '돛단배 타 보신 분', '회원 돛단배 모임']);
    expect(countOf(answer, 'community')).toBe(4);
    // Another member sees the member boards, not the first member's secret post or inquiry.
    const other = await search(kw('돛단배', '&group=community&size=50'), t.tokens.otherMember);
    expect(titles(other).sort()).toEqual(['돛단배 타 보신 분', '회원 돛단배 모임']);
    expect(countOf(other, 'community')).toBe(2);
    expect(JSON.stringify(await search(kw('돛단배'), t.tokens.otherMember))).not.toMatch(/비밀|돛단배 문의/);
  });

  it('staff who manage the boards find the secret posts and the inquiries, in results and counts', async () => {
    const answer = await search(kw('돛단배', '&group=community&size=50'), t.tokens.admin);
    expect(titles(answer)).toEqual(expect.arrayContaining(['돛단배 비밀 글', '돛단배 문의']));
    expect(countOf(answer, 'community')).toBe(titles(answer).length);
    const inquiry = answer.results.find((r) => text(r.title) === '돛단배 문의')!;
    expect(inquiry.path).toBe(`/Nids/contactus/View/${no.inquiry}`);
  });

  it('a sweep: a word in a private inquiry, a secret post and a closed board is found by its writer and staff, never by a guest or another member; results and counts agree', async () => {
    const word = '물수리';
    await createBoardItem(t.db, {
      boardCode: 'contactus', title: `${word} 문의`, content: '<p>문의</p>', isSecret: true, writerId: t.users.otherMember, writerName: '이회원', createdAt: ago(1),
    });
    await createBoardItem(t.db, {
      boardCode: 'community', title: `${word} 비밀`, content: '<p>비밀</p>', isSecret: true, writerId: t.users.otherMember, writerName: '이회원', createdAt: ago(1),
    });
    await createBoardItem(t.db, { boardCode: 'memberNotice', title: `${word} 회원 공지`, content: '<p>회원만</p>', createdAt: ago(1) });
    const found = async (token?: string) => {
      const answer = await search(kw(word, '&group=community&size=50'), token);
      const all = await search(kw(word), token);
      // The group's page, its count and the 통합 tab's counts say the same.
      expect(countOf(answer, 'community')).toBe(answer.results.length);
      expect(countOf(all, 'community')).toBe(answer.results.length);
      return titles(answer).sort();
    };
    expect(await found()).toEqual([]);
    expect(await found(t.tokens.member)).toEqual([`${word} 회원 공지`]);
    expect(await found(t.tokens.otherMember)).toEqual([`${word} 문의`, `${word} 비밀`, `${word} 회원 공지`]);
    expect(await found(t.tokens.admin)).toEqual([`${word} 문의`, `${word} 비밀`, `${word} 회원 공지`]);
  });

  it('a board closed to guests by its settings is left out of results and counts', async () => {
    const before = await search(kw('돛단배', '&group=faq'));
    expect(countOf(before, 'faq')).toBe(1);
    const admin = t.tokens.admin;
    const boardRes = await t.app.inject({ method: 'GET', url: '/api/admin/boards/faq', headers: t.auth(admin) });
    const faq = data<{ permissions: Record<string, string[]> }>(boardRes);
    const closed = { ...faq.permissions, list: faq.permissions.list!.filter((r) => r !== 'GUEST'), read: faq.permissions.read!.filter((r) => r !== 'GUEST') };
    const patch = (permissions: Record<string, string[]>) =>
      t.app.inject({ method: 'PATCH', url: '/api/admin/boards/faq', headers: t.auth(admin), payload: { permissions } });
    expect((await patch(closed)).statusCode).toBe(200);
    try {
      const after = await search(kw('돛단배'));
      expect(countOf(after, 'faq')).toBe(0);
      expect(JSON.stringify(after)).not.toContain('예약');
    } finally {
      expect((await patch(faq.permissions)).statusCode).toBe(200);
    }
  });

  it('a deleted post disappears at once', async () => {
    const created = await createBoardItem(t.db, { boardCode: 'notice', title: '곧 지울 돛단배 글', createdAt: ago(1) });
    expect(titles(await search(kw('돛단배', '&group=notice&size=50')))).toContain('곧 지울 돛단배 글');
    const res = await t.app.inject({ method: 'DELETE', url: `/api/board-item/notice/${created.itemNo}`, headers: t.auth(t.tokens.admin) });
    expect(res.statusCode).toBe(200);
    const after = await search(kw('돛단배', '&group=notice&size=50'));
    expect(titles(after)).not.toContain('곧 지울 돛단배 글');
    expect(countOf(after, 'notice')).toBe(5);
  });
});

describe('kept answers', () => {
  it('a search asked again is answered from memory; a post deleted on another instance leaves it there at once', async () => {
    const created = await createBoardItem(t.db, { boardCode: 'notice', title: '갈매기 관찰 기록', createdAt: ago(1) });
    const second = await openSecondInstance(t);
    try {
      // The second instance's own search, with a group (a tab: not counted toward popular terms).
      const gulls = async () => {
        const res = await second.app.inject({ method: 'GET', url: `/api/search?${kw('갈매기', '&group=notice')}` });
        return data<SearchAnswer>(res);
      };
      expect(countOf(await gulls(), 'notice')).toBe(1);
      expect(await statementsDuring(second.db, gulls)).toEqual([]);
      const res = await t.app.inject({ method: 'DELETE', url: `/api/board-item/notice/${created.itemNo}`, headers: t.auth(t.tokens.admin) });
      expect(res.statusCode).toBe(200);
      // Well within the cache's 10 s maximum age: only the board's new version (NOTIFY) explains it.
      const after = await waitUntil(gulls, (answer) => countOf(answer, 'notice') === 0, 'the other instance to drop the deleted post', 3_000);
      expect(titles(after)).toEqual([]);
    } finally {
      await second.close();
    }
  });

  it('a scheduled content version is found from its moment on, with no write to say so', async () => {
    const question = kw('물총새', '&group=page');
    // Scheduled 5 s ahead, behind the API: the kept answer ends at that moment, which the read
    // learns with it; the cache's 10 s maximum age alone would keep it past the clock's 6 s step.
    await t.db.insert(contentVersion).values({
      code: 'history', version: 998, title: '연혁', body: { type: 'html', html: '<p>물총새</p>' }, bodyText: '물총새 연혁',
      effectiveFrom: new Date(clock.now().getTime() + 5_000),
    });
    try {
      expect(countOf(await search(question), 'page')).toBe(0);
      clock.advance(6_000);
      expect(countOf(await search(question), 'page')).toBe(1);
    } finally {
      await t.db.delete(contentVersion).where(and(eq(contentVersion.code, 'history'), eq(contentVersion.version, 998)));
      clock.advance(-6_000);
    }
  });
});

describe('results', () => {
  it('marks the keyword in the title and a snippet made from text: no stored HTML reaches it', async () => {
    const answer = await search(kw('돛단배', '&group=notice&size=50'));
    const festival = answer.results.find((r) => text(r.title) === '돛단배 축제 안내')!;
    expect(festival).toMatchObject({ group: 'notice', source: '공지사항', path: `/Nids/notice/View/${no.notice}` });
    expect(festival.title).toEqual([{ text: '돛단배', mark: true }, { text: ' 축제 안내', mark: false }]);
    expect(festival.snippet).toEqual([
      { text: '올해도 ', mark: false }, { text: '돛단배', mark: true }, { text: '가 뜹니다.', mark: false },
    ]);
    expect(festival.date).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+09:00$/);
    const html = answer.results.find((r) => text(r.title) === '보안 점검 결과')!;
    // The text a reader sees (an escaped script shown as text), never the stored tags or their attributes.
    expect(text(html.snippet)).toBe('<script>alert(1)</script> 돛단배 끝');
    expect(JSON.stringify(html)).not.toContain('onerror');
  });

  it('finds a post by its attachment name and says so in the snippet', async () => {
    const answer = await search(kw('설계도', '&group=notice'));
    expect(answer.results).toHaveLength(1);
    expect(answer.results[0]).toMatchObject({ source: '연차보고서', path: `/Reference/annualReport/View/${no.attached}` });
    expect(text(answer.results[0]!.snippet)).toBe('첨부파일: 돛단배 설계도.pdf');
    expect(answer.results[0]!.snippet.filter((p) => p.mark).map((p) => p.text)).toEqual(['설계도']);
  });

  it('follows the attachments through the board’s writes: added, kept by an edit, gone when removed', async () => {
    const file = await storeFile(t.app, t.db, { originalName: '범선 도면.pdf', contentType: 'application/pdf', data: samplePdf, createdBy: t.users.member });
    const put = await t.app.inject({
      method: 'PUT', url: '/api/board-item/community', headers: t.auth(t.tokens.member),
      payload: { title: '첨부 시험', content: '<p>내용</p>', files: [{ id: file.id }] },
    });
    expect(put.statusCode, put.body).toBe(200);
    const { itemNo } = data<{ itemNo: number }>(put);
    const found = async () => titles(await search(kw('범선', '&group=community'), t.tokens.member));
    expect(await found()).toEqual(['첨부 시험']);
    const patch = (payload: object) =>
      t.app.inject({ method: 'PATCH', url: `/api/board-item/community/${itemNo}`, headers: t.auth(t.tokens.member), payload });
    expect((await patch({ title: '첨부 시험 고침' })).statusCode).toBe(200);
    expect(await found()).toEqual(['첨부 시험 고침']);
    expect((await patch({ files: [] })).statusCode).toBe(200);
    expect(await found()).toEqual([]);
  });

  it('matches one syllable, two syllables and several words as the board search does', async () => {
    expect(countOf(await search(kw('돛')), 'notice')).toBe(5);
    expect(countOf(await search(kw('단배')), 'notice')).toBe(5);
    expect(titles(await search(kw('돛단배 항해', '&group=notice')))).toEqual(['바다 자료']);
    expect(countOf(await search(kw('돛단배 없는말')), 'notice')).toBe(0);
  });

  it('sorts by relevance (title matches first) or newest, filters by period and pages', async () => {
    const relevance = titles(await search(kw('돛단배', '&group=notice&size=50')));
    expect(relevance.slice(0, 1)).toEqual(['돛단배 축제 안내']);
    expect(relevance.slice(1)).toEqual(['보안 점검 결과', '연간 보고서', '바다 자료', '지난 행사 기록']);
    const newest = titles(await search(kw('돛단배', '&group=notice&sort=newest&size=50')));
    expect(newest).toEqual(['돛단배 축제 안내', '보안 점검 결과', '연간 보고서', '바다 자료', '지난 행사 기록']);
    expect(titles(await search(kw('돛단배', '&group=notice&sort=newest&period=week&size=50')))).toEqual(['돛단배 축제 안내', '보안 점검 결과']);
    expect(titles(await search(kw('돛단배', '&group=notice&sort=newest&period=month&size=50')))).toHaveLength(4);
    expect(titles(await search(kw('돛단배', '&group=notice&sort=newest&period=year&size=50')))).toHaveLength(4);
    const second = await search(kw('돛단배', '&group=notice&sort=newest&size=2&page=2'));
    expect(titles(second)).toEqual(['연간 보고서', '바다 자료']);
    expect(second).toMatchObject({ totalElements: 5, totalPages: 3, page: 2, size: 2 });
  });

  it('finds the content pages as the public reads them (published versions only)', async () => {
    const [intro] = await t.db
      .select({ title: contentVersion.title })
      .from(contentVersion)
      .where(and(eq(contentVersion.code, 'intro'), isNotNull(contentVersion.effectiveFrom)));
    const answer = await search(kw(intro!.title, '&group=page'));
    expect(answer.results[0]).toMatchObject({ group: 'page', path: '/nids/intro', source: intro!.title });
    expect(countOf(answer, 'page')).toBeGreaterThanOrEqual(1);
    // A draft's words are not public yet.
    await t.db.insert(contentVersion).values({ code: 'intro', version: 999, title: '초안 돛단배', body: { type: 'html', html: '<p>초안</p>' }, bodyText: '초안 돛단배' });
    expect(countOf(await search(kw('초안 돛단배')), 'page')).toBe(0);
  });

  it('refuses a missing or over-long keyword and an unknown group with 400', async () => {
    for (const query of ['keyword=', 'keyword=%20%20', `keyword=${'가'.repeat(101)}`, 'keyword=a&group=nope', 'keyword=a&size=500']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/search?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(body<{ code: string; message: string }>(res).message).toMatch(/[가-힣]/);
    }
  });
});

describe('popular searches', () => {
  const visitor = (n: number) => ({ 'user-agent': `시험 브라우저 ${n}` });
  const popular = async () => data<PopularSearchList>(await t.app.inject({ method: 'GET', url: '/api/search/popular' })).terms;

  it('counts a term once a visitor a day, ranks by visitors, and never keeps e-mail addresses or phone numbers', async () => {
    await t.db.delete(searchTermVisit);
    for (let n = 0; n < 3; n++) await search(kw('인공관절'), undefined, visitor(n));
    for (let n = 0; n < 5; n++) await search(kw('심장  박동기'), undefined, visitor(n));
    // One visitor searching again, paging or switching tabs adds nothing.
    for (let n = 0; n < 4; n++) await search(kw('인공관절', '&group=notice&page=2'), undefined, visitor(0));
    await search(kw('인공관절'), undefined, visitor(0));
    for (let n = 0; n < 6; n++) {
      await search(kw('hong@example.com'), undefined, visitor(n));
      await search(kw('010-1234-5678'), undefined, visitor(n));
      await search(kw('01012345678'), undefined, visitor(n));
    }
    expect(await popular()).toEqual(['심장 박동기', '인공관절']);
    const stored = (await t.db.select({ term: searchTermVisit.term }).from(searchTermVisit)).map((r) => r.term);
    expect(stored.some((term) => /@|\d{4}/.test(term))).toBe(false);
  });

  it('drops days older than the last 7', async () => {
    clock.advance(7 * DAY);
    try {
      expect(await popular()).toEqual([]);
    } finally {
      clock.advance(-7 * DAY);
    }
  });

  it('staff with CONTENT_Manage hide a term and show it again; others are refused', async () => {
    const hide = (token: string | undefined, term: string, hidden: boolean) =>
      t.app.inject({ method: 'PUT', url: '/api/admin/search/popular', headers: t.auth(token), payload: { term, hidden } });
    expect((await hide(undefined, '인공관절', true)).statusCode).toBe(401);
    expect((await hide(t.tokens.member, '인공관절', true)).statusCode).toBe(403);
    await t.db.insert(role).values({ roleCode: 'EDITOR', name: '편집자', permissions: ['ADMIN_Access', 'MEMBER_Access'] });
    const editor = await createMember(t.db, { roleCode: 'EDITOR' });
    const editorToken = await sessionToken(t.db, t.keys, editor.id, clock.now());
    expect((await hide(editorToken, '인공관절', true)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/search/popular', headers: t.auth(editorToken) })).statusCode).toBe(403);

    const hidden = data<AdminPopularSearchList>(await hide(t.tokens.admin, ' 인공관절 ', true));
    expect(hidden.terms).toEqual([
      { term: '심장 박동기', searches: 5, hidden: false },
      { term: '인공관절', searches: 3, hidden: true },
    ]);
    expect(await popular()).toEqual(['심장 박동기']);
    const listed = data<AdminPopularSearchList>(await t.app.inject({ method: 'GET', url: '/api/admin/search/popular', headers: t.auth(t.tokens.admin) }));
    expect(listed.terms.find((x) => x.term === '인공관절')?.hidden).toBe(true);
    expect(data<AdminPopularSearchList>(await hide(t.tokens.admin, '인공관절', false)).terms.every((x) => !x.hidden)).toBe(true);
    expect(await popular()).toEqual(['심장 박동기', '인공관절']);
  });

  it('the popular list may be kept a minute by any cache; search answers by none', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/search/popular' });
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const answer = await t.app.inject({ method: 'GET', url: `/api/search?${kw('돛단배')}` });
    expect(answer.headers['cache-control']).toContain('no-store');
  });
});
