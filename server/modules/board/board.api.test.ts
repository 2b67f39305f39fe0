import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Board, BoardItem, BoardItemPage, BoardItemSummary } from '@contract';
import { boardItem } from '../../db/schema';
import { createTestApp, data, type TestApp } from '../../test/harness';
import { expectRefusal } from '../../test/refusals';
import { createBoardItem, storeFile } from '../../test/factories';
import { shownViews } from './repo';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const SECRET_TITLE = '비밀글입니다';

function get(url: string, token?: string, extra: { remoteAddress?: string; headers?: Record<string, string> } = {}) {
  return t.app.inject({ method: 'GET', url, headers: { ...t.auth(token), ...extra.headers }, remoteAddress: extra.remoteAddress });
}

async function page(query: string, token?: string): Promise<BoardItemPage> {
  return data<BoardItemPage>(await get(`/api/board-item?${query}`, token));
}

const itemNos = (items: BoardItemSummary[]) => items.map((i) => i.itemNo);

describe('GET /api/board/{boardCode}: settings and the caller’s permissions', () => {
  const allBoards = ['notice', 'contactus', 'public', 'annualReport', 'safetyInformation', 'promotionVideo', 'memberNotice', 'community'];

  it('a guest may list and read notices but not write or manage', async () => {
    const b = data<Board>(await get('/api/board/notice'));
    expect(b).toMatchObject({ boardCode: 'notice', name: '공지사항', area: 'Nids', listStyle: 'list' });
    expect(b.permissions).toMatchObject({ list: true, read: true, download: true, write: false, comment: false, manage: false });
  });

  it('a guest may not list or read the community, nor the member notices', async () => {
    for (const code of ['community', 'memberNotice']) {
      const b = data<Board>(await get(`/api/board/${code}`));
      expect(b.area).toBe('Member');
      expect(b.permissions, code).toMatchObject({ list: false, read: false, write: false, manage: false });
    }
  });

  it('a guest may write an inquiry but not list inquiries', async () => {
    const b = data<Board>(await get('/api/board/contactus'));
    expect(b.listStyle).toBe('inquiry');
    expect(b.permissions).toMatchObject({ write: true, list: false, read: false });
  });

  it('a member may write in the community but not manage it, and may not write notices', async () => {
    const community = data<Board>(await get('/api/board/community', t.tokens.member));
    expect(community.permissions).toMatchObject({ list: true, read: true, write: true, comment: true, manage: false });
    const notice = data<Board>(await get('/api/board/notice', t.tokens.member));
    expect(notice.permissions).toMatchObject({ list: true, read: true, write: false, manage: false });
  });

  it('an administrator may do everything on every board', async () => {
    for (const code of allBoards) {
      const b = data<Board>(await get(`/api/board/${code}`, t.tokens.admin));
      expect(Object.values(b.permissions).every(Boolean), code).toBe(true);
    }
  });
});

