import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoardItem, BoardItemCommentPage, BoardItemPage, UploadedFile } from '@contract';
import { boardItem, outbox, siteSetting, storedFile } from '../../db/schema';
import { createTestApp, data, type TestApp } from '../../test/harness';
import { expectRefusal } from '../../test/refusals';
import { multipartBody, pngBytes } from '../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const as = (token?: string) => t.auth(token);
const put = (boardCode: string, payload: object, token?: string) =>
  t.app.inject({ method: 'PUT', url: `/api/board-item/${boardCode}`, headers: as(token), payload });
const patch = (boardCode: string, itemNo: number, payload: object, token?: string) =>
  t.app.inject({ method: 'PATCH', url: `/api/board-item/${boardCode}/${itemNo}`, headers: as(token), payload });
const del = (boardCode: string, itemNo: number, token?: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/board-item/${boardCode}/${itemNo}`, headers: as(token) });
const read = (boardCode: string, itemNo: number, token?: string) =>
  t.app.inject({ method: 'GET', url: `/api/board-item/${boardCode}/${itemNo}`, headers: as(token) });
const list = async (query: string, token?: string) =>
  data<BoardItemPage>(await t.app.inject({ method: 'GET', url: `/api/board-item?${query}`, headers: as(token) }));

describe('create, update, delete', () => {
  it('a member creates a community post; it returns the item with its itemNo and the writer’s name', async () => {
    const item = data<BoardItem>(await put('community', { title: '  첫 글입니다  ', content: '<p>안녕하세요</p>' }, t.tokens.member));
    expect(item).toMatchObject({ boardCode: 'community', title: '첫 글입니다', content: '<p>안녕하세요</p>', writerName: '김회원', editable: true, isSecret: false, files: [] });
    expect(item.itemNo).toBeGreaterThan(0);
    const shown = data<BoardItem>(await read('community', item.itemNo, t.tokens.otherMember));
    expect(shown.editable).toBe(false);
    expect((await list('boardCode=community&size=100', t.tokens.member)).content.map((i) => i.itemNo)).toContain(item.itemNo);
  });

  it('the writer updates only the fields sent; others may not; an admin may', async () => {
    const { itemNo } = data<BoardItem>(await put('community', { title: '수정 전', content: '<p>본문 그대로</p>' }, t.tokens.member));
    const updated = data<BoardItem>(await patch('community', itemNo, { title: '수정 후' }, t.tokens.member));
    expect(updated).toMatchObject({ title: '수정 후', content: '<p>본문 그대로</p>' });
    expectRefusal(await patch('community', itemNo, { title: '남의 글' }, t.tokens.otherMember), 403, 'FORBIDDEN', /작성자와 관리자/);
    expectRefusal(await patch('community', itemNo, { title: '비회원' }), 401, 'UNAUTHORIZED');
    expect(data<BoardItem>(await patch('community', itemNo, { content: '<p>관리자가 고침</p>' }, t.tokens.admin)).content).toBe('<p>관리자가 고침</p>');
  });

  it('only managers set notice and home-page flags', async () => {
    expectRefusal(await put('community', { title: '공지', content: '<p>x</p>', isNotice: true }, t.tokens.member), 403, 'FORBIDDEN', /관리자만/);
    const { itemNo } = data<BoardItem>(await put('community', { title: '보통 글', content: '<p>x</p>', isNotice: false, showItemToMain: true }, t.tokens.member));
    expectRefusal(await patch('community', itemNo, { showItemToMain: false }, t.tokens.member), 403, 'FORBIDDEN');
    const pinned = data<BoardItem>(await patch('community', itemNo, { isNotice: true, showItemToMain: false }, t.tokens.admin));
    expect(pinned).toMatchObject({ isNotice: true, showItemToMain: false });
    const notice = data<BoardItem>(await put('notice', { title: '관리자 공지', content: '<p>공지</p>', isNotice: true }, t.tokens.admin));
    const p = await list('boardCode=notice&pinNotices=true&size=1&page=2');
    expect(p.notices.map((n) => n.itemNo)).toContain(notice.itemNo);
  });

  it('members may not write notices; guests may not write in the community', async () => {
    expectRefusal(await put('notice', { title: 'x', content: '<p>x</p>' }, t.tokens.member), 403, 'FORBIDDEN');
    expectRefusal(await put('community', { title: 'x', content: '<p>x</p>' }), 401, 'UNAUTHORIZED');
  });

  it('refuses empty titles and content with Korean messages, never 500', async () => {
    expectRefusal(await put('community', { title: '   ', content: '<p>x</p>' }, t.tokens.member), 400, 'BAD_REQUEST', /제목을 입력해주세요/);
    expectRefusal(await put('community', { title: 'x'.repeat(201), content: '<p>x</p>' }, t.tokens.member), 400, 'BAD_REQUEST', /200자/);
    expectRefusal(await put('community', { title: '내용 없음', content: '<p> </p><script>x</script>' }, t.tokens.member), 400, 'BAD_REQUEST', /내용을 입력해주세요/);
    expectRefusal(await put('community', { title: 1, content: null }, t.tokens.member), 400, 'BAD_REQUEST');
    expectRefusal(await put('community', { title: 'x', content: '<p>x</p>', category: '없는 분류' }, t.tokens.member), 400, 'BAD_REQUEST', /분류/);
    expectRefusal(await put('nosuchboard', { title: 'x', content: '<p>x</p>' }, t.tokens.admin), 404, 'NOT_FOUND');
    expectRefusal(await patch('community', 999999, { title: 'x' }, t.tokens.admin), 404, 'NOT_FOUND');
    expectRefusal(await patch('community', 0, { title: 'x' }, t.tokens.admin), 400, 'BAD_REQUEST');
  });

  it('titles are plain text: kept as typed (never parsed as HTML), control characters removed', async () => {
    const title = '<b>굵게</b> & "따옴표" <script>alert(1)</script>';
    const item = data<BoardItem>(await put('community', { title: `${title}\u0001\n`, content: '<p>x</p>' }, t.tokens.member));
    expect(item.title).toBe(title);
    // U+0000 is refused before any route runs (server/lib/text-guard.ts): PostgreSQL text cannot hold it.
    expectRefusal(await put('community', { title: `${title}\u0000`, content: '<p>x</p>' }, t.tokens.member), 400, 'BAD_REQUEST');
  });

  it('the writer deletes; the post, its files and comments are gone for everyone', async () => {
    const png = multipartBody('그림.png', await pngBytes());
    const image = data<UploadedFile>(
      await t.app.inject({ method: 'PUT', url: '/api/board-item/images', payload: png.payload, headers: { ...png.headers, ...as(t.tokens.member) } }),
    );
    const { itemNo } = data<BoardItem>(await put('community', { title: '지울 글', content: `<p>그림</p><img src="${image.url}">` }, t.tokens.member));
    await t.app.inject({ method: 'PUT', url: `/api/board-item-comment/community/${itemNo}`, headers: as(t.tokens.otherMember), payload: { content: '댓글' } });
    expectRefusal(await del('community', itemNo, t.tokens.otherMember), 403, 'FORBIDDEN');
    expect(data<{ itemNo: number }>(await del('community', itemNo, t.tokens.member)).itemNo).toBe(itemNo);
    // Its comments are soft-deleted with it, at the same moment (the comment module's repository,
    // handed to board's routes by server/app.ts).
    const { rows } = await t.database.raw.query<{ live: number; same: boolean }>(
      `SELECT count(*) FILTER (WHERE c.deleted_at IS NULL)::int AS live, bool_and(c.deleted_at = i.deleted_at) AS same
         FROM board_item_comment c JOIN board_item i ON i.id = c.board_item_id WHERE i.board_code = 'community' AND i.item_no = $1`,
      [itemNo],
    );
    expect(rows[0]).toEqual({ live: 0, same: true });
    expectRefusal(await read('community', itemNo, t.tokens.admin), 404, 'NOT_FOUND');
    expectRefusal(await del('community', itemNo, t.tokens.member), 404, 'NOT_FOUND');
    expectRefusal(await t.app.inject({ method: 'GET', url: `/api/board-item-comment?boardCode=community&itemNo=${itemNo}`, headers: as(t.tokens.admin) }), 404, 'NOT_FOUND');
    for (const token of [t.tokens.member, t.tokens.admin]) expectRefusal(await t.app.inject({ method: 'GET', url: image.url, headers: as(token) }), 404, 'NOT_FOUND');
  });

  it('a failed update changes nothing (another member’s file in the list rolls back the title too)', async () => {
    const { itemNo } = data<BoardItem>(await put('community', { title: '원래 제목', content: '<p>x</p>' }, t.tokens.member));
    const png = multipartBody('남의 그림.png', await pngBytes());
    const theirs = data<UploadedFile>(
      await t.app.inject({ method: 'PUT', url: '/api/board-item/images', payload: png.payload, headers: { ...png.headers, ...as(t.tokens.otherMember) } }),
    );
    expectRefusal(await patch('community', itemNo, { title: '바뀐 제목', files: [{ id: theirs.id }] }, t.tokens.member), 400, 'BAD_REQUEST');
    expect(data<BoardItem>(await read('community', itemNo, t.tokens.member)).title).toBe('원래 제목');
  });

  it('editor images in the content are attached to the post, become its thumbnail, and follow its privacy', async () => {
    const png = multipartBody('비밀 그림.png', await pngBytes(300, 200));
    const image = data<UploadedFile>(
      await t.app.inject({ method: 'PUT', url: '/api/board-item/images?boardCode=community', payload: png.payload, headers: { ...png.headers, ...as(t.tokens.member) } }),
    );
    const item = data<BoardItem>(await put('community', { title: '비밀 그림 글', content: `<p><img src="${image.url}" alt="그림"></p>`, isSecret: true }, t.tokens.member));
    expect(item.thumbnailUrl).toBe(`/api/file/thumbnail/${image.id}`);
    expect(item.files).toEqual([]);
    const [row] = await t.db.select().from(storedFile).where(eq(storedFile.id, image.id));
    expect(row!.boardItemId).not.toBeNull();
    for (const url of [image.url, image.thumbnailUrl!]) {
      expect((await t.app.inject({ method: 'GET', url, headers: as(t.tokens.member) })).statusCode).toBe(200);
      expectRefusal(await t.app.inject({ method: 'GET', url, headers: as(t.tokens.otherMember) }), 403, 'FORBIDDEN');
    }
    const listed = (await list('boardCode=community&size=100', t.tokens.otherMember)).content.find((i) => i.itemNo === item.itemNo)!;
    expect(listed).toMatchObject({ title: '비밀글입니다', content: '', thumbnailUrl: null, files: [] });
  });
});

describe('XSS corpus through create and update: nothing executable comes back', () => {
  const corpus = [
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '<p onclick="alert(1)">클릭</p>',
    '<a href="javascript:alert(1)">링크</a>',
    '<a href="JaVaScRiPt&colon;alert(1)">링크</a>',
    '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">데이터</a>',
    '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
    '<svg onload=alert(1)><circle r="10"/></svg>',
    '<svg><script>alert(1)</script></svg>',
    '<p style="background:url(javascript:alert(1))">스타일</p>',
    '<style>body{background:url("javascript:alert(1)")}</style>',
    '<iframe src="https://evil.example.com/embed"></iframe>',
    '<iframe src="javascript:alert(1)"></iframe>',
    '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
    '<object data="evil.swf"></object><embed src="evil.swf">',
    '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
    '<form action="https://evil.example.com"><input name="q"><button>보내기</button></form>',
    '<meta http-equiv="refresh" content="0;url=https://evil.example.com">',
    '<base href="https://evil.example.com/">',
    '<img src="https://evil.example.com/track.png">',
    '<a href="https://example.com" onmouseover="alert(1)">안전한 링크</a>',
    '<<script>script>alert(1)<</script>/script>',
    '<scr<script>ipt>alert(1)</scr</script>ipt>',
  ];
  const dangerous = [
    /<script/i, /\bon[a-z]+\s*=/i, /javascript:/i, /data:/i, /<svg/i, /style\s*=/i, /<style/i, /evil\.example\.com/,
    /<object/i, /<embed/i, /<form/i, /<meta/i, /<base/i, /srcdoc/i, /<math/i,
  ];
  const check = (html: string) => {
    for (const pattern of dangerous) expect(html, `${pattern} in ${html}`).not.toMatch(pattern);
  };

  it.each(corpus)('create and update with %s', async (payload) => {
    const created = data<BoardItem>(await put('community', { title: 'XSS 시험', content: `<p>본문</p>${payload}` }, t.tokens.member));
    check(created.content);
    check(data<BoardItem>(await read('community', created.itemNo, t.tokens.member)).content);
    const updated = data<BoardItem>(await patch('community', created.itemNo, { content: `<p>고침</p>${payload}` }, t.tokens.member));
    check(updated.content);
    const [stored] = await t.db.select({ content: boardItem.content }).from(boardItem).where(sql`${boardItem.boardCode} = 'community' AND ${boardItem.itemNo} = ${created.itemNo}`);
    check(stored!.content);
  });

  it('keeps what the editor makes: headings, lists, links, tables, our images and allowed video players', async () => {
    const html =
      '<h2>제목</h2><p><strong>굵게</strong> <em>기울임</em> <u>밑줄</u></p><ul><li>하나</li></ul><ol><li>둘</li></ol>' +
      '<blockquote><p>인용</p></blockquote><p><a href="https://www.mfds.go.kr" target="_blank">식약처</a></p>' +
      '<table><tbody><tr><th>항목</th><td>값</td></tr></tbody></table>' +
      '<iframe src="https://www.youtube-nocookie.com/embed/abc123" title="영상"></iframe>' +
      '<iframe src="https://player.vimeo.com/video/1"></iframe><iframe src="https://tv.naver.com/embed/1"></iframe>' +
      '<iframe src="https://play-tv.kakao.com/embed/player/cliplink/1"></iframe>';
    const item = data<BoardItem>(await put('community', { title: '편집기 글', content: html }, t.tokens.member));
    for (const kept of ['<h2>', '<strong>', '<em>', '<u>', '<ul>', '<ol>', '<blockquote>', '<table>', 'www.youtube-nocookie.com', 'player.vimeo.com', 'tv.naver.com', 'play-tv.kakao.com']) {
      expect(item.content).toContain(kept);
    }
    expect(item.content).toContain('rel="noopener noreferrer"');
  });
});

describe('Korean search finds created and updated posts', () => {
  const posts = {
    two: { title: '등록 안내', content: '<p>평범한 글</p>' },
    three: { title: '인공관절 소식', content: '<p>무릎</p>' },
    five: { title: '가나다', content: '<p>인체이식형 의료기기 안내</p>' },
    mixed: { title: 'UDI등록 시스템 오픈', content: '<p>바코드</p>' },
    html: { title: '표 안내', content: '<p>환자<strong>등록률</strong> 통계</p><table><tbody><tr><td>심장</td><td>박동기</td></tr></tbody></table>' },
  };
  const no = {} as Record<keyof typeof posts, number>;
  beforeAll(async () => {
    for (const [key, p] of Object.entries(posts)) {
      no[key as keyof typeof posts] = data<BoardItem>(await put('safetyInformation', p, t.tokens.admin)).itemNo;
    }
  });
  const search = async (searchType: string, keyword: string) => {
    const q = new URLSearchParams({ boardCode: 'safetyInformation', size: '100', searchType, keyword });
    const found = new Set((await list(q.toString())).content.map((i) => i.itemNo));
    return (Object.keys(no) as (keyof typeof posts)[]).filter((k) => found.has(no[k]));
  };

  it.each([
    ['title', '등록', ['two', 'mixed']],
    ['title', '관절', ['three']],
    ['title', '인공관절', ['three']],
    ['content', '의료기기', ['five']],
    ['content', '인체이식형', ['five']],
    ['title', 'udi등록', ['mixed']],
    ['title', 'UDI', ['mixed']],
    ['content', '환자등록률', ['html']],
    ['content', '심장 박동기', ['html']],
    ['content', 'strong', []],
    ['content', 'td', []],
    ['titleContent', '안내', ['two', 'five', 'html']],
    ['writer', '관리자', ['two', 'three', 'five', 'mixed', 'html']],
  ])('%s: %s', async (searchType, keyword, expected) => {
    expect(await search(searchType, keyword)).toEqual(expected);
  });

  it('an update rebuilds the search text: the old words stop matching, the new ones match', async () => {
    await patch('safetyInformation', no.five, { title: '회수 안내', content: '<p>심장 <em>판막</em> 회수</p>' }, t.tokens.admin);
    expect(await search('content', '의료기기')).toEqual([]);
    expect(await search('content', '판막')).toEqual(['five']);
    expect(await search('title', '회수')).toEqual(['five']);
    const [row] = await t.db.select({ text: boardItem.contentText }).from(boardItem).where(sql`${boardItem.boardCode} = 'safetyInformation' AND ${boardItem.itemNo} = ${no.five}`);
    expect(row!.text).toBe('심장 판막 회수');
  });
});

describe('inquiries (contactus)', () => {
  const inquiry = { title: '등록 방법 문의', content: '<p>어떻게 등록하나요?</p>', name: '홍길동', email: 'hong@example.com', phone: '010-1234-5678', agree: true };

  it('a guest sends an inquiry with consent; it is private; the guest cannot read it back', async () => {
    const item = data<BoardItem>(await put('contactus', inquiry));
    expect(item).toMatchObject({ title: '등록 방법 문의', writerName: '홍길동', isSecret: true, editable: false });
    expectRefusal(await read('contactus', item.itemNo), 401, 'UNAUTHORIZED');
    expectRefusal(await read('contactus', item.itemNo, t.tokens.member), 403, 'FORBIDDEN');
    const forAdmin = data<BoardItem>(await read('contactus', item.itemNo, t.tokens.admin));
    expect(forAdmin.contact).toEqual({ email: 'hong@example.com', phone: '010-1234-5678' });
  });

  it('consent, name, e-mail and phone format are checked, in Korean', async () => {
    expectRefusal(await put('contactus', { ...inquiry, agree: false }), 400, 'BAD_REQUEST', /동의해주세요/);
    expectRefusal(await put('contactus', { ...inquiry, agree: undefined }), 400, 'BAD_REQUEST', /동의해주세요/);
    expectRefusal(await put('contactus', { ...inquiry, name: '' }), 400, 'BAD_REQUEST', /이름을 입력/);
    expectRefusal(await put('contactus', { ...inquiry, email: 'not-an-email' }), 400, 'BAD_REQUEST', /이메일을 형식에 맞게/);
    expectRefusal(await put('contactus', { ...inquiry, phone: '01012345678' }), 400, 'BAD_REQUEST', /^연락처를 형식에 맞게 입력해주세요\.$/);
  });

  it('with useCapcha on, a guest needs a captcha; a member does not', async () => {
    await t.db.update(siteSetting).set({ value: true }).where(eq(siteSetting.key, 'useCapcha'));
    t.app.deps.settings.invalidate();
    try {
      expectRefusal(await put('contactus', inquiry), 400, 'BAD_REQUEST', /자동입력 방지/);
      expect((await put('contactus', inquiry, t.tokens.member)).statusCode).toBe(200);
    } finally {
      await t.db.update(siteSetting).set({ value: false }).where(eq(siteSetting.key, 'useCapcha'));
      t.app.deps.settings.invalidate();
    }
  });

  it('a member sees only their own inquiries; an admin answers and the writer is e-mailed', async () => {
    const mine = data<BoardItem>(await put('contactus', { ...inquiry, title: '회원 문의', email: 'member1@example.com' }, t.tokens.member));
    const others = (await list('boardCode=contactus&size=100', t.tokens.otherMember)).content;
    expect(others.map((i) => i.itemNo)).not.toContain(mine.itemNo);
    const own = (await list('boardCode=contactus&size=100', t.tokens.member)).content;
    expect(own.map((i) => i.itemNo)).toContain(mine.itemNo);
    expect(own.every((i) => i.title !== '비밀글입니다' && i.writerName === '홍길동')).toBe(true);
    const all = (await list('boardCode=contactus&size=100', t.tokens.admin)).content;
    expect(all.length).toBeGreaterThan(own.length);
    expect(own.find((i) => i.itemNo === mine.itemNo)!.answeredDate).toBeNull();

    expectRefusal(await patch('contactus', mine.itemNo, { answer: '제가 답할게요' }, t.tokens.member), 403, 'FORBIDDEN');
    expectRefusal(await patch('community', 1, { answer: 'x' }, t.tokens.admin), 400, 'BAD_REQUEST');
    const answered = data<BoardItem>(await patch('contactus', mine.itemNo, { answer: '누리집 회원가입 후 등록할 수 있습니다.' }, t.tokens.admin));
    expect(answered.answer).toBe('누리집 회원가입 후 등록할 수 있습니다.');
    expect(answered.answeredDate).toMatch(/\+09:00$/);
    const seen = data<BoardItem>(await read('contactus', mine.itemNo, t.tokens.member));
    expect(seen.answer).toBe('누리집 회원가입 후 등록할 수 있습니다.');
    await t.app.deps.delivery.idle();
    const mails = await t.db.select().from(outbox).where(eq(outbox.recipient, 'member1@example.com'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('답변이 등록되었습니다');
    expect(mails[0]!.body).toContain('누리집 회원가입 후 등록할 수 있습니다.');
  });
});

describe('comment count is kept with the post', () => {
  it('goes up and down with comments', async () => {
    const { itemNo } = data<BoardItem>(await put('community', { title: '댓글 수', content: '<p>x</p>' }, t.tokens.member));
    const c = data<{ id: number }>(await t.app.inject({ method: 'PUT', url: `/api/board-item-comment/community/${itemNo}`, headers: as(t.tokens.member), payload: { content: '하나' } }));
    await t.app.inject({ method: 'PUT', url: `/api/board-item-comment/community/${itemNo}`, headers: as(t.tokens.otherMember), payload: { content: '둘' } });
    expect(data<BoardItem>(await read('community', itemNo, t.tokens.member)).commentCount).toBe(2);
    await t.app.inject({ method: 'DELETE', url: `/api/board-item-comment/community/${itemNo}/${c.id}`, headers: as(t.tokens.member) });
    expect(data<BoardItem>(await read('community', itemNo, t.tokens.member)).commentCount).toBe(1);
    const page = data<BoardItemCommentPage>(await t.app.inject({ method: 'GET', url: `/api/board-item-comment?boardCode=community&itemNo=${itemNo}`, headers: as(t.tokens.member) }));
    expect(page.content.map((x) => x.content)).toEqual(['둘']);
  });
});
