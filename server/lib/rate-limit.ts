/** Route config for @fastify/rate-limit: at most `max` requests a minute from one client address. */
export function perMinute(max: number) {
  return { rateLimit: { max, timeWindow: 60_000 } };
}
