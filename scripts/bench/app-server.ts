import { send, type Site } from './http';
import { boardList } from './paths';
import { embeddedPostmasterPid, isPostgresProcess, measure, parentPid, processTree, rssMb, type MemoryReport } from './memory';
import type { ServerKind } from './options';
import { freePort, startNode, waitForHttp, type Started } from './processes';
import { SERVER_NODE_FLAGS } from '../server-node-flags.mjs';

export interface AppServer {
  process: Started;
  baseUrl: string;
  /** From spawn to the first 2xx answer: what `npm start` on an existing data directory takes. */
  startMs: number;
  /** The Node process's RSS right after that first answer, in MB. */
  rssAfterStartMb: number | undefined;
}

export interface AppServerOptions {
  root: string;
  dataDir: string;
  databaseUrl: string | undefined;
  adminId: string;
  adminPassword: string;
  /** Behind nginx: the instances trust its X-Forwarded-* headers and know the site is HTTPS. */
  behindProxy?: boolean;
  /** compiled: dist/server/main.js (built by scripts/bench.mjs); tsx: server/main.ts under tsx. */
  server: ServerKind;
  /** More of the server's environment, over the bench's own (--compare's). */
  env?: Record<string, string>;
}

/** The command line after `node` for each way of running the server. */
export const serverArgs: Record<ServerKind, string[]> = {
  compiled: [...SERVER_NODE_FLAGS, 'dist/server/main.js'],
  tsx: [...SERVER_NODE_FLAGS, '--import', 'tsx', 'server/main.ts'],
};

/** Far above what one address sends in a run, so the rate limiter never answers 429. */
const UNLIMITED = '100000000';

/**
 * The real server, as `npm start` runs it (the compiled dist/server/main.js in one process) but
 * without the build step, on a free 127.0.0.1 port; or server/main.ts under tsx (`server: 'tsx'`).
 */
