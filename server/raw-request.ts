import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';

/**
 * A raw request's client address, host and protocol as Fastify's `request.ip`, `request.host` and
 * `request.protocol` read them (fastify lib/request.js), for answers made before Fastify sees the
 * request (front-door.ts): the socket's, or with TRUST_PROXY what a trusted proxy says in
 * X-Forwarded-For, -Host and -Proto. The same library and the same reading of the setting (a flag,
 * or a comma-separated list) as Fastify's, so that a log line, a visitor key or a page's origin
 * never names another client or site than Fastify would (raw-request.test.ts compares the two).
 */
export interface RawRequestReading {
  ip(req: IncomingMessage): string | undefined;
  host(req: IncomingMessage): string;
  protocol(req: IncomingMessage): string;
}

export function rawRequestReading(trustProxy: boolean | string): RawRequestReading {
  const socketProtocol = (req: IncomingMessage) => ('encrypted' in req.socket && req.socket.encrypted ? 'https' : 'http');
  const hostHeader = (req: IncomingMessage) => req.headers.host ?? (req.headers[':authority'] as string | undefined) ?? '';
  if (!trustProxy) return { ip: (req) => req.socket.remoteAddress, host: hostHeader, protocol: socketProtocol };
  const trusted = trustProxy === true ? () => true : proxyAddr.compile(trustProxy.split(',').map((entry) => entry.trim()));
  // X-Forwarded-Host and -Proto count only from a trusted peer; of several values, the last (the nearest proxy's).
  const forwarded = (req: IncomingMessage, header: 'x-forwarded-host' | 'x-forwarded-proto'): string | undefined => {
    // Node joins a repeated X-Forwarded-* header into one string with commas.
    const value = req.headers[header] as string | undefined;
    if (!value || req.socket.remoteAddress === undefined || !trusted(req.socket.remoteAddress, 0)) return undefined;
    const last = value.lastIndexOf(',');
    return last === -1 ? value.trim() : value.slice(last + 1).trim();
  };
  return {
    ip(req) {
      const addresses = proxyAddr.all(req, trusted);
      return addresses[addresses.length - 1];
    },
    host: (req) => forwarded(req, 'x-forwarded-host') ?? hostHeader(req),
    protocol: (req) => forwarded(req, 'x-forwarded-proto') ?? socketProtocol(req),
  };
}
