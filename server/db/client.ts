import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';
import { poolConfig } from './connection';
import './transaction-fix';
import { startEmbeddedPostgres, type EmbeddedOptions } from './embedded';
import { EMBEDDED_APP_ROLE, ensureLoginRole, grantApplicationRole, readOrCreateAppPassword } from './app-role';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  pool: pg.Pool;
  /** `embedded`: our own server in DATA_DIR/pgdata; `server`: the one DATABASE_URL names. */
  kind: 'embedded' | 'server';
  /** A `postgres://` URL of this database, for child processes and tools. */
  url: string;
  close(): Promise<void>;
}

/** The pg pool behind a Drizzle database (node-postgres keeps it as `$client`). */
export function poolOf(db: Db): pg.Pool {
  return (db as unknown as { $client: pg.Pool }).$client;
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Opens the database: the PostgreSQL server `databaseUrl` names, or else a PostgreSQL server of
 * our own embedded in `dataDir` (docs/decisions/0010-embedded-postgresql-server.md); then migrates it.
 * The same migrations and queries run on both.
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir?: string;
  migrate?: boolean;
  /** Connections in the pool (default 10). */
  poolMax?: number;
  /** DATABASE_STATEMENT_TIMEOUT_SECONDS: statements of the app's pool that run longer are cancelled. */
  statementTimeoutMs?: number;
  /** DATABASE_SSL_CA_FILE (db/connection.ts). */
  sslCaFile?: string;
  log?: EmbeddedOptions['log'];
  /** DATABASE_OWNER_URL: the role that owns the tables, for the migrations and the grants (default: databaseUrl's). */
  ownerUrl?: string;
  /**
   * The server's own start (issue 25): the pool connects as the application's role, which may not
   * rewrite the access records (db/app-role.ts). Embedded: that role is made here; on a server with
   * `ownerUrl`, databaseUrl's role gets its grants after the migrations.
   */
  applicationRole?: boolean;
}): Promise<Database> {
  let url = opts.databaseUrl;
  let ownerUrl = opts.ownerUrl ?? url;
  /** The application role to make (embedded) or to grant to (server with an owner URL). */
  let appRole: { name: string; password?: string } | undefined;
  let stopEmbedded = async () => {};
  if (!url) {
    if (!opts.dataDir) throw new Error('openDatabase needs a databaseUrl or a dataDir');
    const embedded = await startEmbeddedPostgres({ dataDir: opts.dataDir, log: opts.log });
    url = ownerUrl = embedded.url();
    stopEmbedded = embedded.stop;
    if (opts.applicationRole) {
      appRole = { name: EMBEDDED_APP_ROLE, password: readOrCreateAppPassword(opts.dataDir) };
      url = embedded.urlAs(appRole.name, appRole.password!);
    }
  } else if (opts.applicationRole && opts.ownerUrl && opts.ownerUrl !== url) {
    appRole = { name: decodeURIComponent(new URL(url).username) };
  }
  const connection = { max: opts.poolMax ?? 10, sslCaFile: opts.sslCaFile };
  const pool = new pg.Pool(poolConfig(url, { ...connection, statementTimeoutMs: opts.statementTimeoutMs }));
  // An idle connection dropped by the server (restart, failover) must not crash the process;
  // the pool replaces it on the next query.
  const warn = opts.log ? (msg: string) => opts.log!.warn(msg) : (msg: string) => console.error(msg);
  pool.on('error', (err) => warn(`PostgreSQL connection lost: ${err.message}`));
  // A connection that dies while checked out (a transaction between two statements, or the
  // server's FATAL just after an answer) emits 'error' on its client, which pg-pool listens for only
  // while the client is idle: unheard, it is an uncaught exception that ends the process. The
  // statement in flight gets the error itself (a 503 envelope, db/unavailable.ts), and the pool
  // drops the dead client when it is released.
  const connected = new Set<pg.PoolClient>();
  pool.on('connect', (client) => {
    client.on('error', () => {});
    connected.add(client);
    client.once('end', () => connected.delete(client));
  });
  const db: Db = drizzle(pool, { schema });
  const close = async () => {
    await pool.end();
    // pool.end() resolves once it has asked its connections to end, not once they have. Stopping
    // the embedded server (or dropping the database) before then ends one with "terminating
    // connection due to administrator command", told as a lost connection after the work is done.
    await untilEnded(connected);
    await stopEmbedded();
  };
  try {
    // Migrations (and the ANALYZE after them) may run longer than any request should: they get a
    // pool of their own without the statement timeout.
    if (opts.migrate !== false) await migrateWithoutTimeout(ownerUrl!, connection, appRole);
  } catch (err) {
    await close();
    throw err;
  }
  return { db, pool, kind: opts.databaseUrl ? 'server' : 'embedded', url, close };
}

