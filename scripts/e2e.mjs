// `npm run test:e2e`: the browser tests (Playwright, Debian's Chromium) against the real server.
// Builds the web app and the compiled server when dist/web or dist/server is missing or older than its sources, picks a free port and a
// fresh data directory for the server that playwright.config.ts starts, runs `playwright test`
// with any extra arguments (e.g. `npm run test:e2e -- e2e/board.spec.ts`) and exits with its code.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServerIfNeeded, buildWebIfNeeded } from './build-if-needed.mjs';
import { findBrowserTestChromium } from './chromium.mjs';
import { freePort } from './free-port.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

let chromium;
try {
  chromium = findBrowserTestChromium();
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
}

try {
  buildWebIfNeeded();
} catch {
  console.error('The web app does not build (vite build failed); the browser tests need dist/web.');
  process.exit(1);
}
// The browser tests run the server production runs: the compiled one (dist/server), not tsx.
try {
  await buildServerIfNeeded();
} catch (err) {
  console.error(`The server does not compile (scripts/build-server.mjs): ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}

const port = await freePort();
// The local mail catcher (e2e/support/mail-catcher-server.ts): SMTP for pincode e-mail, HTTP for
// the SMS webhook and for the tests to read what was sent.
const smtpPort = await freePort();
const mailPort = await freePort();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nids-e2e-'));
// As root the embedded PostgreSQL runs as the user postgres, which must pass through (not list) it.
fs.chmodSync(dataDir, 0o711);
const started = Date.now();

const child = spawn(process.execPath, [path.join(root, 'node_modules/.bin/playwright'), 'test', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    E2E_PORT: String(port),
    E2E_SMTP_PORT: String(smtpPort),
    E2E_MAIL_PORT: String(mailPort),
    E2E_DATA_DIR: dataDir,
    CHROME_PATH: chromium,
  },
});

// Ctrl-C already reaches Playwright through the terminal's process group: only wait for it to stop
// its server (a second SIGINT would make it quit without cleaning up). Pass SIGTERM on.
process.on('SIGINT', () => {});
process.on('SIGTERM', () => child.kill('SIGTERM'));

child.on('exit', (code, signal) => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  console.log(`browser tests finished in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  process.exit(code ?? (signal ? 1 : 0));
});