export async function startAppServer(opts: AppServerOptions): Promise<AppServer> {
  const port = await freePort();
  const args = serverArgs[opts.server];
  const started = startNode(`the server (node ${args.join(' ')})`, args, {
    cwd: opts.root,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: opts.dataDir,
      DATABASE_URL: opts.databaseUrl ?? '',
      SEED_DEMO: 'false',
      ADMIN_ID: opts.adminId,
      ADMIN_PASSWORD: opts.adminPassword,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_SIGNIN: UNLIMITED,
      RATE_LIMIT_CHECK: UNLIMITED,
      RATE_LIMIT_PINCODE: UNLIMITED,
      RATE_LIMIT_FIND: UNLIMITED,
      RATE_LIMIT_WRITE: UNLIMITED,
      RATE_LIMIT_SEARCH: UNLIMITED,
      // A housekeeping run (pruning, vacuum) landing inside a 10-s run would be measured as that
      // path's latency; the bench has just vacuumed and analysed.
      HOUSEKEEPING_INTERVAL_MINUTES: '0',
      // The same for the fold of view tallies (decision 0038): a day, so none lands in a run (the
      // seed folds what earlier runs counted and records that as the fold's run: seed.ts).
      VIEW_FOLD_MINUTES: '1440',
      ...(opts.behindProxy ? { TRUST_PROXY: 'true', HTTPS: 'true' } : {}),
      ...opts.env,
    },
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const startMs = await waitForHttp(started, `${baseUrl}/api/site-setting/info`, 120_000);
  return { process: started, baseUrl, startMs, rssAfterStartMb: rssMb(started.pid) };
}

/** `count` servers started at once on the one database (they migrate once, under a lock). */
export function startAppServers(opts: AppServerOptions, count: number): Promise<AppServer[]> {
  return Promise.all(Array.from({ length: count }, () => startAppServer(opts)));
}

interface PageAnswer {
  data: { totalElements: number; totalPages: number };
}

async function page(site: Site, path: string): Promise<PageAnswer['data']> {
  const res = await send(site, path);
  if (!res.ok) throw new Error(`GET ${path} answered ${res.status}: ${res.text.slice(0, 300)}`);
  return (JSON.parse(res.text) as PageAnswer).data;
}

/**
 * The board's counts as the API reports them must be the posts just written. Posts were inserted
 * straight into board_item, so a per-board counter kept by application code (instead of in the
 * database itself) shows up here as a wrong total, and the bench stops.
 */
export async function verifyTotals(site: Site, boardCode: string, posts: number, notices: number): Promise<{ totalPages: number }> {
  const all = await page(site, `/api/board-item?boardCode=${boardCode}&page=1&size=1`);
  const list = boardList(boardCode, 1);
  const pinned = await page(site, list.path!);
  const wrong: string[] = [];
  if (all.totalElements !== posts) wrong.push(`the list reports totalElements ${all.totalElements}, the board holds ${posts} posts`);
  if (pinned.totalElements !== posts - notices) {
    wrong.push(`with notices pinned it reports ${pinned.totalElements}, expected ${posts - notices} (${posts} posts, ${notices} notices)`);
  }
  if (wrong.length > 0) {
    throw new Error(
      `Post counts through the API are wrong after seeding board ${boardCode}: ${wrong.join('; ')}. ` +
        'The posts were inserted directly into board_item (as a bulk load or another instance would); ' +
        'a post counter must follow such writes (a trigger in the database), not only writes through the API.',
    );
  }
  return { totalPages: pinned.totalPages };
}

/** Processes counted with the servers (nginx in front of them). */
export interface ExtraProcesses {
  label: string;
  pids: number[];
}

/**
 * The processes whose CPU time a path's row shows per request: the Node servers' trees, and the
 * embedded cluster or, on a PostgreSQL server on this machine, the backends connected to this
 * database (none when that server's processes are not readable here).
 */
export async function serverCpuPids(servers: AppServer[], opts: AppServerOptions): Promise<{ node: number[]; database: number[] | undefined }> {
  // Asked again around every load: the pools open and close connections as the load comes and goes.
  const tree = processTree(servers.map((s) => s.process.pid));
  if (!opts.databaseUrl) {
    // The embedded cluster's postmaster is the Node server's child: its tree is the database's, not Node's.
    const postmaster = embeddedPostmasterPid(opts.dataDir);
    const database = postmaster ? processTree([postmaster]) : [];
    return { node: tree.filter((pid) => !database.includes(pid)), database };
  }
  const { backends, onThisMachine } = await databaseProcesses(opts.databaseUrl);
  return { node: tree, database: onThisMachine && backends.length > 0 ? backends : undefined };
}

/** Memory of the Node servers, the PostgreSQL processes that serve them and nginx (see memory.ts). */
export async function serverMemory(servers: AppServer[], opts: AppServerOptions, extra?: ExtraProcesses): Promise<MemoryReport> {
  const extraPids = extra ? processTree(extra.pids) : [];
  const extraScope = extra ? `; ${extra.label} (${extraPids.length} processes)` : '';
  const nodes = servers.map((s) => s.process.pid);
  const nodeScope = nodes.length === 1 ? `the Node server (pid ${nodes[0]})` : `the ${nodes.length} Node servers (pids ${nodes.join(', ')})`;
  if (!opts.databaseUrl) {
    const postmaster = embeddedPostmasterPid(opts.dataDir);
    const pgPids = postmaster ? processTree([postmaster]) : [];
    const report = measure([...processTree(nodes), ...pgPids, ...extraPids], '');
    report.scope = postmaster
      ? `${nodeScope} and the embedded PostgreSQL cluster (postmaster ${postmaster} and its ${pgPids.length - 1} child processes)${extraScope}`
      : `${nodeScope} with their process trees (no postmaster.pid in ${opts.dataDir}/pgdata, so the database runs inside it)${extraScope}`;
    return report;
  }
  const report = await measureServerBackends(nodes, opts.databaseUrl, extraPids);
  report.scope = `${nodeScope}${report.scope}${extraScope}`;
  return report;
}

/**
 * With DATABASE_URL the server is shared: count its postmaster, its auxiliary processes and the
 * backends connected to our database, not other databases' backends.
 */
async function measureServerBackends(nodes: number[], databaseUrl: string, extraPids: number[]): Promise<MemoryReport> {
  const { backends, auxiliary, postmaster, onThisMachine } = await databaseProcesses(databaseUrl);
  const pgPids = onThisMachine ? [...backends, ...auxiliary, ...(postmaster ? [postmaster] : [])] : [];
  const report = measure([...processTree(nodes), ...pgPids, ...extraPids], '');
  report.scope = onThisMachine
    ? ` and, of the PostgreSQL server on this machine, its postmaster, ${auxiliary.length} auxiliary processes and the ` +
      `${backends.length} backends connected to this database (other databases' backends not counted)`
    : ' only: the PostgreSQL server\'s processes are not readable here (another machine or container)';
  return report;
}

/**
 * A PostgreSQL server's processes that serve this database: its backends, its auxiliary processes
 * and its postmaster, and whether they are processes of this machine. pg_stat_activity names the
 * server's pids; on another machine or in a container they may be anything here, so they count
 * (memory and CPU alike) only when the process of that pid here is a PostgreSQL one.
 */
async function databaseProcesses(
  databaseUrl: string,
): Promise<{ backends: number[]; auxiliary: number[]; postmaster: number | undefined; onThisMachine: boolean }> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let rows: { pid: number; backend_type: string }[];
  try {
    ({ rows } = await client.query<{ pid: number; backend_type: string }>(
      `SELECT pid, backend_type FROM pg_stat_activity
        WHERE pid <> pg_backend_pid() AND (backend_type <> 'client backend' OR datname = current_database())`,
    ));
  } finally {
    await client.end();
  }
  const backends = rows.filter((r) => r.backend_type === 'client backend').map((r) => r.pid);
  const auxiliary = rows.filter((r) => r.backend_type !== 'client backend').map((r) => r.pid);
  const postmaster = rows.length ? parentPid(rows[0]!.pid) : undefined;
  return { backends, auxiliary, postmaster, onThisMachine: rows.some((r) => isPostgresProcess(r.pid)) };
}
