import { spawn, spawnSync } from 'node:child_process';
import { BackupError } from './errors';

/** Our connections' application_name, so that a restore can tell the site's connections from its own. */
export const BACKUP_APPLICATION = 'nids-backup';

/** PostgreSQL's own client tools on this machine (`pg_dump`, `pg_restore` on the PATH). */
export interface PgTool {
  name: 'pg_dump' | 'pg_restore';
  /** `15.20` */
  version: string;
  major: number;
}

export function findTool(name: PgTool['name']): PgTool | null {
  const run = spawnSync(name, ['--version'], { encoding: 'utf8', timeout: 10_000 });
  if (run.error || run.status !== 0) return null;
  const match = /\(PostgreSQL\)\s+(\d+)(?:\.(\d+))?/.exec(run.stdout);
  if (!match) return null;
  return { name, version: match[2] ? `${match[1]}.${match[2]}` : match[1]!, major: Number(match[1]) };
}

/**
 * The connection of a `postgres://` URL as libpq environment variables. The password travels in
 * the environment, never on the command line (where `ps` would show it to every user), and
 * parameters only node-postgres knows (`ssl=true`) do not reach libpq, which would refuse them.
 */
export function libpqEnv(url: string, sslCaFile?: string): NodeJS.ProcessEnv {
  const parsed = new URL(url);
  const env: NodeJS.ProcessEnv = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('PG')));
  const socketDir = parsed.searchParams.get('host');
  env.PGHOST = socketDir || parsed.hostname.replace(/^\[(.*)\]$/, '$1');
  env.PGPORT = parsed.port || '5432';
  if (parsed.username) env.PGUSER = decodeURIComponent(parsed.username);
  if (parsed.password) env.PGPASSWORD = decodeURIComponent(parsed.password);
  env.PGDATABASE = decodeURIComponent(parsed.pathname.slice(1));
  const ssl: Record<string, string> = { sslmode: 'PGSSLMODE', sslrootcert: 'PGSSLROOTCERT', sslcert: 'PGSSLCERT', sslkey: 'PGSSLKEY' };
  for (const [param, variable] of Object.entries(ssl)) {
    const value = parsed.searchParams.get(param);
    if (value) env[variable] = value;
  }
  if (sslCaFile) {
    env.PGSSLROOTCERT = sslCaFile;
    env.PGSSLMODE ??= 'verify-full';
  }
  env.PGAPPNAME = BACKUP_APPLICATION;
  return env;
}

/** Runs a tool to its end; fails with its error lines. */
export function runTool(tool: PgTool, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool.name, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 64_000) stderr += chunk.toString('utf8');
    });
    child.on('error', (err) => reject(new BackupError(`${tool.name} could not run: ${err.message}`, { cause: err })));
    child.on('close', (code, signal) => {
      if (code === 0) return resolve();
      // Only the tool's own lines: the statements and rows it quotes after them may hold personal data.
      const lines = stderr
        .split('\n')
        .filter((line) => line.startsWith(`${tool.name}:`))
        .slice(0, 8)
        .map((line) => line.slice(0, 300));
      const how = code === null ? `was stopped by ${signal}` : `exited with code ${code}`;
      reject(new BackupError(`${tool.name} ${how}${lines.length ? `:\n${lines.join('\n')}` : '.'}`));
    });
  });
}
