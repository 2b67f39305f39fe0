import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { load, type BenchPath } from './load';

/** Answers 503 to its first three requests, then 200: a server that fails only while the load warms it. */
let server: http.Server;
let answered = 0;
let baseUrl: string;

beforeAll(async () => {
  server = http.createServer((_req, res) => {
    answered += 1;
    res.writeHead(answered <= 3 ? 503 : 200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const path: BenchPath = { key: 'plain', label: 'plain', description: 'GET /', requests: [{ method: 'GET', path: '/' }] };

describe('load (bench)', () => {
  it('warms unmeasured first: its answers and CPU are not the figures, its failures are', async () => {
    let answeredAtFirstCpuRead: number | undefined;
    const result = await load(
      {
        baseUrl,
        connections: 1,
        durationSeconds: 0.3,
        warmupSeconds: 0.3,
        cpuPids: async () => {
          answeredAtFirstCpuRead ??= answered;
          return { node: [process.pid], database: undefined };
        },
      },
      path,
    );
    // The CPU readings start after the warm-up's requests were answered...
    expect(answeredAtFirstCpuRead).toBeGreaterThan(3);
    // ...and the measured run's requests are only its own.
    expect(result.requests).toBeGreaterThan(0);
    expect(result.requests).toBeLessThanOrEqual(answered - answeredAtFirstCpuRead!);
    // The 503s came while warming: the path still carries them.
    expect(result.non2xx).toBe(3);
    expect(result.statusCodes['503']).toBe(3);
    // A response's bytes, headers included: the 11 of the body and the status line and headers
    // Node writes around them, not the run's total.
    expect(result.bytesPerResponse).toBeGreaterThan(11 + 'HTTP/1.1 200 OK\r\n'.length);
    expect(result.bytesPerResponse).toBeLessThan(400);
    // The machine's disk reads during the load (the bench reads /proc: Linux, as its CPU figures).
    expect(result.diskReadMbPerSecond).toBeGreaterThanOrEqual(0);
    expect(Number.isFinite(result.diskReadMbPerSecond)).toBe(true);
  });
});
