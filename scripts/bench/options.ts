import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '@server/config';

export interface BenchOptions {
  posts: number;
  boardCode: string;
  dataDir: string;
  connections: number;
  durationSeconds: number;
  /** Unmeasured load before each path (seconds; 0: none): see load.ts `warmupSeconds`. */
  warmupSeconds: number;
  reseed: boolean;
  json: string | undefined;
  adminPassword: string;
  /** Server processes on the one database (more than one needs DATABASE_URL and --nginx). */
  instances: number;
  /** Load through deploy/nginx/nids.conf (TLS, upstream keepalive) instead of the server directly. */
  nginx: boolean;
  /** How the server runs: compiled (dist/server, as `npm start` runs it) or its TypeScript under tsx. */
  server: ServerKind;
  /** Instead of the load: start each kind of server this many times, alternately, and compare. */
  starts: number;
  /** Only these paths (by key), besides the ceiling; undefined for all. */
  paths: string[] | undefined;
  /** Another build's directory: load each path on its server and on this tree's in turn (compare.ts). */
  compare: string | undefined;
  /** With `compare`: rounds of `durationSeconds` a side. */
  rounds: number;
}

export type ServerKind = 'compiled' | 'tsx';

/** --warmup's default: a new server's first seconds of a path that reads the database cost it 2.4 times its steady state (docs/performance.md, session 32). */
export const DEFAULT_WARMUP_SECONDS = 3;

export const usage = `npm run bench -- [options]

Seeds one board with realistic Korean posts straight through the database layer, starts the
server on it and loads each read path (and sign-in) with autocannon next to a minimal Fastify
route as the ceiling. Default database: the embedded one in --data-dir; with DATABASE_URL set,
that PostgreSQL server (use a database of its own: the bench rewrites the board's posts).

  --posts N          posts in the board (default 100000; 1000000 works, in batches)
  --board CODE       the board to fill (default notice, which the home page lists)
  --data-dir DIR     data directory of the embedded database and files (default ./data-bench)
  --connections N    autocannon connections per path (default 16)
  --duration S       seconds per path (default 10)
  --warmup S         seconds of unmeasured load before each path, the ceiling included (default
                     3; 0: none, as before session 32), so a path is measured warm: V8's compiled
                     code and the database connections' first touches of the shared buffers
                     (--compare's rounds warm their servers themselves: not used there)
  --reseed           seed the board again even when it already holds N posts
  --json FILE        also write the results to FILE as JSON
  --admin-password P the administrator's password, set on a new database (default
                     bench-staff-passphrase; env ADMIN_PASSWORD also sets it); sign-in is measured
                     with 32 bench members (benchmember01-32) the bench adds
  --nginx            load through nginx with deploy/nginx/nids.conf over HTTPS (a self-signed
                     certificate; NGINX_PATH, else /usr/sbin/nginx, installed with apt as root
                     on Debian); the ceiling stays direct
  --instances N      server processes behind nginx (default 1; more than one needs --nginx and
                     DATABASE_URL: the embedded database serves one process)
  --server KIND      compiled (default: node dist/server/main.js, as npm start runs it) or
                     tsx (node --import tsx server/main.ts, as npm start ran it before issue 21)
  --starts N         no load: start the compiled and the tsx server N times each, alternately, on
                     the seeded data directory; print each start's time and the Node process's
                     RSS once it answers, and their medians
  --paths K1,K2      load only these paths (keys as in --json: home, list1, postPage, ...),
                     besides the ceiling; targets of the others read n/a
  --compare DIR      no table of targets: this tree's server (A) and the one built in DIR (B, a
                     checkout of another commit after npm ci && npm run build), both on the
                     database of DATABASE_URL, each path of --paths loaded on A and B in turn
                     (--rounds rounds of --duration seconds a side, default 10 of 3), pinned to
                     a core with taskset where it can; prints each side's req/s, CPU per request
                     and latency
  --rounds N         rounds of --compare (default 10)
  --help             this text
`;

function positiveInt(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  const value = Number(raw.replace(/[_,]/g, ''));
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a positive whole number, got "${raw}"`);
  return value;
}

function seconds(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(value) || value < 0) throw new Error(`--${name} must be a number of seconds, 0 or more, got "${raw}"`);
  return value;
}

/** Parses the command line; undefined means --help was asked for. */
export function parseOptions(argv: string[], env: NodeJS.ProcessEnv = process.env): BenchOptions | undefined {
  const { values } = parseArgs({
    args: argv,
    options: {
      posts: { type: 'string' },
      board: { type: 'string' },
      'data-dir': { type: 'string' },
      connections: { type: 'string' },
      duration: { type: 'string' },
      warmup: { type: 'string' },
      reseed: { type: 'boolean' },
      json: { type: 'string' },
      'admin-password': { type: 'string' },
      nginx: { type: 'boolean' },
      instances: { type: 'string' },
      server: { type: 'string' },
      starts: { type: 'string' },
      paths: { type: 'string' },
      compare: { type: 'string' },
      rounds: { type: 'string' },
      help: { type: 'boolean' },
    },
    strict: true,
  });
  if (values.help) return undefined;
  const instances = positiveInt('instances', values.instances, 1);
  const nginx = values.nginx ?? false;
  if (instances > 1 && !nginx) throw new Error('--instances above 1 needs --nginx in front of them');
  // The server's own reading of its environment (DATABASE_URL, ADMIN_PASSWORD).
  const config = loadConfig(env);
  if (instances > 1 && !config.databaseUrl) throw new Error('--instances above 1 needs DATABASE_URL: the embedded database serves one process');
  const server = values.server ?? 'compiled';
  if (server !== 'compiled' && server !== 'tsx') throw new Error(`--server must be compiled or tsx, got "${server}"`);
  const paths = values.paths === undefined ? undefined : values.paths.split(',').map((key) => key.trim()).filter(Boolean);
  const compare = values.compare === undefined ? undefined : path.resolve(values.compare);
  if (compare !== undefined) {
    if (!config.databaseUrl) throw new Error('--compare needs DATABASE_URL: the embedded database serves one process');
    if (!paths?.length) throw new Error('--compare needs --paths: each path is loaded 2 x --rounds x --duration seconds');
    if (nginx || instances > 1 || values.starts !== undefined) throw new Error('--compare loads each server directly: not with --nginx, --instances or --starts');
  } else if (values.rounds !== undefined) {
    throw new Error('--rounds is for --compare');
  }
  return {
    posts: positiveInt('posts', values.posts, 100_000),
    boardCode: values.board ?? 'notice',
    dataDir: path.resolve(values['data-dir'] ?? './data-bench'),
    connections: positiveInt('connections', values.connections, 16),
    durationSeconds: positiveInt('duration', values.duration, compare ? 3 : 10),
    warmupSeconds: seconds('warmup', values.warmup, DEFAULT_WARMUP_SECONDS),
    reseed: values.reseed ?? false,
    json: values.json === undefined ? undefined : path.resolve(values.json),
    adminPassword: values['admin-password'] ?? config.adminPassword ?? 'bench-staff-passphrase',
    instances,
    nginx,
    server,
    starts: values.starts === undefined ? 0 : positiveInt('starts', values.starts, 0),
    paths,
    compare,
    rounds: positiveInt('rounds', values.rounds, 10),
  };
}
