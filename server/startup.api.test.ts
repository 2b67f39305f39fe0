import { execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './lib/process';
import { spawnServer, waitForApi } from './test/server-process';

/**
 * The real start-up path (`server/main.ts` as `npm start` runs it) on the embedded PostgreSQL
 * server: first start seeds, a second process on the same DATA_DIR is refused, a restart reuses
 * the data without seeding again, a start after `kill -9` of the app takes over the postmaster it
 * left, and the server runs both as root (PostgreSQL as the user postgres) and as an ordinary user.
 */
const asRoot = process.getuid?.() === 0;
const tmpRoots: string[] = [];
const running: ChildProcess[] = [];

/** A new DATA_DIR in a directory the postgres user (as root) or nobody may pass through. */
function newDataDir(owner?: { uid: number; gid: number }): string {
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'nids-startup-'));
  fs.chmodSync(parent, 0o711);
  tmpRoots.push(parent);
  const dir = path.join(parent, 'data');
  fs.mkdirSync(dir);
  if (owner) fs.chownSync(dir, owner.uid, owner.gid);
  return dir;
}
const dataDir = newDataDir();

function startServer(port: number, env: Record<string, string> = {}, opts: { dir?: string; as?: { uid: number; gid: number } } = {}) {
  const server = spawnServer({ port, dataDir: opts.dir ?? dataDir, env, as: opts.as });
  running.push(server.child);
  return server;
}

