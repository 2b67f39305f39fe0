import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from './lock';

const root = path.resolve(import.meta.dirname, '../..');
const dirs: string[] = [];
const children: ChildProcess[] = [];

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nids-lock-'));
  dirs.push(dir);
  return dir;
}

const lockFile = (dir: string) => path.join(dir, 'server.lock');

/** A pid that belonged to a process that has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

/** Another process that holds the lock of `dir` through the real module, until killed. */
async function holdLockInChild(dir: string): Promise<ChildProcess> {
  const code = `
    const { acquireDataDirLock } = await import(${JSON.stringify(path.join(root, 'server/db/lock.ts'))});
    acquireDataDirLock(${JSON.stringify(dir)});
    console.log('locked');
    setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    let err = '';
    child.stdout!.on('data', (d: Buffer) => d.toString().includes('locked') && resolve());
    child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    child.on('exit', (status) => reject(new Error(`lock holder exited (${status}): ${err}`)));
  });
  return child;
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

afterEach(async () => {
  for (const child of children.splice(0)) await stop(child);
});

afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('acquireDataDirLock', () => {
  it('writes this process id to DATA_DIR/server.lock (creating DATA_DIR) and removes it on release', () => {
    const dir = path.join(tempDir(), 'not-yet-there');
    const release = acquireDataDirLock(dir);
    expect(fs.readFileSync(lockFile(dir), 'utf8').trim()).toBe(String(process.pid));
    release();
    expect(fs.existsSync(lockFile(dir))).toBe(false);
    release(); // twice is harmless
  });

  it('refuses a second process while the first holds the lock, and lets it in once the first is gone', async () => {
    const dir = tempDir();
    const holder = await holdLockInChild(dir);
    expect(fs.readFileSync(lockFile(dir), 'utf8').trim()).toBe(String(holder.pid));

    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    try {
      acquireDataDirLock(dir);
    } catch (err) {
      expect((err as Error).message).toContain(String(holder.pid));
      expect((err as Error).message).toContain(dir);
    }
    // Refusing must not disturb the holder's lock.
    expect(fs.readFileSync(lockFile(dir), 'utf8').trim()).toBe(String(holder.pid));

    await stop(holder); // killed: no chance to clean up, the lock file stays behind
    expect(fs.existsSync(lockFile(dir))).toBe(true);
    const release = acquireDataDirLock(dir);
    expect(fs.readFileSync(lockFile(dir), 'utf8').trim()).toBe(String(process.pid));
    release();
  });

  it('refuses when the lock names another live process (the parent of this one)', () => {
    const dir = tempDir();
    fs.writeFileSync(lockFile(dir), String(process.ppid));
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(fs.readFileSync(lockFile(dir), 'utf8')).toBe(String(process.ppid));
  });

  it('takes over a stale lock whose process has exited', () => {
    const dir = tempDir();
    const pid = deadPid();
    expect(pid).toBeGreaterThan(0);
    fs.writeFileSync(lockFile(dir), `${pid}\n`);
    const release = acquireDataDirLock(dir);
    expect(fs.readFileSync(lockFile(dir), 'utf8').trim()).toBe(String(process.pid));
    release();
  });

  it('takes over an empty or garbled lock file', () => {
    for (const content of ['', 'not a pid']) {
      const dir = tempDir();
      fs.writeFileSync(lockFile(dir), content);
      const release = acquireDataDirLock(dir);
      expect(fs.readFileSync(lockFile(dir), 'utf8').trim()).toBe(String(process.pid));
      release();
    }
  });

  it('release never removes a lock that another process has taken since', () => {
    const dir = tempDir();
    const release = acquireDataDirLock(dir);
    fs.writeFileSync(lockFile(dir), String(process.ppid));
    release();
    expect(fs.readFileSync(lockFile(dir), 'utf8')).toBe(String(process.ppid));
  });
});
