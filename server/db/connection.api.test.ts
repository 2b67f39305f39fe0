import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from './client';
import { connectionUrl, POOL_IDLE_MS } from './connection';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded';
import { isDatabaseUnavailable } from './unavailable';

/**
 * TLS to the database (sslmode in DATABASE_URL, DATABASE_SSL_CA_FILE) against a real PostgreSQL
 * server of the test's own with TLS on, its certificate signed by a CA made here; and the
 * statement timeout (DATABASE_STATEMENT_TIMEOUT_SECONDS).
 */
// A data directory path too long for a Unix socket: the server listens on 127.0.0.1, where TLS applies.
const parent = fs.mkdtempSync(path.join(os.tmpdir(), `nids-tls-${'x'.repeat(60)}-`));
fs.chmodSync(parent, 0o711);
const dataDir = path.join(parent, 'data');
const certs = path.join(parent, 'certs');
let server: EmbeddedPostgres;
const opened: Database[] = [];

function openssl(...args: string[]) {
  execFileSync('openssl', args, { cwd: certs, stdio: 'pipe' });
}

/** A CA, and a certificate for 127.0.0.1 it signs; another CA that signs nothing of ours. */
function makeCertificates() {
  fs.mkdirSync(certs);
  for (const ca of ['ca', 'other-ca']) {
    openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', `/CN=${ca}`, '-keyout', `${ca}.key`, '-out', `${ca}.pem`);
  }
  openssl('req', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=127.0.0.1', '-keyout', 'server.key', '-out', 'server.csr');
  fs.writeFileSync(path.join(certs, 'san.ext'), 'subjectAltName=IP:127.0.0.1\n');
  openssl('x509', '-req', '-in', 'server.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-days', '2', '-extfile', 'san.ext', '-out', 'server.crt');
}

/** TLS on in the cluster's own configuration: the server's key and certificate, owned by whoever runs it. */
function enableTls(pgdata: string) {
  const { uid, gid } = fs.statSync(pgdata);
  for (const file of ['server.key', 'server.crt']) {
    const target = path.join(pgdata, file);
    fs.copyFileSync(path.join(certs, file), target);
    fs.chmodSync(target, 0o600);
    fs.chownSync(target, uid, gid);
  }
  fs.appendFileSync(path.join(pgdata, 'postgresql.conf'), "\nssl = on\nssl_cert_file = 'server.crt'\nssl_key_file = 'server.key'\n");
}

beforeAll(async () => {
  makeCertificates();
  const first = await startEmbeddedPostgres({ dataDir, durable: false });
  await first.stop();
  enableTls(path.join(dataDir, 'pgdata'));
  server = await startEmbeddedPostgres({ dataDir, durable: false });
});

afterAll(async () => {
  for (const db of opened) await db.close();
  await server?.stop();
  fs.rmSync(parent, { recursive: true, force: true });
});

async function open(query: string, opts: { sslCaFile?: string; statementTimeoutMs?: number } = {}): Promise<Database> {
  const database = await openDatabase({ databaseUrl: `${server.url()}${query}`, migrate: false, ...opts });
  opened.push(database);
  return database;
}

async function encrypted(database: Database): Promise<boolean> {
  const { rows } = await database.pool.query<{ ssl: boolean }>('SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()');
  return rows[0]!.ssl;
}

describe('TLS to PostgreSQL', () => {
  it('DATABASE_SSL_CA_FILE alone: encrypted, and the server checked against that CA (verify-full)', async () => {
    expect(await encrypted(await open('', { sslCaFile: path.join(certs, 'ca.pem') }))).toBe(true);
  });

  it('refuses a server whose certificate another CA signed', async () => {
    const database = await open('?sslmode=verify-full', { sslCaFile: path.join(certs, 'other-ca.pem') });
    await expect(database.pool.query('SELECT 1')).rejects.toThrow(/self.signed|unable to verify|certificate/i);
  });

  it('sslmode in the URL as libpq reads it: require encrypts without checking, disable does not encrypt', async () => {
    expect(await encrypted(await open('?sslmode=require'))).toBe(true);
    expect(await encrypted(await open('?sslmode=disable'))).toBe(false);
  });

  it('connectionUrl: a CA file becomes sslrootcert with verify-full unless the URL says otherwise', () => {
    expect(connectionUrl('postgres://u@h/db', '/etc/ca.pem')).toBe('postgres://u@h/db?sslrootcert=%2Fetc%2Fca.pem&sslmode=verify-full&uselibpqcompat=true');
    expect(connectionUrl('postgres://u@h/db?sslmode=require', '/etc/ca.pem')).toBe('postgres://u@h/db?sslmode=require&sslrootcert=%2Fetc%2Fca.pem&uselibpqcompat=true');
    expect(connectionUrl('postgres://u@h/db')).toBe('postgres://u@h/db');
  });
});

describe('DATABASE_STATEMENT_TIMEOUT_SECONDS', () => {
  it('cancels a statement that runs longer, as a "database unavailable" error (a 503 envelope)', async () => {
    const database = await open('?sslmode=disable', { statementTimeoutMs: 200 });
    const err = await database.pool.query('SELECT pg_sleep(2)').then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toMatchObject({ code: '57014' });
    expect(isDatabaseUnavailable(err)).toBe(true);
    expect((await database.pool.query<{ n: number }>('SELECT 1 AS n')).rows[0]!.n).toBe(1);
  });
});

describe('idle connections', () => {
  it("are kept five minutes, where pg's default closed them after ten seconds (each new one is a new backend to warm)", async () => {
    // Only the pool's timers are faked: the sockets and the statements are real.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const database = await open('?sslmode=disable');
      await Promise.all([1, 2].map(() => database.pool.query('SELECT pg_sleep(0.05)')));
      expect(database.pool.idleCount).toBe(2);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(database.pool.totalCount).toBe(2);
      await vi.advanceTimersByTimeAsync(POOL_IDLE_MS - 60_000);
      expect(database.pool.totalCount).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('close()', () => {
  it('resolves once every connection of the pool has closed its socket, so stopping the server after it ends none of them', async () => {
    const warnings: string[] = [];
    const database = await openDatabase({
      databaseUrl: `${server.url()}?sslmode=disable`,
      migrate: false,
      log: { warn: (msg) => void warnings.push(msg) },
    });
    const sockets: { destroyed: boolean }[] = [];
    database.pool.on('connect', (client) => sockets.push((client as unknown as { connection: { stream: { destroyed: boolean } } }).connection.stream));
    // Three statements at once: three connections, idle in the pool afterwards.
    await Promise.all([1, 2, 3].map(() => database.pool.query('SELECT pg_sleep(0.05)')));
    expect(sockets).toHaveLength(3);
    await database.close();
    expect(sockets.map((socket) => socket.destroyed)).toEqual([true, true, true]);
    expect(warnings).toEqual([]);
  });
});
