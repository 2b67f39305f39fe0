import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberFilter } from '@contract';
import { createTestApp, type TestApp } from '../../test/harness';
import { retiredRoleHoldersQuery, roleHoldersQuery } from '../user/repo';
import * as repo from '../user/repo';
import { memberHoldQuery, memberQuery } from '../../auth/refresh-tokens';
import {
  expectNoSortNoSeqScan,
  explainAnalyze,
  indexScan,
  type Plannable,
  scanUsing,
  seqScanOf,
  sortNode,
  vacuumUntilAllVisible,
} from '../../test/query-plans';

/**
 * The console's member list and the roles screen's counts at 50,000 members, planned with fresh
 * statistics: every path is served by an index (migration 0010), none sorts the table or reads
 * it whole. The plans are of the SQL the repositories themselves build.
 */
let t: TestApp;
const MEMBERS = 50_000;
const SURNAMES = ['김', '이', '박', '최', '정', '강', '조', '윤', '장', '임'];
const GIVEN = ['민준', '서연', '도윤', '하은', '지우', '서준', '지민', '예은', '현우', '수아', '건우'];

beforeAll(async () => {
  t = await createTestApp();
  // One member in 500 an admin, one in 100 retired, one in 100 locked; one sign-up every 50 minutes
  // from 2020 (about five years); rows as wide as real ones (argon2 hash, profile).
  await t.database.raw.query(
    `INSERT INTO app_user (user_key_code, user_type, role_code, name, email, mobile, password_hash, profile, status, created_at, modified_at)
     SELECT 'user' || g, 'Member', CASE WHEN g % 500 = 0 THEN 'ADMIN' ELSE 'MEMBER' END,
            ($1::text[])[1 + g % 10] || ($2::text[])[1 + (g / 10) % 11],
            'user' || g || '@example.com', '010-' || lpad((g / 10000)::text, 4, '0') || '-' || lpad((g % 10000)::text, 4, '0'),
            '$argon2id$v=19$m=19456,t=2,p=1$' || md5(g::text) || '$' || md5((g * 7)::text),
            jsonb_build_object('organization', '병원 ' || (g % 300), 'occupation', '의사', 'interests', jsonb_build_array('인공관절')),
            CASE g % 100 WHEN 0 THEN 'RETIRED' WHEN 1 THEN 'LOCKED' ELSE 'ACTIVE' END,
            timestamptz '2020-01-01 00:00:00+09' + g * interval '50 minutes',
            timestamptz '2020-01-01 00:00:00+09' + g * interval '50 minutes'
     FROM generate_series(1, $3::int) AS g`,
    [SURNAMES, GIVEN, MEMBERS],
  );
  await vacuumUntilAllVisible(t.database.raw, 'app_user');
}, 180_000);

afterAll(async () => {
  await t?.close();
});

const plan = (statement: Plannable) => explainAnalyze(t.database.raw, statement);

const seqScan = seqScanOf('app_user');

function expectIndexed(p: string, index: string) {
  expect(p).toMatch(scanUsing(index));
  expectNoSortNoSeqScan(p, seqScan);
}

const page = (filter: MemberFilter, n = 1, size = 20) => repo.pageQuery(t.db, filter, (n - 1) * size, size);

describe('member list at 50,000 members', () => {
  it.each([1, 100])('page %i of the whole list: app_user_created_idx, no sort', async (n) => {
    expectIndexed(await plan(page({}, n)), 'app_user_created_idx');
  });

  it('the total of the whole list is counted from an index, not the table', async () => {
    const p = await plan(repo.countQuery(t.db, {}));
    expect(p).toMatch(/Index Only Scan/);
    expect(p).not.toMatch(seqScan);
  });

  it('a sign-up period reads only that range of app_user_created_idx, for the page and the total', async () => {
    const filter = { joinedFrom: '2022-01-01', joinedTo: '2022-03-31' };
    const p = await plan(page(filter));
    expectIndexed(p, 'app_user_created_idx');
    expect(p).toMatch(/Index Cond: \(\(created_at >= .*\) AND \(created_at < .*\)\)/);
    const c = await plan(repo.countQuery(t.db, filter));
    expect(c).toMatch(/Index Only Scan using app_user_created_idx/);
    expect(c).not.toMatch(seqScan);
  });

  it('a role or a status is read from its own index, newest first', async () => {
    expectIndexed(await plan(page({ roleCode: 'ADMIN' })), 'app_user_role_idx');
    expectIndexed(await plan(page({ status: 'LOCKED' })), 'app_user_status_idx');
    for (const filter of [{ roleCode: 'ADMIN' }, { status: 'LOCKED' as const }]) {
      const c = await plan(repo.countQuery(t.db, filter));
      expect(c).toMatch(/Index Only Scan using app_user_(role|status)_idx/);
      expect(c).not.toMatch(seqScan);
    }
  });

  it('a keyword is looked up in the name, key, e-mail and mobile indexes at once (one BitmapOr)', async () => {
    for (const keyword of ['김민', 'user4242', 'user4242@example.com', '01000044242']) {
      const c = await plan(repo.countQuery(t.db, { keyword }));
      expect(c).toMatch(/BitmapOr/);
      // The key's prefix comes from app_user_key_prefix_idx (text_pattern_ops) on any server; where
      // the database's collation is C (the embedded server), the unique index serves the same range
      // at the same cost, and the planner takes either from one run to the next.
      for (const index of ['app_user_name_prefix_idx', 'app_user_key_(prefix_idx|uq)', 'app_user_email_uq', 'app_user_mobile_idx']) {
        expect(c, `${keyword}: ${index}`).toMatch(scanUsing(index));
      }
      expect(c).not.toMatch(seqScan);
      // The page: either the same lookup and a sort of only the matches, or the newest-first
      // index read until the page is full; never the table.
      expect(await plan(page({ keyword }))).not.toMatch(seqScan);
    }
  });

  it('answers the right rows (the plans above are of queries that work)', async () => {
    // Member 44242 has the number 010-0004-4242.
    const { rows, total } = await repo.listMembers(t.db, { keyword: '01000044242' }, 0, 20);
    expect(total).toBe(1);
    expect(rows.map((r) => r.userKeyCode)).toEqual(['user44242']);
    const period = await repo.listMembers(t.db, { joinedFrom: '2020-01-01', joinedTo: '2020-01-01' }, 0, 100);
    // Sign-ups every 50 minutes from 00:50 on 1 January (Korea): 28 that day.
    expect(period.total).toBe(28);
  });
});

