import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/** The repository root, where `server/main.ts` runs from as `npm start` runs it. */
export const repoRoot = path.resolve(import.meta.dirname, '..', '..');

export interface ServerProcess {
  child: ChildProcess;
  /** The exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
}

/**
 * The real server (`server/main.ts`) on the embedded PostgreSQL server in `dataDir`, listening on
 * 127.0.0.1:`port`. tsx is loaded in-process (as `npm start` does), not through its CLI, which
 * would run the server in a child process that a signal to the CLI would not reach.
 */
export function spawnServer(opts: { port: number; dataDir: string; env?: Record<string, string>; as?: { uid: number; gid: number } }): ServerProcess {
  const { port, dataDir: dir } = opts;
  const serverArgs = ['--import', 'tsx', 'server/main.ts'];
  // setpriv drops to an ordinary user and keeps the pid, so signals reach the server itself.
  const [command, args] = opts.as
    ? ['setpriv', [`--reuid=${opts.as.uid}`, `--regid=${opts.as.gid}`, '--clear-groups', process.execPath, ...serverArgs]]
    : [process.execPath, serverArgs];
  const child = spawn(command, args, {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      WEB_DIST_DIR: path.join(dir, 'no-web'),
      LOG_LEVEL: 'info',
      ...(opts.as ? { HOME: dir, TMPDIR: dir } : {}),
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/** Waits until the server on `port` answers the API. */
export async function waitForApi(port: number, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/site-setting/info`);
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server on ${port} did not answer in ${timeoutMs} ms`);
}

/** What a finished tool process printed, and its exit code. */
export interface ToolRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * A repository script run as an operator runs it (`node --import tsx script args`), from the
 * repository root with `env` over this process's; `onSpawn` sees the child (to stop it if a test fails).
 */
export function runTool(script: string, args: string[], env: Record<string, string | undefined>, onSpawn?: (child: ChildProcess) => void): Promise<ToolRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    onSpawn?.(child);
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
