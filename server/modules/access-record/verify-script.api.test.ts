import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { runScript } from '../../test/verify-script';
import { recordAccess } from './record';

/**
 * `npm run verify-access-records` as an operator runs it (`node --import tsx`) on the database
 * DATABASE_URL names. On the embedded server of a data directory: verify-script-embedded.api.test.ts.
 */
describe('on the database DATABASE_URL names', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    for (const subject of ['member1', 'member2', 'member3']) {
      await recordAccess(t.db, { userId: t.users.admin, address: '127.0.0.1' }, new Date(), { action: 'MEMBER_VIEW', subjectType: 'member', subject });
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it('exits 0 with the count and the last hash, then 1 naming the changed row', async () => {
    const { rows } = await t.database.raw.query<{ id: string; hash: string }>('SELECT id, hash FROM access_record ORDER BY id');
    const ok = await runScript({ DATABASE_URL: t.database.url });
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout.trim()).toBe(
      `접근기록 해시 체인 정상: 3건, 마지막 해시 ${rows[2]!.hash} / Access-record chain OK: 3 records, last hash ${rows[2]!.hash}`,
    );

    const middle = rows[1]!.id;
    const client = await t.database.raw.connect();
    try {
      await client.query('ALTER TABLE access_record DISABLE TRIGGER access_record_no_change');
      await client.query(`UPDATE access_record SET subject = 'someone-else' WHERE id = $1`, [middle]);
    } finally {
      await client.query('ALTER TABLE access_record ENABLE TRIGGER access_record_no_change');
      client.release();
    }
    const broken = await runScript({ DATABASE_URL: t.database.url });
    expect(broken.code).toBe(1);
    expect(broken.stdout).toBe('');
    expect(broken.stderr.trim()).toBe(
      `접근기록 해시 체인 손상: 첫 번째 문제 기록 id ${middle} — 기록 내용이 해시와 맞지 않습니다(기록이 변경됨) / ` +
        `Access-record chain BROKEN: first bad record id ${middle}: its fields do not match its hash (the record was changed)`,
    );
  });

  it('with the count and hash written down: exits 1 once records are cut from the end, 2 on a malformed point (issue 25)', async () => {
    const { rows } = await t.database.raw.query<{ id: string; hash: string }>('SELECT id, hash FROM access_record ORDER BY id');
    const point = ['--expect-count', String(rows.length), '--expect-hash', rows.at(-1)!.hash];
    // The first test changed a record's fields: put the chain back whole first.
    const client = await t.database.raw.connect();
    try {
      await client.query('ALTER TABLE access_record DISABLE TRIGGER access_record_no_change');
      await client.query(`UPDATE access_record SET subject = 'member2' WHERE id = $1`, [rows[1]!.id]);
      expect((await runScript({ DATABASE_URL: t.database.url }, point)).code).toBe(0);
      await client.query('DELETE FROM access_record WHERE id = $1', [rows.at(-1)!.id]);
    } finally {
      await client.query('ALTER TABLE access_record ENABLE TRIGGER access_record_no_change');
      client.release();
    }
    expect((await runScript({ DATABASE_URL: t.database.url })).code).toBe(0);
    const cut = await runScript({ DATABASE_URL: t.database.url }, point);
    expect(cut.code).toBe(1);
    expect(cut.stderr).toMatch(/records were cut from the end/);
    const malformed = await runScript({ DATABASE_URL: t.database.url }, ['--expect-count', 'many']);
    expect(malformed.code).toBe(2);
    expect(malformed.stderr).toMatch(/--expect-count/);
  });

  it('exits 2 when it cannot reach the database', async () => {
    const res = await runScript({ DATABASE_URL: 'postgres://postgres:wrong@127.0.0.1:1/none' });
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/접근기록 검사를 시작하지 못했습니다/);
  });
});
