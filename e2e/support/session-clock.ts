import { expect, type APIRequestContext, type Page, type Request } from '@playwright/test';
import { paths } from '@contract';
import { createMember, openSignedIn, type SignedIn, type TestMember } from './accounts';

/**
 * A member signed in on a page whose clock the test moves (Playwright's clock), for the session
 * expiry warning (KWCAG 2.2.1): the tokens and the server are the real ones; only the page's time
 * is moved forward instead of waited for.
 */

/** When an access token expires, in ms (its `exp`). */
export function expiryOf(token: string): number {
  const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { exp: number };
  return payload.exp * 1000;
}

/** Moves the page's clock on to `at` (ms since the epoch), firing the timers due on the way. */
export async function forwardTo(page: Page, at: number): Promise<void> {
  const now = await page.evaluate(() => Date.now());
  await page.clock.fastForward(Math.max(0, Math.round(at - now)));
}

/**
 * Counts the page's API calls from now on; the returned wait ends once at least one was answered
 * and none has been in flight for `quietMs`. Playwright's 'networkidle' is not enough here: it is
 * reached once and then stays reached, and on a loaded machine the page can be idle for more than
 * half a second between its scripts and its first reads (a CI run ended the sign-in on the server
 * in that gap, 660 ms; the reads, refused, signed the member out before the warning was due). A
 * second's quiet after the first answers covers reads that a lazily loaded part of the page makes.
 */
export function apiCallsSettle(page: Page, quietMs = 1000): () => Promise<void> {
  // The calls seen starting: one already under way when counting began ends unseen, not below zero.
  const inFlight = new Set<Request>();
  let answered = 0;
  let changedAt = Date.now();
  const isApi = (request: Request) => new URL(request.url()).pathname.startsWith('/api/');
  const started = (request: Request) => {
    if (!isApi(request)) return;
    inFlight.add(request);
    changedAt = Date.now();
  };
  const ended = (request: Request) => {
    if (!inFlight.delete(request)) return;
    answered += 1;
    changedAt = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return async () => {
    await expect
      .poll(() => answered > 0 && inFlight.size === 0 && Date.now() - changedAt >= quietMs, { message: "the page's own API calls are answered", intervals: [100] })
      .toBe(true);
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  };
}

/** A new member, signed in on an information page with the page's clock installed; nothing else happens. */
export async function signedInAndIdle(
  page: Page,
  request: APIRequestContext,
): Promise<{ member: TestMember; session: SignedIn; expiresAt: number }> {
  const member = await createMember(request);
  await page.clock.install();
  const settled = apiCallsSettle(page);
  const session = await openSignedIn(page, member.userId, member.password, paths.nidsIntro);
  await expect(page.locator('.site-header__utility').getByRole('button', { name: '로그아웃' })).toBeVisible();
  await expect(page.locator('main h1')).toBeVisible();
  // Idle means the page's own first reads are back too: a test that then ends the sign-in on the
  // server must not have one of them refused halfway (the page would sign the member out early).
  await settled();
  return { member, session, expiresAt: expiryOf(session.accessToken) };
}