describe('board list: paging and sorting (public board, 23 posts)', () => {
  const base = Date.UTC(2026, 2, 1, 0, 0, 0);
  interface Fixture { itemNo: number; createdAt: number; viewCount: number; title: string; showItemToMain: boolean }
  const posts: Fixture[] = [];

  beforeAll(async () => {
    // Insertion order, dates, view counts and titles are four different orders.
    for (let k = 0; k < 23; k++) {
      const f = {
        createdAt: base + ((k * 7) % 23) * HOUR,
        viewCount: ((k * 5) % 23) * 3 + 1,
        title: `자료 ${String((k * 11) % 23).padStart(2, '0')}`,
        showItemToMain: k % 4 !== 0,
      };
      const { itemNo } = await createBoardItem(t.db, {
        boardCode: 'public',
        title: f.title,
        createdAt: new Date(f.createdAt),
        viewCount: f.viewCount,
        showItemToMain: f.showItemToMain,
      });
      posts.push({ ...f, itemNo });
    }
  });

  const sortedBy = (key: 'createdAt' | 'viewCount' | 'itemNo' | 'title', dir: 'ASC' | 'DESC', from = posts) =>
    [...from]
      .sort((a, b) => (a[key] < b[key] ? -1 : a[key] > b[key] ? 1 : 0) * (dir === 'ASC' ? 1 : -1))
      .map((p) => p.itemNo);

  it('pages of 10: 23 posts make 3 pages and page 3 has 3 posts, newest first', async () => {
    const pages = await Promise.all([1, 2, 3].map((p) => page(`boardCode=public&page=${p}&size=10`)));
    for (const [i, p] of pages.entries()) {
      expect(p).toMatchObject({ totalElements: 23, totalPages: 3, page: i + 1, size: 10 });
    }
    expect(pages.map((p) => p.content.length)).toEqual([10, 10, 3]);
    expect(pages.flatMap((p) => itemNos(p.content))).toEqual(sortedBy('createdAt', 'DESC'));
  });

  it('defaults to the board’s page size and createdDate,DESC', async () => {
    const p = await page('boardCode=public');
    expect(p.size).toBe(10);
    expect(p.page).toBe(1);
    expect(itemNos(p.content)).toEqual(sortedBy('createdAt', 'DESC').slice(0, 10));
  });

  it('a page after the last one is empty, with the same totals', async () => {
    const p = await page('boardCode=public&page=4&size=10');
    expect(p.content).toEqual([]);
    expect(p).toMatchObject({ totalElements: 23, totalPages: 3 });
  });

  it.each([
    ['createdDate', 'createdAt'],
    ['itemNo', 'itemNo'],
    ['viewCount', 'viewCount'],
    ['title', 'title'],
  ] as const)('sorts by %s in both directions', async (field, key) => {
    const desc = await page(`boardCode=public&size=23&sort=${field},DESC`);
    const asc = await page(`boardCode=public&size=23&sort=${field},ASC`);
    expect(itemNos(desc.content)).toEqual(sortedBy(key, 'DESC'));
    expect(itemNos(asc.content)).toEqual(sortedBy(key, 'ASC'));
    const lower = await page(`boardCode=public&size=23&sort=${field},desc`);
    expect(itemNos(lower.content)).toEqual(sortedBy(key, 'DESC'));
  });

  it('sorting and paging agree: page 2 of 5 by viewCount,ASC', async () => {
    const p = await page('boardCode=public&size=5&page=2&sort=viewCount,ASC');
    expect(itemNos(p.content)).toEqual(sortedBy('viewCount', 'ASC').slice(5, 10));
    expect(p.totalPages).toBe(5);
  });

  it('showItemToMain=true keeps only the posts shown on the home page', async () => {
    const shown = posts.filter((p) => p.showItemToMain);
    const p = await page('boardCode=public&size=100&showItemToMain=true');
    expect(p.totalElements).toBe(shown.length);
    expect(itemNos(p.content)).toEqual(sortedBy('createdAt', 'DESC', shown));
    expect(p.content.every((i) => i.showItemToMain)).toBe(true);
    const hidden = await page('boardCode=public&size=100&showItemToMain=false');
    expect(hidden.totalElements).toBe(23 - shown.length);
  });

  it('summaries carry the list fields, with dates in KST and their offset', async () => {
    const p = await page('boardCode=public&size=1&sort=createdDate,ASC');
    const first = p.content[0]!;
    const oldest = posts.find((x) => x.itemNo === first.itemNo)!;
    expect(first).toMatchObject({ boardCode: 'public', title: oldest.title, viewCount: oldest.viewCount, isNotice: false, isSecret: false });
    expect(first.createdDate).toBe('2026-03-01T09:00:00+09:00');
  });

  it('POST /api/board-item/search with the same query in the body gives the same result', async () => {
    const queries = [
      { boardCode: 'public', page: 2, size: 10, sort: 'createdDate,DESC' },
      { boardCode: 'public', page: 1, size: 7, sort: 'title,ASC', showItemToMain: true },
      { boardCode: 'public', page: 3, size: 4, sort: 'viewCount,DESC' },
    ];
    for (const q of queries) {
      const qs = new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)])).toString();
      const viaGet = await get(`/api/board-item?${qs}`);
      const viaPost = await t.app.inject({ method: 'POST', url: '/api/board-item/search', payload: q });
      expect(viaPost.statusCode).toBe(200);
      expect(JSON.parse(viaPost.body)).toEqual(JSON.parse(viaGet.body));
      expect(data<BoardItemPage>(viaPost).content.length).toBeGreaterThan(0);
    }
  });
});

