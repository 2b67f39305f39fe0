import { plainAddress } from './ip-address';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/**
 * Whose count a request adds to: the client's IPv4 address, or the /64 network of an IPv6 one.
 * An IPv6 subscriber (a home line, a cloud server) is given a /64 or more, so counting each
 * address would let one client walk through fresh addresses without end. An IPv4 client that a
 * socket on `::` reports as `::ffff:a.b.c.d` counts as that IPv4 address.
 */
export function rateLimitKey(ip: string): string {
  const plain = plainAddress(ip);
  if (plain?.family !== 'ipv6') return plain?.address ?? ip;
  return `${ipv6Groups(plain.address).slice(0, 4).join(':')}::/64`;
}

/** The eight groups of a valid IPv6 address (plainAddress said so), each without leading zeros. */
function ipv6Groups(ip: string): string[] {
  const withoutZone = ip.split('%')[0]!;
  // A trailing dotted IPv4 part (64:ff9b::192.0.2.1) is two groups.
  const v4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(withoutZone);
  const hex = v4
    ? withoutZone.slice(0, v4.index) + [[v4[1], v4[2]], [v4[3], v4[4]]].map(([a, b]) => ((Number(a) << 8) | Number(b)).toString(16)).join(':')
    : withoutZone;
  const [head = '', tail] = hex.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const groups = tail === undefined ? headGroups : [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups];
  return groups.map((group) => parseInt(group, 16).toString(16));
}

/** Route config for @fastify/rate-limit: at most `max` requests a minute from one client (rateLimitKey). */
export function perMinute(max: number) {
  return { rateLimit: { max, timeWindow: 60_000 } };
}

/** Where the counts live: this process's memory, or Redis shared by every instance (REDIS_URL). */
export interface RateLimitStore {
  /** Options for @fastify/rate-limit (`redis` and `nameSpace` when shared). */
  options: { redis?: Redis; nameSpace?: string; skipOnError: boolean };
  close(): Promise<void>;
}

/**
 * With `REDIS_URL`, counts are kept in Redis, so a limit reached through one instance holds on
 * every other (issue 10). While Redis cannot be reached, requests are let through rather than
 * refused (`skipOnError`) and the outage is logged: an unavailable limiter must not take the site
 * down; sign-in lockouts and pincode limits are kept in PostgreSQL and still hold.
 */
export function rateLimitStore(redisUrl: string | undefined, log: FastifyBaseLogger): RateLimitStore {
  if (!redisUrl) return { options: { skipOnError: false }, close: async () => {} };
  const redis = new Redis(redisUrl, {
    // Fail fast instead of queueing commands while disconnected: the request goes on unlimited.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 5_000),
  });
  let lastWarning = 0;
  redis.on('error', (err: Error) => {
    if (Date.now() - lastWarning < 30_000) return;
    lastWarning = Date.now();
    log.warn({ err: err.message }, 'rate limits: Redis unreachable, requests are not limited until it is back');
  });
  return {
    options: { redis, nameSpace: 'nids-rate-limit:', skipOnError: true },
    close: async () => {
      redis.disconnect();
    },
  };
}
