import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { GIVE_BACK_FREED_MEMORY, startEmbeddedPostgres } from './embedded';

/**
 * The embedded server where its data directory's path is too long for a Unix socket (sockaddr_un
 * holds about 100 bytes): it listens on 127.0.0.1 and a free port instead, still with the
 * generated password, and a restart on the same directory finds it again.
 * (The socket case runs in every other API test and in server/startup.api.test.ts.)
 */
const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'nids-embedded-'));
// As root the server runs as the user postgres, which must pass through (not list) it.
fs.chmodSync(parent, 0o711);
const dataDir = path.join(parent, 'a-data-directory-whose-path-is-too-long-for-a-unix-socket', 'of-the-registry');

afterAll(() => {
  fs.rmSync(parent, { recursive: true, force: true });
});

async function query(url: string, text: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<Record<string, string>>(text);
    return rows[0] ? Object.values(rows[0])[0]! : '';
  } finally {
    await client.end();
  }
}

describe('embedded PostgreSQL with a long data directory path', () => {
  it('listens on 127.0.0.1 only, asks for the password, and starts again on the same data', async () => {
    expect(path.join(dataDir, 'pgdata').length).toBeGreaterThan(90);
    fs.mkdirSync(dataDir, { recursive: true });
    for (let dir = path.dirname(dataDir); dir !== parent; dir = path.dirname(dir)) fs.chmodSync(dir, 0o755);

    const first = await startEmbeddedPostgres({ dataDir, durable: false });
    try {
      const url = new URL(first.url());
      expect(url.hostname).toBe('127.0.0.1');
      expect(await query(first.url(), 'SHOW listen_addresses')).toBe('127.0.0.1');
      expect(await query(first.url(), 'SHOW unix_socket_directories')).toBe('');
      // Without the generated password the server refuses the connection.
      url.password = 'wrong-password';
      await expect(query(url.toString(), 'SELECT 1')).rejects.toThrow(/password authentication failed/);
      await query(first.url(), 'CREATE TABLE kept AS SELECT 42 AS n');
      // Its processes (the postmaster's children) give back memory a statement freed (decision 0049).
      const postmaster = fs.readFileSync(path.join(dataDir, 'pgdata', 'postmaster.pid'), 'utf8').split('\n')[0];
      const environment = fs.readFileSync(`/proc/${postmaster}/environ`, 'utf8').split('\0');
      for (const [name, value] of Object.entries(GIVE_BACK_FREED_MEMORY)) expect(environment).toContain(`${name}=${value}`);
    } finally {
      await first.stop();
    }
    expect(fs.existsSync(path.join(dataDir, 'pgdata', 'postmaster.pid'))).toBe(false);

    const again = await startEmbeddedPostgres({ dataDir, durable: false });
    try {
      expect(await query(again.url(), 'SELECT n::text FROM kept')).toBe('42');
    } finally {
      await again.stop();
    }
  });
});