describe('board list: notices (notice board)', () => {
  const base = Date.UTC(2026, 3, 1, 0, 0, 0);
  const posts: { itemNo: number; day: number; isNotice: boolean }[] = [];

  beforeAll(async () => {
    for (const day of [3, 1, 8, 2, 7, 5, 4, 6]) {
      const isNotice = day === 2 || day === 7;
      const { itemNo } = await createBoardItem(t.db, {
        boardCode: 'notice',
        title: `${isNotice ? '[공지] ' : ''}4월 ${day}일 소식`,
        createdAt: new Date(base + day * DAY),
        isNotice,
      });
      posts.push({ itemNo, day, isNotice });
    }
  });

  const newestFirst = (from = posts) => [...from].sort((a, b) => b.day - a.day).map((p) => p.itemNo);

  it('the home page call returns the 5 newest posts', async () => {
    const p = await page('boardCode=notice&page=1&size=5&sort=createdDate,DESC');
    expect(itemNos(p.content)).toEqual(newestFirst().slice(0, 5));
    expect(p.totalElements).toBe(8);
    expect(p.notices).toEqual([]);
  });

  it('pinNotices=true puts notices in `notices` (on every page) and leaves them out of `content`', async () => {
    const notices = newestFirst(posts.filter((p) => p.isNotice));
    const others = newestFirst(posts.filter((p) => !p.isNotice));
    const p1 = await page('boardCode=notice&pinNotices=true&size=4&page=1');
    const p2 = await page('boardCode=notice&pinNotices=true&size=4&page=2');
    expect(itemNos(p1.notices)).toEqual(notices);
    expect(itemNos(p2.notices)).toEqual(notices);
    expect(p1.notices.every((n) => n.isNotice)).toBe(true);
    expect(p1.totalElements).toBe(others.length);
    expect([...itemNos(p1.content), ...itemNos(p2.content)]).toEqual(others);
  });

  it('without pinNotices, notices are ordinary rows of the list', async () => {
    const p = await page('boardCode=notice&size=100');
    expect(itemNos(p.content)).toEqual(newestFirst());
    expect(p.notices).toEqual([]);
  });
});

