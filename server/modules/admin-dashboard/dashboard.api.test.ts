import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminDashboard } from '@contract';
import { sessionToken } from '../../test/tokens';
import { createBoardItem } from '../../test/factories';
import { body, createTestApp, data, insertMember, TestClock, type TestApp } from '../../test/harness';

/**
 * `GET /api/admin/dashboard` (issue 9): each figure counts what happened inside its window
 * (7 days, 24 hours before the app's clock) and nothing outside it.
 */
let t: TestApp;
const clock = new TestClock(new Date('2026-11-20T10:00:00+09:00'));
const now = clock.now().getTime();
const DAY = 24 * 60 * 60 * 1000;
const ago = (ms: number) => new Date(now - ms);

beforeAll(async () => {
  t = await createTestApp({ clock });
});

afterAll(async () => {
  await t?.close();
});

async function figures(token = t.tokens.admin): Promise<AdminDashboard> {
  return data<AdminDashboard>(await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: t.auth(token) }));
}

describe('GET /api/admin/dashboard', () => {
  it('is for admins only', async () => {
    const guest = await t.app.inject({ method: 'GET', url: '/api/admin/dashboard' });
    expect(guest.statusCode).toBe(401);
    expect(body(guest)).toMatchObject({ code: 'UNAUTHORIZED' });
    const member = await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: t.auth(t.tokens.member) });
    expect(member.statusCode).toBe(403);
    expect(body(member)).toEqual({ code: 'FORBIDDEN', message: '관리자만 이용할 수 있습니다.' });
  });

  it('counts members, posts, comments, waiting inquiries and sign-in failures inside their windows', async () => {
    const before = await figures();
    expect(before).toMatchObject({ at: '2026-11-20T10:00:00+09:00', weekFrom: '2026-11-13T10:00:00+09:00', dayFrom: '2026-11-19T10:00:00+09:00' });
    const raw = t.database.raw;

    // Members: two new this week (one of them locked), one old; a retired one is not active.
    const fresh = await insertMember(t.db, 'fresh1', '신입일');
    const locked = await insertMember(t.db, 'fresh2', '신입이', 'LOCKED');
    const old = await insertMember(t.db, 'old1', '오래된');
    await insertMember(t.db, 'gone1', '탈퇴자', 'RETIRED');
    await raw.query('UPDATE app_user SET created_at = $1 WHERE id = ANY($2)', [ago(2 * DAY), [fresh, locked]]);
    await raw.query(`UPDATE app_user SET created_at = $1 WHERE id = $2 OR user_key_code = 'gone1'`, [ago(30 * DAY), old]);

    // Posts: three this week on two boards (one deleted), one older.
    const week1 = await createBoardItem(t.db, { boardCode: 'notice', createdAt: ago(DAY) });
    await createBoardItem(t.db, { boardCode: 'public', createdAt: ago(6 * DAY) });
    const deleted = await createBoardItem(t.db, { boardCode: 'public', createdAt: ago(DAY) });
    await raw.query('UPDATE board_item SET deleted_at = now() WHERE id = $1', [deleted.id]);
    const older = await createBoardItem(t.db, { boardCode: 'notice', createdAt: ago(8 * DAY) });

    // Comments: two old, three this week (one deleted).
    const comment = async (itemId: number, at: Date, deletedAt: Date | null = null) =>
      raw.query('INSERT INTO board_item_comment (board_item_id, writer_name, content, created_at, deleted_at) VALUES ($1, $2, $3, $4, $5)', [
        itemId, '회원', '댓글', at, deletedAt,
      ]);
    await comment(older.id, ago(9 * DAY));
    await comment(older.id, ago(7 * DAY + 60_000));
    await comment(week1.id, ago(7 * DAY - 60_000));
    await comment(week1.id, ago(DAY));
    await comment(week1.id, ago(DAY), ago(DAY));
    await comment(week1.id, ago(60_000));

    // Inquiries: received, in progress (two waiting), done, and a deleted one.
    const inquiry = async (status: string) => {
      const { id } = await createBoardItem(t.db, { boardCode: 'contactus', createdAt: ago(10 * DAY) });
      await raw.query('UPDATE board_item SET inquiry_status = $1 WHERE id = $2', [status, id]);
      return id;
    };
    await inquiry('RECEIVED');
    await inquiry('IN_PROGRESS');
    await inquiry('DONE');
    await raw.query('UPDATE board_item SET deleted_at = now() WHERE id = $1', [await inquiry('RECEIVED')]);

    // Sign-in failures: three in the last day (one locked the account), one older that locked too.
    const failure = (at: Date, isLocked: boolean) =>
      raw.query('INSERT INTO signin_failure (at, user_id, user_key_code, address, locked) VALUES ($1, $2, $3, $4, $5)', [
        at, t.users.member, 'member1', '10.0.0.9', isLocked,
      ]);
    await failure(ago(60_000), false);
    await failure(ago(2 * 60_000), false);
    await failure(ago(23 * 60 * 60 * 1000), true);
    await failure(ago(25 * 60 * 60 * 1000), true);

    const after = await figures();
    expect(after.members).toEqual({ active: before.members.active + 2, newThisWeek: before.members.newThisWeek + 2 });
    expect(after.posts).toEqual({ total: before.posts.total + 6, thisWeek: before.posts.thisWeek + 2 });
    expect(after.comments).toEqual({ thisWeek: before.comments.thisWeek + 3 });
    expect(after.inquiries).toEqual({
      waiting: before.inquiries.waiting + 2,
      received: before.inquiries.received + 1,
      inProgress: before.inquiries.inProgress + 1,
    });
    expect(after.signin).toEqual({ failures: before.signin.failures + 3, lockouts: before.signin.lockouts + 1 });
  });

  it('counts no comments when there are none in the window', async () => {
    clock.advance(30 * DAY);
    try {
      const token = await sessionToken(t.db, t.keys, t.users.admin, clock.now());
      expect((await figures(token)).comments.thisWeek).toBe(0);
    } finally {
      clock.advance(-30 * DAY);
    }
  });
});