async function noticeTotal(port: number): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${port}/api/board-item?boardCode=notice&size=1`);
  const body = (await res.json()) as { data: { totalElements: number } };
  return body.data.totalElements;
}

/** The pid of the postmaster running on `pgdata`, if any (from /proc; its children rename themselves). */
function postgresPids(pgdata: string): number[] {
  return fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        const args = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
        return path.basename(args[0] ?? '') === 'postgres' && args.includes(pgdata);
      } catch {
        return false;
      }
    })
    .map(Number);
}

async function waitUntil(check: () => boolean, timeoutMs = 20_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** postmaster.pid: line 6 is the TCP address it listens on ('' for none), line 5 its socket directory. */
function listenAddresses(pgdata: string): { tcp: string; socketDir: string } {
  const lines = fs.readFileSync(path.join(pgdata, 'postmaster.pid'), 'utf8').split('\n');
  return { socketDir: lines[4] ?? '', tcp: lines[5]?.trim() ?? '' };
}

afterAll(async () => {
  for (const child of running) if (child.exitCode === null) child.kill('SIGKILL');
  // A postmaster orphaned by a failed test must not outlive the run.
  for (const parent of tmpRoots) {
    for (const pid of postgresPids(path.join(parent, 'data', 'pgdata'))) process.kill(pid, 'SIGQUIT');
  }
  await new Promise((r) => setTimeout(r, 500));
  for (const parent of tmpRoots) fs.rmSync(parent, { recursive: true, force: true });
});

/** Tests that start the server two or three times: each start is up to a minute on a loaded 2-core machine. */
const SERVER_STARTS_TIMEOUT = 180_000;

describe('npm start on the embedded database', () => {
  it('a setting it cannot use stops the start before the database, naming each variable and what it accepts', async () => {
    const dir = newDataDir();
    const refused = startServer(await freePort(), { HTTPS: 'yes', CACHE_SIZE_MB: '32MB', REDIS_URL: 'redis://:hunter2@cache:6379/ x' }, { dir });
    expect(await refused.exited).toBe(1);
    const output = refused.output();
    expect(output).toContain('The server cannot start with this environment:');
    expect(output).toContain('HTTPS must be true or false, got "yes"');
    expect(output).toContain('CACHE_SIZE_MB must be a whole number of megabytes, 0 or more, got "32MB"');
    expect(output).toContain('REDIS_URL must be a redis:// or rediss:// URL, got "redis://***@cache:6379/ x"');
    // The message, not a stack trace; no password; no database started.
    expect(output).not.toMatch(/^\s+at /m);
    expect(output).not.toContain('hunter2');
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('seeds once, refuses a second process on the same DATA_DIR, and reuses the data on restart', async () => {
    const port = await freePort();
    const first = startServer(port);
    await waitForApi(port);
    const seededNotices = await noticeTotal(port);
    expect(seededNotices).toBeGreaterThanOrEqual(12);

    // A real PostgreSQL server of its own, on a Unix socket in its data directory only.
    const pgdata = path.join(dataDir, 'pgdata');
    expect(postgresPids(pgdata)).toHaveLength(1);
    expect(listenAddresses(pgdata)).toEqual({ tcp: '', socketDir: pgdata });
    expect(fs.statSync(path.join(dataDir, 'postgres-password')).mode & 0o777).toBe(0o600);
    if (asRoot) {
      // PostgreSQL refuses to run as root: it runs as the system user postgres.
      const postgresUid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
      expect(fs.statSync(pgdata).uid).toBe(postgresUid);
    }

    // The generated admin password is written once, readable by the owner only, and never logged.
    const passwordFile = path.join(dataDir, 'initial-admin-password');
    const password = fs.readFileSync(passwordFile, 'utf8').trim();
    expect(password.length).toBeGreaterThanOrEqual(12);
    expect(fs.statSync(passwordFile).mode & 0o777).toBe(0o600);
    expect(first.output()).toContain(passwordFile);
    expect(first.output()).not.toContain(password);

    const second = startServer(await freePort());
    expect(await second.exited).not.toBe(0);
    expect(second.output()).toContain('already in use by another server process');

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
    // Stopping the server stops its database server too.
    expect(postgresPids(path.join(dataDir, 'pgdata'))).toEqual([]);

    const restartPort = await freePort();
    const restarted = startServer(restartPort);
    await waitForApi(restartPort);
    expect(await noticeTotal(restartPort)).toBe(seededNotices);
    expect(restarted.output()).not.toContain('seeded a new database');
    expect(fs.readFileSync(passwordFile, 'utf8').trim()).toBe(password);
    restarted.child.kill('SIGTERM');
    expect(await restarted.exited).toBe(0);
  }, SERVER_STARTS_TIMEOUT);

  it('a start after kill -9 of the app stops the postmaster it left behind and serves the same data', async () => {
    const pgdata = path.join(dataDir, 'pgdata');
    const port = await freePort();
    const victim = startServer(port);
    await waitForApi(port);
    const before = await noticeTotal(port);
    victim.child.kill('SIGKILL');
    await victim.exited;
    // The app is gone; its PostgreSQL server lives on, orphaned, still holding postmaster.pid.
    const orphans = postgresPids(pgdata);
    expect(orphans.length).toBeGreaterThan(0);

    const nextPort = await freePort();
    const next = startServer(nextPort);
    await waitForApi(nextPort);
    expect(await noticeTotal(nextPort)).toBe(before);
    expect(next.output()).toContain('left running by an earlier server process');
    const postmaster = Number(fs.readFileSync(path.join(pgdata, 'postmaster.pid'), 'utf8').split('\n')[0]);
    expect(orphans).not.toContain(postmaster);

    next.child.kill('SIGTERM');
    expect(await next.exited).toBe(0);
    await waitUntil(() => postgresPids(pgdata).length === 0);
  }, SERVER_STARTS_TIMEOUT);
});

describe.runIf(asRoot)('npm start as root', () => {
  it('refuses clearly when the postgres user cannot reach DATA_DIR', async () => {
    const hidden = fs.mkdtempSync(path.join(os.tmpdir(), 'nids-hidden-')); // mode 700
    tmpRoots.push(hidden);
    const refused = startServer(await freePort(), {}, { dir: path.join(hidden, 'data') });
    expect(await refused.exited).not.toBe(0);
    expect(refused.output()).toContain('runs as the system user "postgres"');
    expect(refused.output()).toContain(`chmod o+x ${hidden}`);
  });

  it('runs as an ordinary user too: the server and PostgreSQL run as that user', async () => {
    const nobody = { uid: 65534, gid: 65534 };
    const dir = newDataDir(nobody);
    const port = await freePort();
    const server = startServer(port, {}, { dir, as: nobody });
    await waitForApi(port, 90_000);
    expect(await noticeTotal(port)).toBeGreaterThanOrEqual(12);
    const pgdata = path.join(dir, 'pgdata');
    const pids = postgresPids(pgdata);
    expect(pids.length).toBeGreaterThan(0);
    for (const pid of pids) expect(fs.statSync(`/proc/${pid}`).uid).toBe(nobody.uid);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    await waitUntil(() => postgresPids(pgdata).length === 0);
  });
});
