import type pg from 'pg';

export interface ConnectionOptions {
  /** Connections in the pool. */
  max: number;
  /** PostgreSQL cancels a statement that runs longer (0: no limit). */
  statementTimeoutMs?: number;
  /** A CA certificate (PEM file) the server's certificate must chain to. */
  sslCaFile?: string;
}

/**
 * The URL pg is given. TLS follows libpq's `sslmode` (disable, prefer, require, verify-ca,
 * verify-full), as `psql` and every other PostgreSQL tool read it, rather than pg 8's own reading
 * (which treats `require` as `verify-full`). A CA file (DATABASE_SSL_CA_FILE) becomes `sslrootcert`;
 * without an sslmode it means `verify-full`: a CA is only given to check the server with it.
 */
export function connectionUrl(databaseUrl: string, sslCaFile?: string): string {
  const url = new URL(databaseUrl);
  const params = url.searchParams;
  if (sslCaFile) {
    if (!params.has('sslrootcert')) params.set('sslrootcert', sslCaFile);
    if (!params.has('sslmode')) params.set('sslmode', 'verify-full');
  }
  if (params.has('sslmode') && !params.has('uselibpqcompat')) params.set('uselibpqcompat', 'true');
  return url.toString();
}

/**
 * How long a connection the pool holds idle stays open: five minutes, where pg's default closes it
 * after ten seconds. A new connection is a new backend, which pays again for what a long-lived one
 * paid once: the password exchange, the catalog and the prepared statements' plans, and a first
 * touch of every shared buffer it reads (a page fault per 4 KB page, costly under some
 * hypervisors). After ten quiet seconds the next reads of posts nobody opened lately cost the
 * database 159-206 µs a post against 116-119 from connections kept (docs/performance.md,
 * session 31). Five minutes of at most DATABASE_POOL_MAX idle backends is the memory this keeps.
 */
export const POOL_IDLE_MS = 5 * 60_000;

/** The pool settings every instance uses (README "Configuration"). */
export function poolConfig(databaseUrl: string, opts: ConnectionOptions): pg.PoolConfig {
  return {
    connectionString: connectionUrl(databaseUrl, opts.sslCaFile),
    max: opts.max,
    // A request waits at most this long for a connection: while the database is down it gets a
    // 503 envelope soon (db/unavailable.ts) instead of hanging until the client gives up.
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: POOL_IDLE_MS,
    ...(opts.statementTimeoutMs ? { statement_timeout: opts.statementTimeoutMs } : {}),
  };
}