describe('board list: search (safetyInformation board)', () => {
  const fixtures = {
    A: { title: '인공관절치환술 환자등록 안내', content: '<p>무릎 수술 후 등록 절차를 설명합니다.</p>', writerName: '관리자' },
    B: {
      title: '안전성 서한',
      content: '<p>이 글은 <strong>중요</strong>합니다. 환자<strong>등록</strong>을 확인하세요.</p>',
      writerName: '관리자',
    },
    C: { title: 'UDI 등록 절차 개정', content: '<p>UDI(고유식별코드) 등록은 필수입니다.</p>', writerName: '홍길동' },
    // Traps: every pair of 환자등록 is here, but not next to each other; 인공·관절 split by a space.
    D: { title: '환자등 관계자의 등록 절차', content: '<div>관련 공문</div>', writerName: '김등록' },
    E: { title: '회수 정보 100%', content: '<p>R&amp;D 과제 &lt;안내&gt; 결과&nbsp;보고</p>', writerName: 'Kim Minsu' },
    F: { title: '인공 관절 안내', content: '<p>치환 술기 교육</p>', writerName: '관리자' },
  };
  type Key = keyof typeof fixtures;
  const itemNoOf = {} as Record<Key, number>;

  beforeAll(async () => {
    let hour = 0;
    for (const [key, f] of Object.entries(fixtures) as [Key, (typeof fixtures)[Key]][]) {
      const { itemNo } = await createBoardItem(t.db, {
        boardCode: 'safetyInformation',
        ...f,
        createdAt: new Date(Date.UTC(2026, 4, 1) + ++hour * HOUR),
      });
      itemNoOf[key] = itemNo;
    }
  });

  async function search(searchType: string, keyword: string): Promise<Key[]> {
    const qs = new URLSearchParams({ boardCode: 'safetyInformation', size: '100', searchType, keyword });
    const p = await page(qs.toString());
    expect(p.totalElements).toBe(p.content.length);
    const keyOf = Object.fromEntries(Object.entries(itemNoOf).map(([k, n]) => [n, k])) as Record<number, Key>;
    return p.content.map((i) => keyOf[i.itemNo]!).sort();
  }

  it.each([
    ['등록', ['A', 'C', 'D']],
    ['술', ['A']],
    ['치환술', ['A']],
    ['관절치환술', ['A']],
    ['인공관절치환술', ['A']],
    ['인공관절', ['A']],
    ['환자등록', ['A']],
    ['자등록', ['A']],
    ['UDI 등록', ['C']],
    ['udi 등록', ['C']],
    ['udi', ['C']],
    ['100%', ['E']],
    ['%', ['E']],
    ['_', []],
    ['없는말', []],
  ])('title: %s', async (keyword, expected) => {
    expect(await search('title', keyword)).toEqual(expected);
  });

  it.each([
    ['strong', []],
    ['p', []],
    ['div', []],
    ['중요', ['B']],
    ['등록', ['A', 'B', 'C']],
    ['UDI(고유식별코드)', ['C']],
    ['고유식별', ['C']],
    ['치환술', []],
  ])('content ignores HTML tags: %s', async (keyword, expected) => {
    expect(await search('content', keyword)).toEqual(expected);
  });

  it('content: a word split by inline tags still matches (환자<strong>등록</strong> is 환자등록 to a reader)', async () => {
    expect(await search('content', '환자등록')).toEqual(['B']);
  });

  it('content: text is matched as a reader sees it, entities decoded (R&amp;D is R&D)', async () => {
    expect(await search('content', 'amp')).toEqual([]);
    expect(await search('content', 'nbsp')).toEqual([]);
    expect(await search('content', '결과 보고')).toEqual(['E']);
    expect(await search('content', 'R&D')).toEqual(['E']);
  });

  it.each([
    ['등록', ['A', 'B', 'C', 'D']],
    ['관절', ['A', 'F']],
    ['술', ['A', 'F']],
    ['중요', ['B']],
  ])('titleContent: %s', async (keyword, expected) => {
    expect(await search('titleContent', keyword)).toEqual(expected);
  });

  it.each([
    ['길동', ['C']],
    ['등록', ['D']],
    ['kim', ['E']],
    ['관리자', ['A', 'B', 'F']],
  ])('writer: %s', async (keyword, expected) => {
    expect(await search('writer', keyword)).toEqual(expected);
  });

  it('an empty or blank keyword does not filter', async () => {
    expect(await search('title', '')).toHaveLength(6);
    expect(await search('title', '   ')).toHaveLength(6);
  });

  it('the POST search gives the same result as the GET list', async () => {
    const q = { boardCode: 'safetyInformation', searchType: 'titleContent', keyword: '등록', size: 2, page: 2 };
    const viaPost = await t.app.inject({ method: 'POST', url: '/api/board-item/search', payload: q });
    const viaGet = await get(`/api/board-item?${new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)]))}`);
    expect(JSON.parse(viaPost.body)).toEqual(JSON.parse(viaGet.body));
    expect(data<BoardItemPage>(viaPost)).toMatchObject({ totalElements: 4, totalPages: 2 });
  });
});