/** Waits (at most `limitMs`) until every connection in `connected` has closed its socket. */
async function untilEnded(connected: ReadonlySet<pg.PoolClient>, limitMs = 5_000): Promise<void> {
  const ended = [...connected].map((client) => new Promise<void>((resolve) => client.once('end', () => resolve())));
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<void>((resolve) => (timer = setTimeout(resolve, limitMs).unref()));
  await Promise.race([Promise.all(ended), limit]);
  clearTimeout(timer);
}

async function migrateWithoutTimeout(url: string, connection: { sslCaFile?: string }, appRole?: { name: string; password?: string }): Promise<void> {
  const pool = new pg.Pool(poolConfig(url, { max: 2, sslCaFile: connection.sslCaFile }));
  pool.on('error', () => {}); // an idle connection lost here is simply not reused
  pool.on('connect', (client) => client.on('error', () => {}));
  try {
    // After the migrations, as their owner and under their lock (instances starting together would
    // otherwise grant at once, which PostgreSQL may refuse as a concurrent update): the tables they
    // made are the application's too.
    await migrateAndAnalyse(pool, drizzle(pool, { schema }), migrationsFolder, async () => {
      if (!appRole) return;
      if (appRole.password !== undefined) await ensureLoginRole(pool, appRole.name, appRole.password);
      await grantApplicationRole(pool, appRole.name);
    });
  } finally {
    await pool.end();
  }
}

/**
 * Applies the committed migrations; when any was applied, refreshes the planner's statistics
 * at once (a new index or table has none, and autovacuum may not have run or may be off).
 */
export async function migrateAndAnalyse(pool: pg.Pool, db: Db, folder: string = migrationsFolder, thenUnderLock?: () => Promise<void>): Promise<number> {
  // Several instances starting together on one server (issue 10): one migrates while the others
  // wait on this lock, then find nothing left to apply. A session lock on a connection of its own,
  // held across the migrator's own transaction on another connection.
  // Not from the pool: with a pool of one connection the migrator would wait for this one forever.
  const lock = new pg.Client(pool.options);
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    const before = await appliedMigrationCount(pool);
    await migrate(db as never, { migrationsFolder: folder });
    const applied = (await appliedMigrationCount(pool)) - before;
    await keepTallyPages(pool);
    if (applied > 0) await pool.query('ANALYZE');
    await thenUnderLock?.();
    return applied;
  } finally {
    // Closing the session releases the lock.
    await lock.end();
  }
}

/** Pages the view tally's file holds at least (decision 0046). */
export const TALLY_MIN_PAGES = 32;

/** Rows of the padding written at once: 33 pages of 8 KB at the tally's fill factor of 70 (129 rows of 40 bytes a page). */
const TALLY_PADDING_ROWS = 4200;

/**
 * Gives the view tally's file at least TALLY_MIN_PAGES pages when it has fewer: rows of ids no
 * post has (negative), written and deleted in one transaction, a batch at a time until the file is
 * that long (one batch at PostgreSQL's usual 8 KB blocks; the deleted rows' space is not reused
 * before a VACUUM, so each batch lengthens the file). Every read of a post probes the tally by its
 * key, and PostgreSQL (14 and later) costs a table of no pages as nothing to scan: a read planned
 * then scans the whole tally, and each connection keeps that plan while the flushes refill it
 * (decision 0046). VACUUM keeps the pages a fold empties (vacuum_truncate off, migration 0026);
 * what still leaves none is a new database, a restore (TRUNCATE, or pg_restore's new table) and a
 * VACUUM FULL, so this runs at every start, after the migrations, and after a restore. Whether it
 * wrote anything.
 */
export async function keepTallyPages(pool: pg.Pool, batchRows = TALLY_PADDING_ROWS): Promise<boolean> {
  let pages = await tallyPages(pool);
  if (pages === null || pages >= TALLY_MIN_PAGES) return false;
  // Bounded: a file that does not grow (it cannot, short of a bug) must not hold up the start.
  for (let batch = 0; batch < 64 && pages < TALLY_MIN_PAGES; batch++) {
    // One simple-protocol query of two statements: one implicit transaction.
    await pool.query(
      `INSERT INTO board_item_view_tally (board_item_id, views) SELECT -g, 0 FROM generate_series(1, ${Math.trunc(batchRows)}) AS g;
       DELETE FROM board_item_view_tally WHERE board_item_id < 0`,
    );
    pages = (await tallyPages(pool))!;
  }
  return true;
}

/** Pages in the view tally's file; null with no such table yet (a site on a release before it: migrations.api.test.ts). */
export async function tallyPages(pool: pg.Pool): Promise<number | null> {
  const { rows } = await pool.query<{ pages: number | null }>(
    `SELECT (pg_relation_size(to_regclass('board_item_view_tally')) / current_setting('block_size')::int)::int AS pages`,
  );
  return rows[0]!.pages;
}

/** The advisory lock key of the migrations: any fixed number no other lock of the app uses. */
const MIGRATION_LOCK = 7_342_001;

async function appliedMigrationCount(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ exists: boolean }>(`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS exists`);
  if (!rows[0]!.exists) return 0;
  const counted = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
  return counted.rows[0]!.n;
}
