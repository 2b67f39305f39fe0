import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The real start-up path (`server/main.ts` as `npm start` runs it): first start seeds, a second
 * process on the same DATA_DIR is refused, a restart reuses the data without seeding again.
 */
const root = path.resolve(import.meta.dirname, '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nids-startup-'));
const running: ChildProcess[] = [];

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

function startServer(port: number, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitForApi(port: number, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/site-setting/info`);
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server on ${port} did not answer in ${timeoutMs} ms`);
}

async function noticeTotal(port: number): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${port}/api/board-item?boardCode=notice&size=1`);
  const body = (await res.json()) as { data: { totalElements: number } };
  return body.data.totalElements;
}

afterAll(() => {
  for (const child of running) if (child.exitCode === null) child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('npm start on the embedded database', () => {
  it('seeds once, refuses a second process on the same DATA_DIR, and reuses the data on restart', async () => {
    const port = await freePort();
    const first = startServer(port);
    await waitForApi(port);
    const seededNotices = await noticeTotal(port);
    expect(seededNotices).toBeGreaterThanOrEqual(12);

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

    const restartPort = await freePort();
    const restarted = startServer(restartPort);
    await waitForApi(restartPort);
    expect(await noticeTotal(restartPort)).toBe(seededNotices);
    expect(restarted.output()).not.toContain('seeded a new database');
    expect(fs.readFileSync(passwordFile, 'utf8').trim()).toBe(password);
    restarted.child.kill('SIGTERM');
    expect(await restarted.exited).toBe(0);
  });
});