describe('read-side permissions', () => {
  const inquiries = { memberFirst: 0, memberSecond: 0, other: 0, guest: 0 };
  const community = { open: 0, secret: 0, openAfter: 0 };
  let memberNoticeNo = 0;

  beforeAll(async () => {
    const base = Date.UTC(2026, 5, 1);
    const at = (h: number) => new Date(base + h * HOUR);
    memberNoticeNo = (await createBoardItem(t.db, { boardCode: 'memberNotice', title: '회원 안내', createdAt: at(0) })).itemNo;
    inquiries.memberFirst = (await createBoardItem(t.db, { boardCode: 'contactus', title: '김회원 첫 문의', writerId: t.users.member, writerName: '김회원', createdAt: at(1) })).itemNo;
    inquiries.other = (await createBoardItem(t.db, { boardCode: 'contactus', title: '이회원 문의', writerId: t.users.otherMember, writerName: '이회원', createdAt: at(2) })).itemNo;
    inquiries.guest = (await createBoardItem(t.db, { boardCode: 'contactus', title: '비회원 문의', writerId: null, writerName: '손님', createdAt: at(3) })).itemNo;
    inquiries.memberSecond = (await createBoardItem(t.db, { boardCode: 'contactus', title: '김회원 둘째 문의', writerId: t.users.member, writerName: '김회원', createdAt: at(4) })).itemNo;
    community.open = (await createBoardItem(t.db, { boardCode: 'community', title: '공개 글', writerId: t.users.otherMember, writerName: '이회원', createdAt: at(1) })).itemNo;
    community.secret = (await createBoardItem(t.db, { boardCode: 'community', title: '비밀 상담 제목', content: '<p>비밀 본문</p>', isSecret: true, writerId: t.users.member, writerName: '김회원', createdAt: at(2) })).itemNo;
    community.openAfter = (await createBoardItem(t.db, { boardCode: 'community', title: '나중 공개 글', writerId: t.users.otherMember, writerName: '이회원', createdAt: at(3) })).itemNo;
  });

  it('a guest gets 401 on the member boards; a member gets 200', async () => {
    for (const code of ['memberNotice', 'community']) {
      expectRefusal(await get(`/api/board-item?boardCode=${code}`), 401, 'UNAUTHORIZED');
      expectRefusal(await t.app.inject({ method: 'POST', url: '/api/board-item/search', payload: { boardCode: code } }), 401, 'UNAUTHORIZED');
      expect((await get(`/api/board-item?boardCode=${code}`, t.tokens.member)).statusCode).toBe(200);
    }
    expectRefusal(await get(`/api/board-item/memberNotice/${memberNoticeNo}`), 401, 'UNAUTHORIZED');
    const item = data<BoardItem>(await get(`/api/board-item/memberNotice/${memberNoticeNo}`, t.tokens.member));
    expect(item.title).toBe('회원 안내');
  });

  it('inquiries: a guest may not list or read them', async () => {
    expectRefusal(await get('/api/board-item?boardCode=contactus'), 401, 'UNAUTHORIZED');
    expectRefusal(await get(`/api/board-item/contactus/${inquiries.guest}`), 401, 'UNAUTHORIZED');
  });

  it('inquiries: a member lists only their own, with their real titles', async () => {
    const mine = await page('boardCode=contactus&size=100', t.tokens.member);
    expect(itemNos(mine.content)).toEqual([inquiries.memberSecond, inquiries.memberFirst]);
    expect(mine.totalElements).toBe(2);
    expect(mine.content.map((i) => i.title)).toEqual(['김회원 둘째 문의', '김회원 첫 문의']);
    const theirs = await page('boardCode=contactus&size=100', t.tokens.otherMember);
    expect(itemNos(theirs.content)).toEqual([inquiries.other]);
    // Searching cannot reach around the filter either.
    const searched = await page('boardCode=contactus&searchType=title&keyword=%EB%AC%B8%EC%9D%98&size=100', t.tokens.otherMember);
    expect(itemNos(searched.content)).toEqual([inquiries.other]);
  });

  it('inquiries: another member gets 403 on someone else’s inquiry, the writer 200 with neighbours among their own', async () => {
    expectRefusal(await get(`/api/board-item/contactus/${inquiries.memberFirst}`, t.tokens.otherMember), 403, 'FORBIDDEN');
    expectRefusal(await get(`/api/board-item/contactus/${inquiries.other}`, t.tokens.member), 403, 'FORBIDDEN');
    expectRefusal(await get(`/api/board-item/contactus/${inquiries.guest}`, t.tokens.member), 403, 'FORBIDDEN');
    const own = data<BoardItem>(await get(`/api/board-item/contactus/${inquiries.memberSecond}`, t.tokens.member));
    expect(own.title).toBe('김회원 둘째 문의');
    expect(own.prev).toEqual({ itemNo: inquiries.memberFirst, title: '김회원 첫 문의' });
    expect(own.next).toBeNull();
  });

  it('inquiries: an administrator lists and reads all of them', async () => {
    const all = await page('boardCode=contactus&size=100', t.tokens.admin);
    expect(itemNos(all.content)).toEqual([inquiries.memberSecond, inquiries.guest, inquiries.other, inquiries.memberFirst]);
    expect(all.content.every((i) => i.title !== SECRET_TITLE)).toBe(true);
    const theirs = data<BoardItem>(await get(`/api/board-item/contactus/${inquiries.other}`, t.tokens.admin));
    expect(theirs.title).toBe('이회원 문의');
  });

  it('a secret post shows as 비밀글입니다 to other members, in the list and as a neighbour, and its view is 403', async () => {
    const res = await get('/api/board-item?boardCode=community&size=100', t.tokens.otherMember);
    const list = data<BoardItemPage>(res);
    const secret = list.content.find((i) => i.itemNo === community.secret)!;
    expect(secret.title).toBe(SECRET_TITLE);
    expect(secret.isSecret).toBe(true);
    expect(res.body).not.toContain('비밀 상담 제목');
    expect(res.body).not.toContain('비밀 본문');
    expectRefusal(await get(`/api/board-item/community/${community.secret}`, t.tokens.otherMember), 403, 'FORBIDDEN');
    const neighbour = await get(`/api/board-item/community/${community.open}`, t.tokens.otherMember);
    expect(data<BoardItem>(neighbour).next).toEqual({ itemNo: community.secret, title: SECRET_TITLE });
    expect(neighbour.body).not.toContain('비밀 상담 제목');
  });

  it('a secret post is visible to its writer and to administrators', async () => {
    for (const token of [t.tokens.member, t.tokens.admin]) {
      const list = await page('boardCode=community&size=100', token);
      expect(list.content.find((i) => i.itemNo === community.secret)!.title).toBe('비밀 상담 제목');
      const item = data<BoardItem>(await get(`/api/board-item/community/${community.secret}`, token));
      expect(item.title).toBe('비밀 상담 제목');
      expect(item.content).toBe('<p>비밀 본문</p>');
    }
  });

  it('a secret post on a public board: guests get 401, other members 403, titles hidden in lists', async () => {
    const { itemNo } = await createBoardItem(t.db, {
      boardCode: 'annualReport', title: '비공개 보고서 초안', isSecret: true, writerId: t.users.admin, writerName: '관리자',
    });
    expectRefusal(await get(`/api/board-item/annualReport/${itemNo}`), 401, 'UNAUTHORIZED');
    expectRefusal(await get(`/api/board-item/annualReport/${itemNo}`, t.tokens.member), 403, 'FORBIDDEN');
    const guestList = await get('/api/board-item?boardCode=annualReport');
    expect(data<BoardItemPage>(guestList).content.find((i) => i.itemNo === itemNo)!.title).toBe(SECRET_TITLE);
    expect(guestList.body).not.toContain('비공개 보고서 초안');
    expect(data<BoardItem>(await get(`/api/board-item/annualReport/${itemNo}`, t.tokens.admin)).title).toBe('비공개 보고서 초안');
  });
});

