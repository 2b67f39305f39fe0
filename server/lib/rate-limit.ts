import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/** Route config for @fastify/rate-limit: at most `max` requests a minute from one client address. */
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
