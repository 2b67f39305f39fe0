import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { startEmbeddedPostgres } from '../../db/embedded';
import { acquireDataDirLock } from '../../db/lock';
import { runScript } from '../../test/verify-script';

/**
 * `npm run verify-access-records` as an operator runs it (`node --import tsx`) on the embedded
 * server of a data directory, while the app holds it and after the app has stopped. It never uses
 * the run's database server. On the database DATABASE_URL names: verify-script.api.test.ts.
 */
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