describe('viewing a post (promotionVideo board)', () => {
  const base = Date.UTC(2026, 6, 1);
  const no = { day1: 0, day2: 0, day3: 0, deleted: 0, counted: 0 };
  let fileId = '';

  beforeAll(async () => {
    // Inserted out of date order, so item numbers and dates disagree.
    no.day1 = (await createBoardItem(t.db, { boardCode: 'promotionVideo', title: '첫째 날', createdAt: new Date(base + DAY) })).itemNo;
    no.day3 = (await createBoardItem(t.db, { boardCode: 'promotionVideo', title: '셋째 날', createdAt: new Date(base + 3 * DAY) })).itemNo;
    const file = await storeFile(t.app, t.db, { originalName: '홍보 영상 자막.txt', contentType: 'text/plain', createdBy: t.users.admin });
    fileId = file.id;
    no.day2 = (
      await createBoardItem(t.db, {
        boardCode: 'promotionVideo', title: '둘째 날', content: '<p>영상 <em>소개</em></p>', createdAt: new Date(base + 2 * DAY), fileIds: [file.id],
      })
    ).itemNo;
    const deleted = await createBoardItem(t.db, { boardCode: 'promotionVideo', title: '지운 글', createdAt: new Date(base + 2.5 * DAY) });
    no.deleted = deleted.itemNo;
    await t.db.update(boardItem).set({ deletedAt: new Date() }).where(eq(boardItem.id, deleted.id));
    no.counted = (await createBoardItem(t.db, { boardCode: 'promotionVideo', title: '조회수 시험', createdAt: new Date(base) })).itemNo;
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('returns content, files, and prev (older) / next (newer) by date, skipping deleted posts', async () => {
    const item = data<BoardItem>(await get(`/api/board-item/promotionVideo/${no.day2}`));
    expect(item).toMatchObject({ itemNo: no.day2, title: '둘째 날', content: '<p>영상 <em>소개</em></p>', fileCount: 1 });
    expect(item.files).toHaveLength(1);
    expect(item.files[0]).toMatchObject({ id: fileId, name: '홍보 영상 자막.txt', contentType: 'text/plain', url: `/api/file/${fileId}`, thumbnailUrl: null });
    expect(item.prev).toEqual({ itemNo: no.day1, title: '첫째 날' });
    expect(item.next).toEqual({ itemNo: no.day3, title: '셋째 날' });

    const newest = data<BoardItem>(await get(`/api/board-item/promotionVideo/${no.day3}`));
    expect(newest.next).toBeNull();
    expect(newest.prev).toEqual({ itemNo: no.day2, title: '둘째 날' });
    const oldest = data<BoardItem>(await get(`/api/board-item/promotionVideo/${no.counted}`));
    expect(oldest.prev).toBeNull();
    expect(oldest.next).toEqual({ itemNo: no.day1, title: '첫째 날' });
  });

  it('a deleted post is 404 and is not listed', async () => {
    expectRefusal(await get(`/api/board-item/promotionVideo/${no.deleted}`), 404, 'NOT_FOUND');
    const list = await page('boardCode=promotionVideo&size=100');
    expect(itemNos(list.content)).not.toContain(no.deleted);
    expect(list.totalElements).toBe(4);
  });

  it('counts a view once per visitor per day', async () => {
    const url = `/api/board-item/promotionVideo/${no.counted}`;
    const viewCount = async (res: Awaited<ReturnType<typeof get>>) => data<BoardItem>(res).viewCount;
    // Views are written within seconds (view-counter.ts); flushing first makes the stored count
    // (folded into the row or in its tally) exact now.
    const stored = async () => {
      await t.app.deps.boardCaching.views.flush();
      return (await t.db.select({ v: shownViews('board_item') }).from(boardItem).where(sql`${boardItem.boardCode} = 'promotionVideo' AND ${boardItem.itemNo} = ${no.counted}`))[0]!.v;
    };
    // The earlier test viewed it once as a guest from the default address without a user-agent.
    const start = await stored();

    expect(await viewCount(await get(url, t.tokens.member))).toBe(start + 1);
    expect(await viewCount(await get(url, t.tokens.member))).toBe(start + 1);
    expect(await viewCount(await get(url, t.tokens.member, { remoteAddress: '10.9.9.9', headers: { 'user-agent': 'Other' } }))).toBe(start + 1);
    expect(await viewCount(await get(url, t.tokens.otherMember))).toBe(start + 2);

    const guestA = { remoteAddress: '10.0.0.1', headers: { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0) Chrome/140' } };
    const guestB = { remoteAddress: '10.0.0.1', headers: { 'user-agent': 'Mozilla/5.0 (iPhone) Safari/18' } };
    expect(await viewCount(await get(url, undefined, guestA))).toBe(start + 3);
    expect(await viewCount(await get(url, undefined, guestA))).toBe(start + 3);
    expect(await viewCount(await get(url, undefined, guestB))).toBe(start + 4);
    expect(await stored()).toBe(start + 4);
    const listed = await page('boardCode=promotionVideo&size=100');
    expect(listed.content.find((i) => i.itemNo === no.counted)!.viewCount).toBe(start + 4);
  });

  it('counts the same visitor again on the next day in Korea (KST midnight, not UTC)', async () => {
    const { itemNo } = await createBoardItem(t.db, { boardCode: 'promotionVideo', title: '자정 시험', createdAt: new Date(base - DAY) });
    const url = `/api/board-item/promotionVideo/${itemNo}`;
    const guest = { remoteAddress: '10.1.1.1', headers: { 'user-agent': 'MidnightTester' } };
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-22T14:58:00Z')); // 23:58 KST
    expect(data<BoardItem>(await get(url, undefined, guest)).viewCount).toBe(1);
    vi.setSystemTime(new Date('2026-11-22T14:59:30Z')); // 23:59 KST, same day
    expect(data<BoardItem>(await get(url, undefined, guest)).viewCount).toBe(1);
    vi.setSystemTime(new Date('2026-11-22T15:01:00Z')); // 00:01 KST the next day, same UTC date
    expect(data<BoardItem>(await get(url, undefined, guest)).viewCount).toBe(2);
  });
});
