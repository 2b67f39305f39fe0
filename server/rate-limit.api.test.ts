import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from './test/harness';

/** Per-address limits on the account routes, set low here through the environment (README "Configuration"). */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    env: { RATE_LIMIT_SIGNIN: '3', RATE_LIMIT_CHECK: '2', RATE_LIMIT_PINCODE: '2', RATE_LIMIT_FIND: '2', RATE_LIMIT_WRITE: '2', RATE_LIMIT_SEARCH: '2' },
  });
});

afterAll(async () => {
  await t?.close();
});

const limited = { code: 'TOO_MANY_REQUESTS', message: '요청이 너무 많습니다. 잠시 후 다시 시도해주세요.' };

async function exhaust(max: number, request: (remoteAddress: string) => Promise<{ statusCode: number; body: string; headers: Record<string, unknown> }>) {
  for (let i = 1; i <= max; i++) expect((await request('10.0.0.1')).statusCode, `request ${i}`).not.toBe(429);
  const over = await request('10.0.0.1');
  expect(over.statusCode).toBe(429);
  expect(body(over)).toEqual(limited);
  expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  // Another address is counted separately.
  expect((await request('10.0.0.2')).statusCode).not.toBe(429);
}

const post = (url: string, payload: object) => (remoteAddress: string) => t.app.inject({ method: 'POST', url, payload, remoteAddress });

describe('rate limits per client address', () => {
  it('sign-in', async () => {
    await exhaust(3, post('/api/user/signin', { userKeyType: 'ID', userKeyCode: 'nobody', password: 'x' }));
  });

  it('key availability checks and CAPTCHA challenges', async () => {
    await exhaust(2, post('/api/user-key/check-exists', { userKeyType: 'ID', userKeyCode: 'someone' }));
    await exhaust(2, (remoteAddress) => t.app.inject({ method: 'GET', url: '/api/captcha', remoteAddress }));
  });

  it('pincode sending and confirming', async () => {
    let n = 0;
    await exhaust(2, (remoteAddress) => post('/api/user-key/check', { userKeyType: 'EMAIL', userKeyCode: `limit${++n}@example.com` })(remoteAddress));
    await exhaust(2, post('/api/user-key/confirm', { userKeyToken: 'x', pincode: '123456' }));
  });

  it('find-ID and both password reset steps', async () => {
    await exhaust(2, post('/api/user/find-id', { userKeyToken: 'x' }));
    let n = 0;
    await exhaust(2, (remoteAddress) => post('/api/user/reset-password-token', { email: `reset${++n}@example.com` })(remoteAddress));
    await exhaust(2, post('/api/user/reset-password', { userToken: 'x', pincode: '123456', password: 'Reg1stry#Seoul', passwordConfirm: 'Reg1stry#Seoul' }));
  });

  it('a guest\'s inquiry, and the refused one is not written', async () => {
    let n = 0;
    const inquire = (remoteAddress: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/board-item/contactus',
        payload: { title: `제한 시험 문의 ${++n}`, content: '<p>문의</p>', name: '홍길동', email: 'guest@example.com', phone: '010-1234-5678', agree: true },
        remoteAddress,
      });
    await exhaust(2, inquire);
    const rows = await t.database.raw.query<{ title: string }>(`select title from board_item where title like '제한 시험 문의 %' order by title`);
    // Two from the limited address, one from the other; the third from the limited one was refused.
    expect(rows.rows.map((r) => r.title)).toEqual(['제한 시험 문의 1', '제한 시험 문의 2', '제한 시험 문의 4']);
  });

  it('page-satisfaction answers (RATE_LIMIT_WRITE, issue 23): a third in a minute from one address is refused, whatever the screen', async () => {
    const screens = ['/nids/intro', '/nids/about', '/nids/history', '/system/registSite'];
    let n = 0;
    await exhaust(2, (remoteAddress) => t.app.inject({ method: 'POST', url: '/api/feedback', payload: { path: screens[n++ % 4], score: 4 }, remoteAddress }));
  });

  it('the site search (RATE_LIMIT_SEARCH, issue 23): a third question in a minute from one address is refused, whatever it asks', async () => {
    let n = 0;
    await exhaust(2, (remoteAddress) => t.app.inject({ method: 'GET', url: `/api/search?keyword=${encodeURIComponent(`제한${n++}`)}`, remoteAddress }));
  });

  it('writing posts, comments and uploads (RATE_LIMIT_WRITE), each route counted on its own', async () => {
    const member = t.auth(t.tokens.member);
    let n = 0;
    const writePost = (remoteAddress: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/board-item/community',
        headers: member,
        payload: { title: `제한 시험 글 ${++n}`, content: '<p>본문</p>' },
        remoteAddress,
      });
    for (let i = 1; i <= 2; i++) expect((await writePost('10.0.1.1')).statusCode, `post ${i}`).toBe(200);
    const over = await writePost('10.0.1.1');
    expect(over.statusCode).toBe(429);
    expect(body(over)).toEqual(limited);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // The refused post was not written.
    const titles = body<{ data: { content: { title: string }[] } }>(
      await t.app.inject({ method: 'GET', url: '/api/board-item?boardCode=community&size=50', headers: member, remoteAddress: '10.0.1.1' }),
    ).data.content.map((item) => item.title);
    expect(titles).toContain('제한 시험 글 2');
    expect(titles).not.toContain('제한 시험 글 3');

    // Comments on a post written from another address.
    const itemNo = body<{ data: { itemNo: number } }>(await writePost('10.0.1.9')).data.itemNo;
    await exhaust(2, (remoteAddress) =>
      t.app.inject({ method: 'PUT', url: `/api/board-item-comment/community/${itemNo}`, headers: member, payload: { content: '제한 시험 댓글' }, remoteAddress }),
    );
    // Upload URLs.
    await exhaust(2, (remoteAddress) =>
      t.app.inject({ method: 'GET', url: '/api/board-item-file/upload-url?fileName=a.pdf&size=100&boardCode=community', headers: member, remoteAddress }),
    );

    // Reading the lists stays open to the limited address.
    for (let i = 0; i < 6; i++) {
      expect((await t.app.inject({ method: 'GET', url: '/api/board-item?boardCode=notice', remoteAddress: '10.0.1.1' })).statusCode).toBe(200);
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/board-item-comment?boardCode=community&itemNo=${itemNo}`, headers: member, remoteAddress: '10.0.0.1' })).statusCode,
      ).toBe(200);
    }
  });

  it('counts an IPv6 client by its /64 network, which one subscriber holds whole', async () => {
    const signin = post('/api/user/signin', { userKeyType: 'ID', userKeyCode: 'nobody', password: 'x' });
    for (let i = 1; i <= 3; i++) expect((await signin(`2001:db8:7:1::${i}`)).statusCode).not.toBe(429);
    const over = await signin('2001:db8:7:1:ffff:1:2:3');
    expect(over.statusCode).toBe(429);
    expect(body(over)).toEqual(limited);
    expect((await signin('2001:db8:7:2::1')).statusCode).not.toBe(429);
  });

  it('leaves reading the site alone', async () => {
    for (let i = 0; i < 10; i++) {
      expect((await t.app.inject({ method: 'GET', url: '/api/site-setting/info', remoteAddress: '10.0.0.1' })).statusCode).toBe(200);
    }
  });
});
