import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, isAlive } from '../lib/process';
import { expectOnly200Or503, loadGenerator, type Answer } from '../test/outage-load';
import { spawnServer, waitForApi, type ServerProcess } from '../test/server-process';

/**
 * Issue 10, "Tests that must exist", on the real server process and its embedded PostgreSQL: the
 * database's process is killed with kill -9 during writes (the app answers 503 meanwhile and
 * starts it again), and then the app's own; no acknowledged write is lost. The connections killed
 * with pg_terminate_backend are in outage.api.test.ts.
 */

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
