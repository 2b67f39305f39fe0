import type { APIRequestContext } from '@playwright/test';
import type { FeedbackSummary, Success, VisitTop } from '@contract';
import { expect, test } from './fixtures';
import { ADMIN, signInByApi, uniqueSuffix } from './support/accounts';
import { createItemByApi } from './support/board';

/**
 * Visitor statistics and page satisfaction (issue 23) from a real browser's walk: a full load of a
 * post (counted by the server as it sends the HTML) and in-app navigations (counted by the
 * beacon), as a person's Chrome (headless Chromium's own user agent is counted as a robot, which
 * the top lists leave out). The post is this test's own, so its count is exact whatever other
 * tests visit; so is the screen two visitors rate.
 */
const personsChrome = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const today = () => new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10);

async function consoleRead<T>(request: APIRequestContext, url: string, token: string): Promise<T> {
  const res = await request.get(url, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status(), url).toBe(200);
  return ((await res.json()) as Success<T>).data;
}

test.use({ userAgent: personsChrome });

test('a walk of screens shows in the console\'s statistics with the right counts; two answers in its satisfaction average', async ({ page, request }) => {
  test.setTimeout(60_000);
  const { accessToken } = await signInByApi(request, ADMIN.userId, ADMIN.password);
  const title = `방문 집계 확인 ${uniqueSuffix()}`;
  const post = await createItemByApi(request, accessToken, 'notice', { title, content: '<p>집계</p>' });
  const value = `notice/${post.itemNo}`;

  // A full load of the post, then in the app: to the notice list, and back to the post by its link.
  await page.goto(`/Nids/notice/View/${post.itemNo}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await page.getByRole('link', { name: '목록' }).first().click();
  await expect(page).toHaveURL(/\/Nids\/notice\/List/i);
  await page.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);

  // Written at the server's next flush: the post's two views, no more.
  const viewsOfPost = async () => {
    const top = await consoleRead<VisitTop>(request, `/api/admin/stats/top?from=${today()}&to=${today()}&kind=post&limit=50`, accessToken);
    return top.items.find((item) => item.value === value)?.views ?? 0;
  };
  await expect.poll(viewsOfPost, { timeout: 15_000 }).toBe(2);
  const top = await consoleRead<VisitTop>(request, `/api/admin/stats/top?from=${today()}&to=${today()}&kind=post&limit=50`, accessToken);
  expect(top.items.find((item) => item.value === value)?.label).toBe(title);

  // Two visitors (two browsers) rate the post's screen 5 and 2: the console's average is 3.5 of 2 answers.
  const screen = `/Nids/notice/View/${post.itemNo}`;
  for (const [score, userAgent] of [[5, personsChrome], [2, `${personsChrome} Edg/131.0.0.0`]] as const) {
    const res = await request.post('/api/feedback', { data: { path: screen, score }, headers: { 'user-agent': userAgent } });
    expect(res.status()).toBe(200);
  }
  const summary = await consoleRead<FeedbackSummary>(request, `/api/admin/feedback?from=${today()}&to=${today()}`, accessToken);
  expect(summary.screens.find((s) => s.path === screen.toLowerCase())).toMatchObject({ count: 2, average: 3.5, distribution: [0, 1, 0, 0, 1] });
});
