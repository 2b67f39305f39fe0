import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_ADMIN } from '../../seed/base';
import { createMember } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { explainAnalyze, indexScan, seqScanOf, sortNode, vacuumUntilAllVisible, type Plannable } from '../../test/query-plans';
import { findQuery, recoveryCodesLeftQuery, spendRecoveryCodeQuery } from './repo';

/**
 * Issue 12: the reads of a sign-in with a second factor and of the console's 2단계 인증 screen,
 * with 2,000 enrolled accounts and their 20,000 recovery codes, planned with fresh statistics.
 */
let t: TestApp;
let userId: number;
const plan = (statement: Plannable) => explainAnalyze(t.database.raw, statement);

beforeAll(async () => {
  t = await createTestApp();
  // Accounts enough for the tables to span many pages; one of them is the one asked about.
  await t.database.raw.query(
    `INSERT INTO app_user (user_key_code, role_code, name, password_hash)
     SELECT 'tf' || g, $1, '관리자', 'x' FROM generate_series(1, 2000) AS g`,
    [ROLE_ADMIN],
  );
  await t.database.raw.query(`INSERT INTO two_factor (user_id, secret, confirmed_at) SELECT id, md5(id::text), now() FROM app_user`);
  await t.database.raw.query(
    `INSERT INTO two_factor_recovery_code (user_id, code_hash, used_at)
     SELECT u.id, md5(u.id || '-' || n), CASE WHEN n < 3 THEN now() END FROM app_user u CROSS JOIN generate_series(0, 9) AS n`,
  );
  userId = (await createMember(t.db, { roleCode: ROLE_ADMIN })).id;
  await t.database.raw.query(`INSERT INTO two_factor (user_id, secret, confirmed_at) VALUES ($1, 'JBSWY3DPEHPK3PXP', now())`, [userId]);
  await vacuumUntilAllVisible(t.database.raw, 'two_factor');
  await vacuumUntilAllVisible(t.database.raw, 'two_factor_recovery_code');
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('two-factor reads', () => {
  it("the account's factor: two_factor_pkey", async () => {
    const p = await plan(findQuery(t.db, userId));
    expect(p).toMatch(indexScan('two_factor_pkey', 'two_factor'));
    expect(p).not.toMatch(seqScanOf('two_factor'));
  });

  it('recovery codes left and a code spent: two_factor_recovery_code_uq, no scan, no sort', async () => {
    const someone = (await t.database.raw.query<{ id: number }>(`SELECT user_id::int AS id FROM two_factor_recovery_code LIMIT 1`)).rows[0]!.id;
    const left = await plan(recoveryCodesLeftQuery(t.db, someone));
    expect(left).toMatch(/(Index Scan|Index Only Scan|Bitmap Index Scan) (using|on) two_factor_recovery_code_uq\b/);
    expect(left).toMatch(/rows=7\b/);
    const spent = await plan(spendRecoveryCodeQuery(t.db, someone, 'no-such-hash', new Date()));
    expect(spent).toMatch(/(Index Scan|Bitmap Index Scan) (using|on) two_factor_recovery_code_uq\b/);
    for (const p of [left, spent]) {
      expect(p).not.toMatch(seqScanOf('two_factor_recovery_code'));
      expect(p).not.toMatch(sortNode);
    }
  });
});
