import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { openDatabase, type Database } from '../db/client';
import { EMBEDDED_DATABASE } from '../db/embedded';
import { acquireDataDirLock, DataDirLockedError } from '../db/lock';
import { openFileStore, type FileStore } from '@server/modules/file';
import { BackupError } from './errors';
import { BACKUP_APPLICATION } from './pg-tools';

/**
 * The site's database and file store as the configuration names them (DATABASE_URL or the embedded
 * server in DATA_DIR; S3 or FILES_DIR), for the backup and restore commands.
 *
 * The embedded server belongs to one process at a time (the data-directory lock). A backup only
 * reads, so while the site runs it goes through the site's own server (its socket or port is in
 * postmaster.pid); otherwise it takes the lock and starts the server itself. A restore replaces
 * the database, which must not happen under a running site: it takes the lock or refuses.
 */
export interface OpenedSite {
  database: Database;
  files: FileStore;
  /** For the operator: which database (never a password). */
  description: string;
  /** DATABASE_SSL_CA_FILE, for a server's connections (pg_dump and pg_restore too). */
  sslCaFile: string | undefined;
  close(): Promise<void>;
}

type Log = (line: string) => void;

function tagged(url: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('application_name', BACKUP_APPLICATION);
  return parsed.toString();
}

const SERVER = 'the PostgreSQL server DATABASE_URL names';

/** As the tables' owner where one is named (DATABASE_OWNER_URL): a restore replaces them, which the application's role may not. */
function openServer(config: Config): Promise<Database> {
  return openDatabase({ databaseUrl: tagged(config.databaseOwnerUrl ?? config.databaseUrl!), migrate: false, poolMax: 2, sslCaFile: config.databaseSslCaFile });
}

const embeddedLog = (log: Log) => ({ warn: (msg: string) => log(`PostgreSQL: ${msg}`) });

function assertEmbeddedDatabase(config: Config): void {
  if (!fs.existsSync(path.join(config.dataDir, 'pgdata', 'PG_VERSION'))) {
    throw new BackupError(`There is no database in ${config.dataDir} (no pgdata/): set DATA_DIR, or DATABASE_URL for a PostgreSQL server.`);
  }
}

export async function openSiteForBackup(config: Config, log: Log): Promise<OpenedSite> {
  const files = await openFileStore(config);
  if (config.databaseUrl) {
    const database = await openServer(config);
    return { database, files, description: SERVER, sslCaFile: config.databaseSslCaFile, close: () => database.close() };
  }
  assertEmbeddedDatabase(config);
  let release: () => void;
  try {
    release = acquireDataDirLock(config.dataDir);
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    const database = await openDatabase({ databaseUrl: tagged(runningServerUrl(config.dataDir)), migrate: false, poolMax: 2 });
    return {
      database,
      files,
      description: `the embedded database in ${config.dataDir}, through the running site`,
      sslCaFile: undefined,
      close: () => database.close(),
    };
  }
  return withLock(release, config, files, log, `the embedded database in ${config.dataDir} (the site is stopped)`);
}

/** Takes the data-directory lock of the embedded database, or says the site must stop first. */
export function lockSiteForRestore(config: Config): () => void {
  if (config.databaseUrl) return () => {};
  try {
    return acquireDataDirLock(config.dataDir);
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    const pid = fs.readFileSync(path.join(config.dataDir, 'server.lock'), 'utf8').trim();
    throw new BackupError(
      `The site is running on ${config.dataDir} (server process ${pid}). A restore replaces its database: stop the site ` +
        '(for example systemctl stop, or Ctrl+C where it runs), then run the restore again.',
      { cause: err },
    );
  }
}

/** The caller holds the lock from `lockSiteForRestore`; closing the site gives it back. */
export async function openSiteForRestore(config: Config, release: () => void, log: Log): Promise<OpenedSite> {
  const files = await openFileStore(config);
  if (config.databaseUrl) {
    const database = await openServer(config);
    try {
      await refuseOtherConnections(database);
    } catch (err) {
      await database.close();
      throw err;
    }
    return { database, files, description: SERVER, sslCaFile: config.databaseSslCaFile, close: () => database.close() };
  }
  const fresh = !fs.existsSync(path.join(config.dataDir, 'pgdata', 'PG_VERSION'));
  return withLock(release, config, files, log, `the embedded database in ${config.dataDir}${fresh ? ' (new)' : ''}`);
}

/**
 * A server has no data-directory lock: instances of the site still connected would go on writing
 * into (and caching) a database being replaced. Refuse while any connection but ours is open.
 */
async function refuseOtherConnections(database: Database): Promise<void> {
  const { rows } = await database.pool.query<{ application: string; n: number }>(
    `SELECT coalesce(nullif(application_name, ''), 'no name') AS application, count(*)::int AS n FROM pg_stat_activity
     WHERE datname = current_database() AND backend_type = 'client backend' AND pid <> pg_backend_pid()
       AND application_name IS DISTINCT FROM $1
     GROUP BY 1 ORDER BY 1`,
    [BACKUP_APPLICATION],
  );
  if (rows.length === 0) return;
  const total = rows.reduce((sum, r) => sum + r.n, 0);
  const names = rows.map((r) => `${r.application}: ${r.n}`).join(', ');
  throw new BackupError(
    `${total} other connections are open to the database (${names}). Stop every instance of the site (and close any other ` +
      'client of this database), then run the restore again.',
  );
}

async function withLock(release: () => void, config: Config, files: FileStore, log: Log, description: string): Promise<OpenedSite> {
  let database: Database;
  try {
    database = await openDatabase({ dataDir: config.dataDir, migrate: false, poolMax: 2, log: embeddedLog(log) });
  } catch (err) {
    release();
    throw err;
  }
  return {
    database,
    files,
    description,
    sslCaFile: undefined,
    close: async () => {
      try {
        await database.close();
      } finally {
        release();
      }
    },
  };
}

/** The URL of the embedded server a running site started in `dataDir`, from its postmaster.pid. */
export function runningServerUrl(dataDir: string): string {
  const pidFile = path.join(dataDir, 'pgdata', 'postmaster.pid');
  if (!fs.existsSync(pidFile)) {
    throw new BackupError(`The site holds ${dataDir} but its database has not started yet (no ${pidFile}); try again in a moment.`);
  }
  // Lines of postmaster.pid: pid, data directory, start time, port, socket directory, listen address, ...
  const lines = fs.readFileSync(pidFile, 'utf8').split('\n');
  const port = Number(lines[3]);
  const socketDir = (lines[4] ?? '').trim();
  const listen = (lines[5] ?? '').trim().split(/[\s,]+/)[0] || '127.0.0.1';
  const password = encodeURIComponent(fs.readFileSync(path.join(dataDir, 'postgres-password'), 'utf8').trim());
  if (socketDir) return `postgres://postgres:${password}@localhost:${port}/${EMBEDDED_DATABASE}?host=${encodeURIComponent(socketDir)}`;
  return `postgres://postgres:${password}@${listen === '*' ? '127.0.0.1' : listen}:${port}/${EMBEDDED_DATABASE}`;
}
