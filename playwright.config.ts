import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

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
const { findChromium } = (await import(chromiumModule)) as { findChromium: () => string };

const port = Number(process.env.E2E_PORT || 3950);
// A fresh, empty data directory so the server seeds the demo content on its first start.
// Set here only when scripts/e2e.mjs did not (it also removes it afterwards); stored in the
// environment so the workers that load this file again see the same value.
process.env.E2E_DATA_DIR ||= fs.mkdtempSync(path.join(os.tmpdir(), 'nids-e2e-'));
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  workers: 2,
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
      executablePath: findChromium(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium', viewport: { width: 1280, height: 900 } } }],
  webServer: {
    command: 'node node_modules/tsx/dist/cli.mjs server/main.ts',
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
      // A test value: the tests sign nobody in, but no generated password file is written.
      ADMIN_PASSWORD: 'e2e-Admin-Passw0rd!',
      LOG_LEVEL: 'warn',
    },
  },
});
