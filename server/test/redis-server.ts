import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { freePort } from '../lib/process';
import { waitUntil } from './observe';

const REDIS_SERVER = process.env.REDIS_SERVER_PATH ?? '/usr/bin/redis-server';

export interface TestRedisServer {
  /** `redis://127.0.0.1:<port>`; add `/<n>` for a database of its own. */
  url: string;
  port: number;
  /** Whether the server answers PING now. */
  answers(): Promise<boolean>;
  /** Empties database `db` (rate-limit counts of an earlier test). */
  flush(db: number): Promise<void>;
  /** Kills the server (SIGKILL, as a crash would) and waits until it is gone; safe to call twice. */
  stop(): Promise<void>;
}

function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('data', (d) => {
      socket.destroy();
      resolve(d.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
    socket.write('PING\r\n');
  });
}

function flush(port: number, db: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (d) => {
      received += d.toString();
      // Two replies: +OK to SELECT, +OK to FLUSHDB.
      if ((received.match(/\+OK\r\n/g) ?? []).length === 2) {
        socket.destroy();
        resolve();
      } else if (received.startsWith('-')) {
        socket.destroy();
        reject(new Error(`redis: ${received.trim()}`));
      }
    });
    socket.once('error', reject);
    socket.write(`SELECT ${db}\r\nFLUSHDB\r\n`);
  });
}

/**
 * A Redis server of the test's own (Debian's redis-server) on 127.0.0.1 and a free port, keeping
 * nothing on disk, so a test can also stop it.
 */
export async function startRedisServer(): Promise<TestRedisServer> {
  if (!fs.existsSync(REDIS_SERVER)) {
    throw new Error(`These tests need a Redis server binary at ${REDIS_SERVER} (Debian: apt-get install redis-server), or REDIS_SERVER_PATH.`);
  }
  const port = await freePort();
  const child = spawn(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  };
  try {
    await waitUntil(() => ping(port), Boolean, 'the test Redis server to answer');
  } catch (err) {
    await stop();
    throw err;
  }
  return { url: `redis://127.0.0.1:${port}`, port, answers: () => ping(port), flush: (db) => flush(port, db), stop };
}
