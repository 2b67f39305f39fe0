import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { e2eServerEnv } from './e2e/support/server-env';

/**
 * Browser tests against the real server (Fastify + embedded PostgreSQL with its first-start demo
 * seed) serving the built web app, in Debian's Chromium. Run them with `npm run test:e2e`
 * (scripts/e2e.mjs), which builds the web app when needed and picks a free port.
 *
 * Playwright loads this file in the runner and again in every worker: anything the server and the
 * tests must agree on (port, data directory) comes from the environment, which workers inherit.
 */
const root = path.dirname(fileURLToPath(import.meta.url));

// scripts/chromium.mjs is plain JavaScript without type declarations: import it by a variable
// specifier and type the one function used.
const chromiumModule = './scripts/chromium.mjs';
const { findBrowserTestChromium, BROWSER_TEST_FLAGS } = (await import(chromiumModule)) as { findBrowserTestChromium: () => string; BROWSER_TEST_FLAGS: string[] };

const port = Number(process.env.E2E_PORT || 3950);
// A fresh, empty data directory so the server seeds the demo content on its first start.
// Set here only when scripts/e2e.mjs did not (it also removes it afterwards); stored in the
// environment so the workers that load this file again see the same value.
if (!process.env.E2E_DATA_DIR) {
  process.env.E2E_DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'nids-e2e-'));
  // As root the embedded PostgreSQL runs as the user postgres, which must pass through (not list) it.
  fs.chmodSync(process.env.E2E_DATA_DIR, 0o711);
}
const baseURL = `http://127.0.0.1:${port}`;
// The mail catcher's ports, exported for the workers (e2e/support/inbox.ts reads E2E_MAIL_PORT).
process.env.E2E_SMTP_PORT ||= String(port + 1);
process.env.E2E_MAIL_PORT ||= String(port + 2);
const mailURL = `http://127.0.0.1:${process.env.E2E_MAIL_PORT}`;

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  // Three on the 2-core CI machine: a test spends much of its time waiting on round trips to the
  // browser and on the page's own timers, so two workers left a third of the cores idle. The whole
  // tier measured on that machine, idle: 560 s with three workers (930 CPU-seconds, 83% of both
  // cores), 690 s with two while other work ran beside it.
  workers: 3,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  outputDir: 'test-results',
  use: {
    baseURL,
    locale: 'ko-KR',
    timezoneId: 'Asia/Seoul',
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: findBrowserTestChromium(),
      args: ['--no-sandbox', ...BROWSER_TEST_FLAGS],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium', viewport: { width: 1280, height: 900 } } }],
  webServer: [
    {
      // Started first: the site delivers pincodes to it from its first request.
      command: 'node node_modules/tsx/dist/cli.mjs e2e/support/mail-catcher-server.ts',
      cwd: root,
      url: `${mailURL}/health`,
      timeout: 60_000,
      reuseExistingServer: false,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
      stdout: 'ignore',
      stderr: 'pipe',
      env: { E2E_SMTP_PORT: process.env.E2E_SMTP_PORT, E2E_MAIL_PORT: process.env.E2E_MAIL_PORT },
    },
    {
      // The compiled server, as `npm start` runs it (scripts/e2e.mjs builds it when stale).
      command: 'node dist/server/main.js',
      cwd: root,
      url: `${baseURL}/api/site-setting/info`,
      timeout: 120_000,
      reuseExistingServer: false,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: process.env.E2E_DATA_DIR,
        // Always the embedded database in the fresh directory, never a server from the environment.
        DATABASE_URL: '',
        WEB_DIST_DIR: path.join(root, 'dist/web'),
        SEED_DEMO: 'true',
        ADMIN_ID: 'admin',
        // A known password so the tests can sign the administrator in; no generated password file.
        ADMIN_PASSWORD: 'e2e-Staff-Passphrase7!',
        ...e2eServerEnv(),
        // The console's calls only from this machine (issue 12); a test poses as a proxied client
        // elsewhere with X-Forwarded-For, which only 127.0.0.1 may set (e2e/admin-allowed-ips.spec.ts).
        TRUST_PROXY: '127.0.0.1',
        ADMIN_ALLOWED_IPS: '127.0.0.1,::1',
      },
    },
  ],
});
