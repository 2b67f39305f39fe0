import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Opens the database: a PostgreSQL server when `databaseUrl` is given, otherwise embedded
 * PostgreSQL (PGlite) in `dataDir` (or in memory when `dataDir` is null), and migrates it.
 * The same migrations run on both (docs/decisions/0001-embedded-postgresql.md).
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir?: string | null;
  loadDataDir?: Blob;
  migrate?: boolean;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle connection dropped by the server (restart, failover) must not crash the process;
    // the pool replaces it on the next query.
    pool.on('error', (err) => console.error('PostgreSQL connection lost:', err.message));
    const db = drizzle(pool, { schema });
    if (opts.migrate !== false) {
      const { migrate } = await import('drizzle-orm/node-postgres/migrator');
      await migrate(db, { migrationsFolder });
    }
    return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const client = await PGlite.create({
    dataDir: opts.dataDir ? path.join(opts.dataDir, 'pgdata') : undefined,
    loadDataDir: opts.loadDataDir,
  });
  const db = drizzle(client, { schema });
  if (opts.migrate !== false) {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(db, { migrationsFolder });
  }
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
}
