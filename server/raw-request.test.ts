import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { findOpenssl } from '@scripts/system-packages.mjs';
import { selfSignedCertificate } from '../deploy/nginx/local';
import { rawRequestReading } from './raw-request';

/**
 * The front door answers before Fastify, so it reads the raw request itself (raw-request.ts); what
 * it reads must be what Fastify's request would say, or a log line, a visitor's key or a page's
 * origin would name another client or site. Each case asks a Fastify app built with the same
 * TRUST_PROXY for both readings of one request.
 */
const settings: (boolean | string)[] = [false, true, '127.0.0.1', '10.0.0.0/8,127.0.0.1', 'loopback', '198.51.100.1'];

const requests: { remoteAddress: string; headers: Record<string, string> }[] = [
  { remoteAddress: '127.0.0.1', headers: {} },
  { remoteAddress: '127.0.0.1', headers: { host: 'nids.example.kr' } },
  { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.7' } },
  { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.7, 10.1.2.3', 'x-forwarded-host': 'a.example, nids.example.kr', 'x-forwarded-proto': 'http, https' } },
  { remoteAddress: '10.1.2.3', headers: { 'x-forwarded-for': '203.0.113.7, 127.0.0.1', 'x-forwarded-proto': 'https' } },
  { remoteAddress: '203.0.113.9', headers: { 'x-forwarded-for': '192.0.2.1', 'x-forwarded-host': 'spoofed.example', 'x-forwarded-proto': 'https' } },
  { remoteAddress: '::1', headers: { 'x-forwarded-for': '2001:db8::7', host: '[::1]:3000' } },
  // A server listening on '::' sees an IPv4 peer as IPv4-mapped IPv6.
  { remoteAddress: '::ffff:127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.7', 'x-forwarded-proto': 'https' } },
];

/** A Fastify app whose GET /read answers both readings of the request: Fastify's and rawRequestReading's. */
function readingApp(trustProxy: boolean | string, https?: { key: Buffer; cert: Buffer }) {
  // Typed as Fastify's HTTP app with TLS on or off: its routes and requests are the same.
  const app = Fastify({ trustProxy, ...(https && { https }) } as FastifyServerOptions);
  const reading = rawRequestReading(trustProxy);
  app.get('/read', async (request) => ({
    fastify: { ip: request.ip, host: request.host, protocol: request.protocol },
    raw: { ip: reading.ip(request.raw), host: reading.host(request.raw), protocol: reading.protocol(request.raw) },
  }));
  return app;
}

describe("rawRequestReading: a raw request's client, host and protocol as Fastify's request reads them", () => {
  it.each(settings)('TRUST_PROXY %s', async (trustProxy) => {
    const app = readingApp(trustProxy);
    try {
      const seen = new Set<string>();
      for (const { remoteAddress, headers } of requests) {
        const res = await app.inject({ method: 'GET', url: '/read', remoteAddress, headers });
        const { fastify, raw } = res.json<{ fastify: object; raw: object }>();
        expect(raw, `${remoteAddress} ${JSON.stringify(headers)}`).toEqual(fastify);
        seen.add(JSON.stringify(raw));
      }
      // The cases tell the readings apart: a reading that ignored the headers would not pass them all.
      expect(seen.size).toBeGreaterThan(3);
    } finally {
      await app.close();
    }
  });

  // A TLS socket (HTTPS=true without a proxy in front) says https where the headers do not: the one
  // reading the injected requests above cannot make, as their socket is not a TLS one.
  it('reads a TLS socket as Fastify does: https, unless a trusted proxy says otherwise', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nids-raw-tls-'));
    try {
      const made = selfSignedCertificate(findOpenssl(), dir);
      const tls = { key: fs.readFileSync(made.key), cert: fs.readFileSync(made.cert) };
      for (const trustProxy of [false, '127.0.0.1']) {
        const app = readingApp(trustProxy, tls);
        try {
          await app.listen({ host: '127.0.0.1', port: 0 });
          const { port } = app.server.address() as AddressInfo;
          for (const headers of [{}, { 'x-forwarded-proto': 'http', 'x-forwarded-for': '203.0.113.7' }]) {
            const answer = await new Promise<{ fastify: { protocol: string }; raw: object }>((resolve, reject) => {
              https
                .get({ host: '127.0.0.1', port, path: '/read', headers, rejectUnauthorized: false }, (res) => {
                  let text = '';
                  res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk)).on('end', () => resolve(JSON.parse(text)));
                })
                .on('error', reject);
            });
            expect(answer.raw, `TRUST_PROXY ${trustProxy} ${JSON.stringify(headers)}`).toEqual(answer.fastify);
            // Only a trusted proxy's header turns the socket's https into http.
            expect(answer.fastify.protocol).toBe(trustProxy && 'x-forwarded-proto' in headers ? 'http' : 'https');
          }
        } finally {
          await app.close();
        }
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
