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

/** The pool settings every instance uses (README "Configuration"). */
export function poolConfig(databaseUrl: string, opts: ConnectionOptions): pg.PoolConfig {
  return {
    connectionString: connectionUrl(databaseUrl, opts.sslCaFile),
    max: opts.max,
    // A request waits at most this long for a connection: while the database is down it gets a
    // 503 envelope soon (db/unavailable.ts) instead of hanging until the client gives up.
    connectionTimeoutMillis: 5_000,
    ...(opts.statementTimeoutMs ? { statement_timeout: opts.statementTimeoutMs } : {}),
  };
}
