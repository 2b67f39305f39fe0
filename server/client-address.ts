import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';

/**
 * The client's address of a raw request as Fastify's `request.ip` gives it (fastify lib/request.js),
 * for answers made before Fastify sees the request (front-door.ts): the socket's peer, or with
 * TRUST_PROXY the last address of X-Forwarded-For that a trusted proxy vouches for. The same
 * library and the same reading of the setting (a flag, or a comma-separated list) as Fastify's, so
 * that a log line or a visitor key never names another client than Fastify would
 * (front-door.api.test.ts compares the two).
 */
export function clientAddressOf(trustProxy: boolean | string): (req: IncomingMessage) => string | undefined {
  if (!trustProxy) return (req) => req.socket.remoteAddress;
  const trusted = trustProxy === true ? () => true : proxyAddr.compile(trustProxy.split(',').map((entry) => entry.trim()));
  return (req) => {
    const addresses = proxyAddr.all(req, trusted);
    return addresses[addresses.length - 1];
  };
}
