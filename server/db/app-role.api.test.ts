import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { recordAccess } from '@server/modules/access-record/record';
import { drizzle } from 'drizzle-orm/node-postgres';
import * as schema from './schema';
import type { Db } from './client';
import { openDatabase } from './client';
import { APP_PASSWORD_FILE, canRewriteAccessRecords, EMBEDDED_APP_ROLE, ensureLoginRole, grantApplicationRole } from './app-role';

/**
 * The application's own database role (issue 25): it reads and writes what the app needs, but may
 * only read and append to the access records: no UPDATE, DELETE or TRUNCATE, and no switching the
 * append-only triggers off (it does not own the table).
 */

/** What PostgreSQL answers a statement: 'ok', or its error code and message. */
const outcome = (client: pg.Pool, text: string) =>
  client.query(text).then(
    () => 'ok',
    (err: Error & { code?: string }) => `${err.code}: ${err.message}`,
  );

describe('a role given the application grants', () => {
  let t: TestApp;
  let asApp: pg.Pool;
  const role = `nids_app_test_${randomBytes(4).toString('hex')}`;
  const password = randomBytes(16).toString('hex');

  beforeAll(async () => {
    t = await createTestApp();
    await ensureLoginRole(t.database.raw, role, password);
    await grantApplicationRole(t.database.raw, role);
    const url = new URL(t.database.url);
    url.username = role;
    url.password = password;
    asApp = new pg.Pool({ connectionString: url.toString(), max: 2 });
  });

  afterAll(async () => {
    await asApp?.end();
    await t?.database.raw.query(`DROP OWNED BY "${role}"; DROP ROLE "${role}"`).catch(() => {});
    await t?.close();
  });

  it('appends to and reads the access records, and can neither rewrite, cut nor unprotect them', async () => {
    const db = drizzle(asApp, { schema }) as unknown as Db;
    await recordAccess(db, { userId: t.users.admin, address: '10.0.0.1' }, new Date(), { action: 'MEMBER_VIEW', subjectType: 'member', subject: '역할 시험' });
    expect(await outcome(asApp, `SELECT count(*) FROM access_record WHERE subject = '역할 시험'`)).toBe('ok');
    expect(await outcome(asApp, `UPDATE access_record SET reason = '고침'`)).toBe('42501: permission denied for table access_record');
    expect(await outcome(asApp, 'DELETE FROM access_record')).toBe('42501: permission denied for table access_record');
    expect(await outcome(asApp, 'TRUNCATE access_record')).toBe('42501: permission denied for table access_record');
    expect(await outcome(asApp, 'ALTER TABLE access_record DISABLE TRIGGER access_record_no_change')).toBe('42501: must be owner of table access_record');
    expect(await outcome(asApp, 'DROP TABLE access_record')).toBe('42501: must be owner of table access_record');
    expect(await canRewriteAccessRecords(asApp)).toBe(false);
    // The owner the test connects as could (which is why the app must not connect as it).
    expect(await canRewriteAccessRecords(t.database.raw)).toBe(true);
  });

  it('does everything else the app does: reads, writes and deletes rows, takes ids, reads the migrations', async () => {
    expect(await outcome(asApp, `UPDATE site_setting SET value = value WHERE key = 'siteName'`)).toBe('ok');
    expect(await outcome(asApp, `INSERT INTO board_item_view_tally (board_item_id, views) SELECT id, 1 FROM board_item LIMIT 1 ON CONFLICT DO NOTHING`)).toBe('ok');
    expect(await outcome(asApp, 'DELETE FROM board_item_view_tally')).toBe('ok');
    expect(await outcome(asApp, 'SELECT count(*) FROM drizzle.__drizzle_migrations')).toBe('ok');
    expect(await outcome(asApp, 'CREATE TABLE intruder (id int)')).toMatch(/^42501: permission denied for schema public/);
  });
});

describe('the embedded default', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nids-app-role-'));
  // As root the server runs as the user postgres, which must pass through (not list) it.
  fs.chmodSync(dataDir, 0o711);
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('makes the application role at the first start and connects as it; its password is kept with mode 600', async () => {
    const database = await openDatabase({ dataDir, applicationRole: true, poolMax: 2 });
    try {
      const { rows } = await database.pool.query<{ user: string }>('SELECT current_user AS user');
      expect(rows[0]!.user).toBe(EMBEDDED_APP_ROLE);
      expect(await canRewriteAccessRecords(database.pool)).toBe(false);
      expect(await outcome(database.pool, 'TRUNCATE access_record')).toBe('42501: permission denied for table access_record');
      expect(fs.statSync(path.join(dataDir, APP_PASSWORD_FILE)).mode & 0o777).toBe(0o600);
    } finally {
      await database.close();
    }
  }, 120_000);
});
