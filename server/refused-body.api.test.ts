import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opsMessages } from '@contract';
import { createTestApp, type TestApp } from './test/harness';
import { multipartBody, samplePdf } from './test/factories';

/**
 * A body refused while it is still arriving (issue 25, refused-body.ts): the client finishes
 * sending and reads the 413, on a real socket, instead of a reset (EPIPE, ECONNRESET).
 */

let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as net.AddressInfo).port}`;
});

afterAll(async () => {
  await t?.close();
});

/** What a client gets: the status and message, or the socket error it saw instead. */
async function post(body: string | ReadableStream<Uint8Array>): Promise<string> {
  try {
    const res = await fetch(`${base}/api/user/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      ...(typeof body === 'string' ? {} : { duplex: 'half' }),
    } as RequestInit);
    return `${res.status} ${((await res.json()) as { message: string }).message}`;
  } catch (err) {
    return `failed ${(err as { cause?: { code?: string } }).cause?.code ?? String(err)}`;
  }
}

const jsonOf = (megabytes: number) => JSON.stringify({ userKeyCode: 'x'.repeat(megabytes * 1024 * 1024), password: 'x' });
const tally = (outcomes: string[]) => outcomes.reduce<Record<string, number>>((all, o) => ({ ...all, [o]: (all[o] ?? 0) + 1 }), {});
const tooLarge = `413 ${opsMessages.requestTooLarge}`;

describe('a body over the limit, still being sent', () => {
  it('20 MB twenty times, one after another: every client reads the 413 (the compiled server reset about half before)', async () => {
    const body = jsonOf(20);
    const outcomes: string[] = [];
    for (let i = 0; i < 20; i++) outcomes.push(await post(body));
    expect(tally(outcomes)).toEqual({ [tooLarge]: 20 });
  });

  it('2 MB from ten clients at once, and 4 MB without a length (chunked): every one reads the 413', async () => {
    const body = jsonOf(2);
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => post(body)));
    const chunked = await post(new Blob([jsonOf(4)]).stream());
    expect(tally([...outcomes, chunked])).toEqual({ [tooLarge]: 11 });
  });

  it('the client reads the 413 first and then sends the rest: nothing is reset, and the connection answers its next request', async () => {
    const { port } = t.app.server.address() as net.AddressInfo;
    const body = Buffer.from(jsonOf(3));
    const outcome = await new Promise<{ answers: string; error?: string }>((resolve) => {
      let text = '';
      let rest = false;
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write(`POST /api/user/signin HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`);
        socket.write(body.subarray(0, 64 * 1024));
      });
      socket.on('data', (d: Buffer) => {
        text += d.toString('utf8');
        // The refusal is in: a client that was mid-upload goes on sending what it had started.
        if (!rest && text.includes('PAYLOAD_TOO_LARGE')) {
          rest = true;
          setTimeout(() => {
            socket.write(body.subarray(64 * 1024));
            socket.write('GET /api/site-setting/info HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
          }, 50);
        }
      });
      socket.on('end', () => resolve({ answers: text }));
      socket.on('error', (err: NodeJS.ErrnoException) => resolve({ answers: text, error: err.code }));
    });
    expect(outcome.error).toBeUndefined();
    // The second answer follows the first's body on the same connection.
    expect(outcome.answers.match(/HTTP\/1\.1 \d{3}/g)).toEqual(['HTTP/1.1 413', 'HTTP/1.1 200']);
  });

  it('an upload past its board’s limit (20 MB), five times: each client reads the 413 with its sentence', async () => {
    const bytes = Buffer.concat([samplePdf, Buffer.alloc(25 * 1024 * 1024, 0x20)]);
    const outcomes: string[] = [];
    for (let i = 0; i < 5; i++) {
      const query = new URLSearchParams({ fileName: '큰자료.pdf', contentType: 'application/pdf', size: '1000', boardCode: 'community' });
      const urlRes = await t.app.inject({ method: 'GET', url: `/api/board-item-file/upload-url?${query}`, headers: t.auth(t.tokens.member) });
      const { uploadUrl } = (JSON.parse(urlRes.body) as { data: { uploadUrl: string } }).data;
      const body = multipartBody('큰자료.pdf', bytes, { contentType: 'application/pdf' });
      try {
        const res = await fetch(`${base}${uploadUrl}`, { method: 'POST', headers: body.headers, body: new Uint8Array(body.payload) });
        outcomes.push(`${res.status} ${/20 MB 이하/.test(((await res.json()) as { message: string }).message)}`);
      } catch (err) {
        outcomes.push(`failed ${(err as { cause?: { code?: string } }).cause?.code ?? String(err)}`);
      }
    }
    expect(tally(outcomes)).toEqual({ '413 true': 5 });
  });
});
