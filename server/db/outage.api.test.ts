import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opsMessages } from '@contract';
import { freePort, isAlive } from '../lib/process';
import { createTestApp, type TestApp } from '../test/harness';
import { spawnServer, waitForApi, type ServerProcess } from '../test/server-process';

/**
 * Issue 10, "Tests that must exist": the database goes away under load. Requests meanwhile get a
 * 503 envelope (never a 500, never a crash), service resumes by itself, and no acknowledged write
 * is lost, whether our connections are killed (pg_terminate_backend, on either test database) or
 * the embedded server's process is killed with kill -9 (and then the app's own).
 */

interface Answer {
  /** Whether the request wrote (its 200 is an acknowledged write). */
  wrote: boolean;
  status: number;
  body: { code?: string; message?: string; data?: { itemNo?: number; id?: number } };
}

/** Writes comments and reads the caller's account, `concurrency` at a time, until `stop()`. */
function loadGenerator(send: (i: number) => Promise<Answer>, concurrency = 6) {
  const answers: Answer[] = [];
  let running = true;
  let n = 0;
  const workers = Array.from({ length: concurrency }, async () => {
    while (running) answers.push(await send(n++));
  });
  return {
    answers,
    stop: async () => {
      running = false;
      await Promise.all(workers);
    },
  };
}

function expectOnly200Or503(answers: Answer[]) {
  const other = answers.filter((a) => a.status !== 200 && a.status !== 503);
  expect([...new Set(other.map((a) => `${a.status} ${JSON.stringify(a.body)}`))]).toEqual([]);
  for (const a of answers.filter((x) => x.status === 503)) {
    expect(a.body).toEqual({ code: 'SERVICE_UNAVAILABLE', message: opsMessages.temporarilyUnavailable, requestId: expect.any(String) });
  }
}