describe('roles screen at 50,000 members', () => {
  it('members per role: an index-only scan of app_user_role_idx, and the retired few from app_user_status_idx', async () => {
    const all = await plan(roleHoldersQuery(t.db));
    expect(all).toMatch(/Index Only Scan using app_user_role_idx/);
    expect(all).not.toMatch(seqScan);
    const retired = await plan(retiredRoleHoldersQuery(t.db));
    expect(retired).toMatch(scanUsing('app_user_status_idx'));
    expect(retired).not.toMatch(seqScan);
  });
});

describe('the caller of an authenticated request at 50,000 members, 150,000 refresh tokens, 10,000 second factors', () => {
  // Every member has signed in once and refreshed twice (two spent tokens and the live one); one
  // member in ten has signed out (every token revoked). Family ids are UUIDs, as sign-in makes them.
  const family = (userId: number) => `${userId.toString(16).padStart(8, '0')}-0000-4000-8000-000000000000`;
  const signedInAt = new Date('2026-11-20T00:00:00Z');
  let memberId: (g: number) => Promise<number>;

  beforeAll(async () => {
    await t.database.raw.query(
      `INSERT INTO refresh_token (token_hash, user_id, family_id, created_at, expires_at, used_at, revoked_at)
       SELECT md5(u.id || '-' || n), u.id, lpad(to_hex(u.id), 8, '0') || '-0000-4000-8000-000000000000',
              $1::timestamptz + n * interval '20 minutes', $1::timestamptz + interval '14 days',
              CASE WHEN n < 2 THEN $1::timestamptz + (n + 1) * interval '20 minutes' END,
              CASE WHEN u.id % 10 = 0 THEN $1::timestamptz + interval '1 hour' END
       FROM app_user u CROSS JOIN generate_series(0, 2) AS n`,
      [signedInAt],
    );
    // One member in five has set up two-factor sign-in (issue 12; in life, administrators only).
    await t.database.raw.query(
      `INSERT INTO two_factor (user_id, secret, confirmed_at) SELECT id, md5(id::text), now() FROM app_user WHERE id % 5 = 0`,
    );
    await vacuumUntilAllVisible(t.database.raw, 'refresh_token');
    await vacuumUntilAllVisible(t.database.raw, 'two_factor');
    memberId = async (g) => (await t.database.raw.query<{ id: number }>(`SELECT id::int FROM app_user WHERE user_key_code = $1`, [`user${g}`])).rows[0]!.id;
  }, 180_000);

  it('one statement: the account by its key, the role, and the live token through refresh_token_family_idx', async () => {
    const id = await memberId(4243);
    const p = await plan(memberQuery(t.db, { userId: id, sessionId: family(id) }));
    expect(p).toMatch(indexScan('app_user_pkey', 'app_user'));
    expect(p).toMatch(scanUsing('refresh_token_family_idx'));
    expect(p).toMatch(scanUsing('two_factor_pkey'));
    expect(p).not.toMatch(seqScanOf('app_user', 'refresh_token', 'two_factor'));
    expect(p).not.toMatch(sortNode);
  });

  it('holding a member before a refresh token is exchanged, a sign-in stored or sign-ins ended (with the member and role read, or not): the row by app_user_pkey', async () => {
    const id = await memberId(4243);
    for (const statement of [memberHoldQuery(t.db, id), repo.heldUserQuery(t.db, id)]) {
      const p = await plan(statement);
      expect(p).toMatch(indexScan('app_user_pkey', 'app_user'));
      expect(p).toMatch(/LockRows/);
      // `role` is a handful of rows, read whole (as memberQuery's plan does).
      expect(p).not.toMatch(seqScanOf('app_user'));
      expect(p).not.toMatch(sortNode);
    }
  });

  it('answers the activity of the live token, and null once the sign-in has ended (the plan above is of a query that works)', async () => {
    const live = await memberId(4243);
    const [row] = await memberQuery(t.db, { userId: live, sessionId: family(live) });
    // The third token (created 40 minutes after the sign-in) is the live one.
    expect(row?.lastActiveAt).toEqual(new Date(signedInAt.getTime() + 40 * 60_000));
    const revoked = (
      await t.database.raw.query<{ id: number }>(`SELECT id::int FROM app_user WHERE id % 10 = 0 ORDER BY id LIMIT 1`)
    ).rows[0]!.id;
    const [ended] = await memberQuery(t.db, { userId: revoked, sessionId: family(revoked) });
    expect(ended).toMatchObject({ id: revoked, lastActiveAt: null });
    const [other] = await memberQuery(t.db, { userId: live, sessionId: family(revoked) });
    // Another member's sign-in is no sign-in of this one.
    expect(other).toMatchObject({ id: live, lastActiveAt: null });
  });
});
