import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../lib/process';
import { spawnServer, waitForApi, type ServerProcess } from '../../test/server-process';

/**
 * SIGTERM to the real server (`server/main.ts` on its embedded PostgreSQL): requests in flight
 * finish with 200 on their own connections (no reset), new connections are refused, exit code 0.
 */
const password = 'shutdown-test-password-1';
const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'nids-shutdown-'));
// As root, PostgreSQL runs as the user postgres, which must pass through to DATA_DIR.
fs.chmodSync(parent, 0o711);
const dataDir = path.join(parent, 'data');
fs.mkdirSync(dataDir);
let server: ServerProcess | undefined;

afterAll(async () => {
  if (server && server.child.exitCode === null) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
  fs.rmSync(parent, { recursive: true, force: true });
});

/** A sign-in whose headers have reached the server (it answered `100 Continue`) but whose body has not. */
async function startSignin(port: number) {
  const payload = JSON.stringify({ userKeyType: 'ID', userKeyCode: 'admin', password });
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  let error: Error | undefined;
  socket.on('data', (d: Buffer) => (received += d.toString()));
  socket.on('error', (err) => (error = err));
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.write(
    [
      'POST /api/user/signin HTTP/1.1',
      `Host: 127.0.0.1:${port}`,
      'Content-Type: application/json',
      `Content-Length: ${Buffer.byteLength(payload)}`,
      'Expect: 100-continue',
      'Connection: keep-alive',
      '',
      '',
    ].join('\r\n'),
  );
  socket.write(payload.slice(0, 10));
  await waitFor(() => received.includes('100 Continue'), 'the server to read the request headers');
  return {
    finish: async () => {
      socket.write(payload.slice(10));
      await closed;
      return { response: received.slice(received.indexOf('\r\n\r\n') + 4), error };
    },
  };
}

async function waitFor(check: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Whether a new TCP connection to `port` is refused. */
function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.on('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.on('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ECONNREFUSED'));
  });
}

describe('SIGTERM', () => {
  it('lets requests in flight finish with 200, refuses new connections, and exits 0', async () => {
    const port = await freePort();
    server = spawnServer({
      port,
      dataDir,
      env: { ADMIN_ID: 'admin', ADMIN_PASSWORD: password, SEED_DEMO: 'false', SHUTDOWN_TIMEOUT_SECONDS: '20', RATE_LIMIT_SIGNIN: '1000' },
    });
    await waitForApi(port, 90_000);

    // The request id reaches the logs (pino's reqId) and the response.
    const traced = await fetch(`http://127.0.0.1:${port}/healthz`, { headers: { 'x-request-id': 'shutdown-trace-1' } });
    expect(traced.headers.get('x-request-id')).toBe('shutdown-trace-1');

    const inFlight = await Promise.all(Array.from({ length: 8 }, () => startSignin(port)));
    server.child.kill('SIGTERM');
    await waitFor(() => server!.output().includes('shutting down'), 'the server to start draining');
    // The listening socket is closed at once.
    let isRefused = false;
    for (let i = 0; i < 200 && !isRefused; i++) {
      isRefused = await refused(port);
      if (!isRefused) await new Promise((r) => setTimeout(r, 25));
    }
    expect(isRefused).toBe(true);
    expect(server.child.exitCode).toBeNull();

    const results = await Promise.all(inFlight.map((request) => request.finish()));
    for (const { response, error } of results) {
      expect(error).toBeUndefined();
      expect(response).toMatch(/^HTTP\/1\.1 200 /);
      expect(response.toLowerCase()).toContain('connection: close');
      expect(response).toContain('"code":"SUCCESS"');
    }

    expect(await server.exited).toBe(0);
    const output = server.output();
    expect(output).toContain('"reqId":"shutdown-trace-1"');
    expect(output).toContain('shut down');
    expect(output).not.toContain('shutdown deadline');
  });

  it('does not wait past SHUTDOWN_TIMEOUT_SECONDS for a request that never finishes', async () => {
    const port = await freePort();
    server = spawnServer({ port, dataDir, env: { ADMIN_ID: 'admin', ADMIN_PASSWORD: password, SHUTDOWN_TIMEOUT_SECONDS: '1' } });
    await waitForApi(port, 90_000);
    await startSignin(port); // its body never comes
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(10_000);
    expect(server.output()).toContain('requests still running at the shutdown deadline');
  });
});
