import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { startEmbeddedPostgres } from '../../db/embedded';
import { acquireDataDirLock } from '../../db/lock';
import { createTestApp, type TestApp } from '../../test/harness';
import { recordAccess } from './record';

/**
 * `npm run verify-access-records` as an operator runs it (`node --import tsx`): on the database
 * DATABASE_URL names, and on the embedded server of a data directory, while the app holds it and
 * after the app has stopped.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

function runScript(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/verify-access-records.ts'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

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

  it('exits 2 when it cannot reach the database', async () => {
    const res = await runScript({ DATABASE_URL: 'postgres://postgres:wrong@127.0.0.1:1/none' });
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/접근기록 검사를 시작하지 못했습니다/);
  });
});

describe('on the embedded server of DATA_DIR', () => {
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'nids-verify-'));
  // As root the server runs as the user postgres, which must pass through (not list) it.
  fs.chmodSync(parent, 0o711);
  const dataDir = path.join(parent, 'data');

  afterAll(() => {
    fs.rmSync(parent, { recursive: true, force: true });
  });

  it('reads through the running app’s server, and starts the server itself when the app is stopped', async () => {
    // Stand-in for a running app: this process holds the lock and runs the embedded server.
    const release = acquireDataDirLock(dataDir);
    const embedded = await startEmbeddedPostgres({ dataDir, durable: false });
    let stopped = false;
    try {
      const database = await openDatabase({ databaseUrl: embedded.url() });
      try {
        await database.pool.query(`
          INSERT INTO access_record (id, at, actor_id, actor_key, address, action, subject_type, subject, prev_hash, hash)
          VALUES (0, now(), NULL, 'system', '127.0.0.1', 'MEMBER_VIEW', 'member', 'one', '', ''),
                 (0, now(), NULL, 'system', '127.0.0.1', 'MEMBER_VIEW', 'member', 'two', '', '')`);
      } finally {
        await database.close();
      }
      const whileRunning = await runScript({ DATA_DIR: dataDir });
      expect(whileRunning.code, whileRunning.stderr).toBe(0);
      expect(whileRunning.stdout).toContain('Access-record chain OK: 2 records');
      // It left the app's lock and server alone.
      expect(fs.readFileSync(path.join(dataDir, 'server.lock'), 'utf8')).toBe(String(process.pid));
      expect(fs.existsSync(path.join(dataDir, 'pgdata', 'postmaster.pid'))).toBe(true);

      await embedded.stop();
      release();
      stopped = true;
      const whileStopped = await runScript({ DATA_DIR: dataDir });
      expect(whileStopped.code, whileStopped.stderr).toBe(0);
      expect(whileStopped.stdout).toContain('Access-record chain OK: 2 records');
      // It stopped the server it started and gave the directory back.
      expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
      expect(fs.existsSync(path.join(dataDir, 'pgdata', 'postmaster.pid'))).toBe(false);
    } finally {
      if (!stopped) {
        await embedded.stop();
        release();
      }
    }
  }, 180_000);

  it('exits 2 on a directory without a database', async () => {
    const res = await runScript({ DATA_DIR: path.join(parent, 'empty') });
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('There is no database in');
  });
});
