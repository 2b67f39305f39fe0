// Starts the real site for a measurement (Lighthouse, sqlmap) or a browser test that needs a site of
// its own (e2e/xss-admin.spec.ts) the way the browser tests do (playwright.config.ts): the
// production build served by server/main.ts on a free 127.0.0.1 port, with a fresh data directory
// (embedded PostgreSQL) and the demo seed, so every run measures the same content.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.mjs';

const KEPT_LOG_LINES = 400;

async function waitForSite(baseURL, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode} before it answered`);
    try {
      const res = await fetch(`${baseURL}/api/site-setting/info`);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not answer ${baseURL}/api/site-setting/info within ${timeoutMs / 1000} s`);
}

/**
 * @param {string} root
 * @param {{ adminPassword?: string, env?: Record<string, string>, name?: string }} [options] the first administrator's password
 *   (random when not given), more environment (npm run security:sqlmap raises the rate limits) and a
 *   word for the data directory's name (`nids-<name>-...` in the system's temporary directory)
 * @returns {Promise<{ baseURL: string, stop: () => Promise<void>, log: () => string }>} `log`: the server's last
 *   KEPT_LOG_LINES lines of log
 */
export async function startSite(root, { adminPassword, env = {}, name = 'lighthouse' } = {}) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `nids-${name}-`));
  // As root the embedded PostgreSQL runs as the user postgres, which must pass through (not list) it.
  fs.chmodSync(dataDir, 0o711);
  const baseURL = `http://127.0.0.1:${port}`;
  // What the server wrote to stderr (a crash before it listened): only its tail, which a failure
  // to start shows; a server that writes there for the whole run must not grow this forever.
  let stderr = '';
  // The log (pino, one JSON line per entry, warnings and errors at LOG_LEVEL warn): the last lines
  // are kept for a failed browser test to show (e2e/support/own-site.ts, scripts/e2e.mjs).
  const logLines = [];
  let partialLine = '';
  const child = spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'server/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // Always the embedded database in the fresh directory, never a server from the environment.
      DATABASE_URL: '',
      REDIS_URL: '',
      WEB_DIST_DIR: path.join(root, 'dist/web'),
      SEED_DEMO: 'true',
      ADMIN_ID: 'admin',
      // Random unless the caller signs in: a given password keeps the server from writing a generated one.
      ADMIN_PASSWORD: adminPassword ?? `Lh-${crypto.randomBytes(12).toString('hex')}!`,
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (text) => {
    stderr += text;
    if (stderr.length > 64_000) stderr = stderr.slice(-32_000);
  });
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (text) => {
    const lines = (partialLine + text).split('\n');
    partialLine = lines.pop() ?? '';
    logLines.push(...lines.filter((line) => line !== ''));
    if (logLines.length > KEPT_LOG_LINES) logLines.splice(0, logLines.length - KEPT_LOG_LINES);
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));

  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForSite(baseURL, child, 120_000);
  } catch (err) {
    await stop();
    const log = stderr.trim();
    throw new Error(`${err instanceof Error ? err.message : String(err)}${log ? `\n${log}` : ''}`, { cause: err });
  }
  return { baseURL, stop, log: () => [...logLines, ...(partialLine ? [partialLine] : [])].join('\n') };
}
