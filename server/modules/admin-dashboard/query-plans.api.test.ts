import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestClock, type TestApp } from '../../test/harness';
import { dashboard, statements, WEEK_MS } from './service';
import { explainAnalyze, type Plannable, scanUsing, seqScanOf, vacuumUntilAllVisible } from '../../test/query-plans';

/**
 * The dashboard's counts at a size the registry may reach (30,000 members, 60,000 posts and as many
 * comments, 30,000 sign-in failures), planned with fresh statistics: every count goes through an
 * index, none reads a big table whole; and the figures equal plain counts over the same rows.
 */
let t: TestApp;
const clock = new TestClock(new Date('2026-11-20T10:00:00+09:00'));
const NOW = clock.now();
const weekFrom = new Date(NOW.getTime() - WEEK_MS);
const dayFrom = new Date(NOW.getTime() - 24 * 60 * 60 * 1000);

beforeAll(async () => {
  t = await createTestApp({ clock });
  const raw = t.database.raw;
  const now = NOW.toISOString();
  // Members over three years, one in twenty locked; the newest in the last days.
  await raw.query(
    `INSERT INTO app_user (user_key_code, role_code, name, password_hash, status, created_at)
     SELECT 'bulk' || g, 'MEMBER', '회원' || g, 'x', CASE WHEN g % 20 = 0 THEN 'LOCKED' ELSE 'ACTIVE' END,
            $1::timestamptz - (30000 - g) * interval '52 minutes'
     FROM generate_series(1, 30000) AS g`,
    [now],
  );
  // Posts on four boards over three years; inquiries in every state.
  await raw.query(
    `INSERT INTO board_item (board_code, item_no, title, content, writer_name, inquiry_status, created_at, modified_at, deleted_at)
     SELECT b.code, 100000 + g, '글 ' || g, '<p>본문</p>', '회원',
            (ARRAY['RECEIVED', 'IN_PROGRESS', 'DONE', 'DONE'])[1 + (g / 4) % 4],
            $1::timestamptz - (60000 - g) * interval '26 minutes', $1::timestamptz, CASE WHEN g % 50 = 0 THEN $1::timestamptz END
     FROM generate_series(1, 60000) AS g
     JOIN (VALUES (0, 'notice'), (1, 'public'), (2, 'community'), (3, 'contactus')) AS b(n, code) ON b.n = g % 4`,
    [now],
  );
  // Comments on the newest posts, spread over the weeks.
  await raw.query(
    `INSERT INTO board_item_comment (board_item_id, writer_name, content, created_at)
     SELECT (SELECT max(id) FROM board_item) - g % 1000, '회원', '댓글 ' || g, $1::timestamptz - (60000 - g) * interval '26 minutes'
     FROM generate_series(1, 60000) AS g`,
    [now],
  );
  await raw.query(
    `INSERT INTO signin_failure (at, user_key_code, address, locked)
     SELECT $1::timestamptz - (30000 - g) * interval '3 minutes', 'bulk' || g, '10.0.0.1', g % 5 = 0
     FROM generate_series(1, 30000) AS g`,
    [now],
  );
  for (const table of ['app_user', 'board_item', 'board_item_count', 'board_item_comment', 'signin_failure']) {
    await vacuumUntilAllVisible(t.database.raw, table);
  }
}, 180_000);

afterAll(async () => {
  await t?.close();
});

const plan = (statement: Plannable) => explainAnalyze(t.database.raw, statement);

const seqScanOfBigTable = seqScanOf('app_user', 'board_item', 'board_item_comment', 'signin_failure');

async function count(text: string, params: unknown[] = []): Promise<number> {
  const { rows } = await t.database.raw.query<{ n: number }>(text, params);
  return rows[0]!.n;
}

describe('dashboard counts at scale', () => {
  it('members: sign-ups by the sign-up index; the active count by the status index or one pass', async () => {
    const p = await plan(statements.members(weekFrom));
    expect(p).toMatch(scanUsing('app_user_created_idx'));
    // Nearly every member is active, so counting them visits nearly every row whichever way:
    // PostgreSQL 18 (random_page_cost 1.1) takes app_user_status_idx index-only, PostgreSQL 15 with
    // its default costs reads the table once (3 ms at 30,000 members). Either is one pass over the
    // members, nothing more: no other scan of app_user may appear.
    const activeCount = p.split('InitPlan 2')[0]!;
    expect(activeCount).toMatch(/Index Only Scan using app_user_status_idx on app_user|Seq Scan on app_user\s/);
    expect(p.split('InitPlan 2')[1] ?? '').not.toMatch(seqScanOfBigTable);
  });

  it('posts: the counters and a range of each board’s list index', async () => {
    const p = await plan(statements.posts(weekFrom));
    expect(p).not.toMatch(seqScanOfBigTable);
    expect(p).toMatch(scanUsing('board_item_created_idx'));
  });

  it('inquiries: the queue index', async () => {
    const p = await plan(statements.inquiries());
    expect(p).not.toMatch(seqScanOfBigTable);
    expect(p).toMatch(scanUsing('board_item_inquiry_status_idx'));
  });

  it('sign-in failures: the time index', async () => {
    const p = await plan(statements.signin(dayFrom));
    expect(p).not.toMatch(seqScanOfBigTable);
    expect(p).toMatch(scanUsing('signin_failure_at_idx'));
  });

  it('comments: an index-only range of the live comments\' time index', async () => {
    const p = await plan(statements.comments(weekFrom));
    expect(p).not.toMatch(seqScanOfBigTable);
    expect(p).toMatch(/Index Only Scan using board_item_comment_created_idx/);
  });

  it('give the same figures as plain counts', async () => {
    const d = await dashboard({ db: t.db, clock });
    const week = weekFrom.toISOString();
    expect(d.members).toEqual({
      active: await count(`SELECT count(*)::int AS n FROM app_user WHERE status = 'ACTIVE'`),
      newThisWeek: await count('SELECT count(*)::int AS n FROM app_user WHERE created_at >= $1', [week]),
    });
    expect(d.posts).toEqual({
      total: await count('SELECT count(*)::int AS n FROM board_item WHERE deleted_at IS NULL'),
      thisWeek: await count('SELECT count(*)::int AS n FROM board_item WHERE deleted_at IS NULL AND created_at >= $1', [week]),
    });
    expect(d.comments.thisWeek).toBe(
      await count('SELECT count(*)::int AS n FROM board_item_comment WHERE deleted_at IS NULL AND created_at >= $1', [week]),
    );
    expect(d.comments.thisWeek).toBeGreaterThan(0);
    const waiting = await count(
      `SELECT count(*)::int AS n FROM board_item i JOIN board b USING (board_code)
       WHERE b.list_style = 'inquiry' AND i.deleted_at IS NULL AND i.inquiry_status IN ('RECEIVED', 'IN_PROGRESS')`,
    );
    expect(d.inquiries.waiting).toBe(waiting);
    expect(waiting).toBeGreaterThan(5000);
    expect(d.signin).toEqual({
      failures: await count('SELECT count(*)::int AS n FROM signin_failure WHERE at >= $1', [dayFrom.toISOString()]),
      lockouts: await count('SELECT count(*)::int AS n FROM signin_failure WHERE at >= $1 AND locked', [dayFrom.toISOString()]),
    });
  });
});
