import { spawn, type ChildProcess } from 'node:child_process';
import { interrupted, onCleanup } from './cleanup';

export { freePort } from '@server/lib/process';

export interface Started {
  name: string;
  child: ChildProcess;
  pid: number;
  /** Everything the process wrote so far (stdout and stderr), for error messages. */
  output(): string;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves once the process has exited. */
  stop(graceMs?: number): Promise<void>;
}

/**
 * Starts `node <args>` directly (never through npx or a shell), so the pid we hold is the
 * process that listens and stopping it stops the server. Registered for cleanup at once.
 */
export function startNode(name: string, args: string[], opts: { cwd: string; env: NodeJS.ProcessEnv }): Started {
  // Once the bench is being stopped, nothing new may start behind the cleanup's back.
  interrupted.throwIfAborted();
  const child = spawn(process.execPath, args, { cwd: opts.cwd, env: opts.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (d: Buffer) => {
    output += d.toString();
    // Only the tail matters for a failure message; a chatty server must not grow this forever.
    if (output.length > 64_000) output = output.slice(-32_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  const stop = async (graceMs = 20_000) => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    }
    unregister();
  };
  const unregister = onCleanup(() => stop());
  if (child.pid === undefined) throw new Error(`could not start ${name}`);
  return { name, child, pid: child.pid, output: () => output, stop };
}

/** Polls `url` until it answers 2xx; fails early when the process exits, with its output. */
export async function waitForHttp(started: Started, url: string, timeoutMs: number): Promise<number> {
  const begin = Date.now();
  while (Date.now() - begin < timeoutMs) {
    if (started.child.exitCode !== null || started.child.signalCode !== null) {
      throw new Error(`${started.name} exited (${started.child.exitCode ?? started.child.signalCode}) before answering:\n${started.output()}`);
    }
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.ok) return Date.now() - begin;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${started.name} did not answer ${url} within ${timeoutMs / 1000} s:\n${started.output()}`);
}