describe('connections killed with pg_terminate_backend under load', () => {
  let t: TestApp;
  let itemNo: number;

  beforeAll(async () => {
    t = await createTestApp();
    const post = await t.app.inject({ method: 'PUT', url: '/api/board-item/community', headers: t.auth(t.tokens.member), payload: { title: '장애 시험', content: '<p>본문</p>' } });
    itemNo = (JSON.parse(post.body) as Answer['body']).data!.itemNo!;
  });
  afterAll(async () => {
    await t?.close();
  });

  const send = async (i: number): Promise<Answer> => {
    const wrote = i % 2 === 0;
    const res = wrote
      ? await t.app.inject({ method: 'PUT', url: `/api/board-item-comment/community/${itemNo}`, headers: t.auth(t.tokens.member), payload: { content: `댓글 ${i}` } })
      : await t.app.inject({ method: 'GET', url: `/api/user/${t.users.member}`, headers: t.auth(t.tokens.member) });
    return { wrote, status: res.statusCode, body: JSON.parse(res.body) as Answer['body'] };
  };

  it('answers 503 envelopes meanwhile, resumes by itself, and keeps every acknowledged comment', async () => {
    const load = loadGenerator(send);
    await new Promise((r) => setTimeout(r, 200));
    // Kill every connection of the app's database, over and over, for a second and a half.
    const until = Date.now() + 1_500;
    let killed = 0;
    while (Date.now() < until) {
      const { rows } = await t.database.raw.query<{ n: number }>(
        `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
      );
      killed += rows[0]!.n;
      await new Promise((r) => setTimeout(r, 30));
    }
    await new Promise((r) => setTimeout(r, 300));
    await load.stop();

    expect(killed).toBeGreaterThan(5);
    expectOnly200Or503(load.answers);
    expect(load.answers.filter((a) => a.status === 503).length).toBeGreaterThan(0);
    expect(load.answers.filter((a) => a.status === 200).length).toBeGreaterThan(0);

    // Service is back without anything done to the app, and no connection was lost for good:
    // every one the pool handed out has come back (drizzle's transaction leaked one per failed BEGIN).
    for (let i = 0; i < 6; i++) expect((await send(i)).status).toBe(200);
    const pool = t.database.pool;
    expect(pool.totalCount - pool.idleCount).toBe(0);

    const acknowledged = load.answers.filter((a) => a.wrote && a.status === 200).map((a) => a.body.data!.id!);
    expect(acknowledged.length).toBeGreaterThan(0);
    const { rows } = await t.database.raw.query<{ id: number }>('SELECT id::int FROM board_item_comment WHERE id = ANY($1)', [acknowledged]);
    expect(rows.map((r) => r.id).sort((a, b) => a - b)).toEqual([...acknowledged].sort((a, b) => a - b));
  });
});

describe('the embedded database after kill -9 during writes', () => {
  const password = 'outage-test-password-1';
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'nids-outage-'));
  // As root, PostgreSQL runs as the user postgres, which must pass through to DATA_DIR.
  fs.chmodSync(parent, 0o711);
  const dataDir = path.join(parent, 'data');
  const processes: ServerProcess[] = [];
  const start = async () => {
    const port = await freePort();
    const server = spawnServer({
      port,
      dataDir,
      env: { ADMIN_PASSWORD: password, SEED_DEMO: 'false', RATE_LIMIT_WRITE: '100000', RATE_LIMIT_SIGNIN: '100000', HOUSEKEEPING_INTERVAL_MINUTES: '0' },
    });
    processes.push(server);
    await waitForApi(port);
    return { server, port };
  };
  /** The running postmaster's pid, or null in the moment between the old one's end and the new one's start (no pid file). */
  const postmasterPid = (): number | null => {
    try {
      return Number(fs.readFileSync(path.join(dataDir, 'pgdata', 'postmaster.pid'), 'utf8').split('\n')[0]);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  };

  afterAll(async () => {
    for (const p of processes) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGTERM');
    await Promise.all(processes.map((p) => p.exited));
    fs.rmSync(parent, { recursive: true, force: true });
  });

  async function signIn(port: number): Promise<string> {
    const res = await fetch(`http://127.0.0.1:${port}/api/user/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userKeyType: 'ID', userKeyCode: 'admin', password }),
    });
    return ((await res.json()) as { data: { accessToken: string } }).data.accessToken;
  }

  const writer = (port: number, token: string) => async (i: number): Promise<Answer> => {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/board-item/community`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ title: `쓰기 ${i}`, content: `<p>${i}</p>` }),
      });
      return { wrote: true, status: res.status, body: (await res.json()) as Answer['body'] };
    } catch {
      return { wrote: true, status: 0, body: {} }; // the app itself was killed: not acknowledged
    }
  };

  async function expectPosts(port: number, itemNos: number[]) {
    const token = await signIn(port);
    const missing: string[] = [];
    for (const itemNo of itemNos) {
      const res = await fetch(`http://127.0.0.1:${port}/api/board-item/community/${itemNo}`, { headers: { authorization: `Bearer ${token}` } });
      if (res.status !== 200) missing.push(`${itemNo}: ${res.status} ${await res.text()}`);
    }
    expect(missing).toEqual([]);
  }

  const acknowledged = (answers: Answer[]) => answers.filter((a) => a.status === 200).map((a) => a.body.data!.itemNo!);

  it('the database process: the app answers 503 meanwhile, starts it again by itself, and loses nothing acknowledged', async () => {
    const { server, port } = await start();
    const load = loadGenerator(writer(port, await signIn(port)), 4);
    await new Promise((r) => setTimeout(r, 500));
    const victim = postmasterPid()!;
    process.kill(victim, 'SIGKILL');
    // Writes go on until the server is back and a few more have been acknowledged.
    const before = load.answers.length;
    const until = Date.now() + 30_000;
    const restarted = () => {
      const pid = postmasterPid();
      return pid !== null && pid !== victim;
    };
    while (Date.now() < until && !(restarted() && load.answers.slice(before).filter((a) => a.status === 200).length > 10)) {
      await new Promise((r) => setTimeout(r, 100));
    }
    await load.stop();

    expect(server.child.exitCode).toBeNull();
    expect(isAlive(victim)).toBe(false);
    expect(restarted()).toBe(true);
    expect(server.output()).toContain('the embedded PostgreSQL server stopped unexpectedly');
    expectOnly200Or503(load.answers);
    expect(load.answers.filter((a) => a.status === 503).length).toBeGreaterThan(0);
    await expectPosts(port, acknowledged(load.answers));

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });

  it('the app process: it starts again on the same data and every acknowledged write is there', async () => {
    const { server, port } = await start();
    const load = loadGenerator(writer(port, await signIn(port)), 4);
    await new Promise((r) => setTimeout(r, 800));
    server.child.kill('SIGKILL');
    await server.exited;
    await load.stop();
    const written = acknowledged(load.answers);
    expect(written.length).toBeGreaterThan(0);

    const next = await start();
    await expectPosts(next.port, written);
    next.server.child.kill('SIGTERM');
    expect(await next.server.exited).toBe(0);
  });
});
