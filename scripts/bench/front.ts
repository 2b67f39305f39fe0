import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startLocalNginx, type LocalNginx } from '../../deploy/nginx/local';
import { findNginx, findOpenssl } from '../system-packages.mjs';
import type { AppServer } from './app-server';
import { interrupted, onCleanup } from './cleanup';

export interface NginxFront {
  nginx: LocalNginx;
  stop(): Promise<void>;
}

/**
 * `--nginx`: deploy/nginx/nids.conf in front of the servers, as docs/operations.md deploys it
 * (TLS, upstream keepalive, one worker per core), in a temporary directory of its own.
 */
export async function startNginxFront(root: string, servers: AppServer[]): Promise<NginxFront> {
  interrupted.throwIfAborted();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nids-bench-nginx-'));
  // Started by root, nginx runs as nobody, which must pass through this directory.
  fs.chmodSync(dir, 0o755);
  const remove = () => fs.rmSync(dir, { recursive: true, force: true });
  const unregisterDir = onCleanup(remove);
  const nginx = await startLocalNginx({
    dir: path.join(dir, 'nginx'),
    nginxPath: findNginx(),
    opensslPath: findOpenssl(),
    upstreams: servers.map((s) => new URL(s.baseUrl).host),
    webDistDir: path.join(root, 'dist', 'web'),
    workerProcesses: 'auto',
  });
  const unregister = onCleanup(() => nginx.stop());
  return {
    nginx,
    stop: async () => {
      await nginx.stop();
      unregister();
      remove();
      unregisterDir();
    },
  };
}
