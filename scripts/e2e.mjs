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
  if (code !== 0) printFailureContext(path.join(root, 'test-results'));
  console.log(`browser tests finished in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  process.exit(code ?? (signal ? 1 : 0));
});

/** Only so much of each file: a failed test's page, or a server's log, not the whole run's output. */
const SHOWN_CHARS = 8000;
const SHOWN_FILES = 9;

/**
 * After a failed run, what the report names but CI never shows: each failed test's page as it was
 * (the main region, dialogs and alerts of the accessibility tree in error-context.md; the frame
 * around them is the same on every page), its requests still waiting or failed (requests.txt,
 * e2e/fixtures.ts) and the log of a failed spec's own site (e2e/support/own-site.ts), so a failure
 * seen once on CI can be read without running it again.
 */
function printFailureContext(outputDir) {
  const files = [];
  const walk = (dir) => {
    let entries;
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === 'error-context.md' || entry.name === 'requests.txt' || (path.basename(dir) === 'own-site-logs' && entry.name.endsWith('.log'))) files.push(full);
    }
  };
  walk(outputDir);
  // A site's log only when a test of its spec failed (the spec's file name holds the site's name,
  // as test-results' directory of each failed test starts with it): the failed tests' files first.
  const failedTests = files.filter((file) => !file.endsWith('.log')).map((file) => path.basename(path.dirname(file)));
  const siteOf = (file) => path.basename(file).replace(/-\d+\.log$/, '');
  const shown = files.filter((file) => !file.endsWith('.log') || failedTests.some((test) => test.includes(siteOf(file))));
  shown.sort((a, b) => Number(a.endsWith('.log')) - Number(b.endsWith('.log')));
  for (const file of shown.slice(0, SHOWN_FILES)) {
    const text = fs.readFileSync(file, 'utf8');
    const page = file.endsWith('.md');
    const readable = page ? pageParts(text) : text.split('\n').map(logLine).join('\n');
    // A page from its top; a log by its end, where the failure is.
    const cut =
      readable.length <= SHOWN_CHARS ? readable
      : page ? `${readable.slice(0, SHOWN_CHARS)}\n(the first ${SHOWN_CHARS} characters)`
      : `(the last ${SHOWN_CHARS} characters)\n${readable.slice(-SHOWN_CHARS)}`;
    console.log(`\n--- ${path.relative(root, file)} ---\n${cut}`);
  }
  if (shown.length > SHOWN_FILES) console.log(`(${shown.length - SHOWN_FILES} more in ${path.relative(root, outputDir)})`);
}

const LEVELS = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };

/** One line of pino's JSON as a short one: time, level, request id, and the request, answer or message. */
function logLine(line) {
  let entry;
  try {
    entry = JSON.parse(line);
  } catch {
    return line;
  }
  const time = new Date(entry.time).toISOString().slice(11, 23);
  const what = entry.req ? `${entry.req.method} ${entry.req.url}` : entry.res ? `${entry.res.statusCode} in ${Math.round(entry.responseTime)} ms` : entry.msg;
  const error = entry.err ? ` ${entry.err.type ?? ''}: ${entry.err.message ?? ''}` : '';
  return `${time} ${LEVELS[entry.level] ?? entry.level} ${entry.reqId ? `${String(entry.reqId).slice(0, 8)} ` : ''}${what}${error}`;
}

/** The subtrees of the page snapshot's main region, dialogs and alerts; the whole snapshot when it has none. */
function pageParts(errorContext) {
  // The snapshot is the file's YAML block (under "# Page snapshot", or right after the error).
  const snapshot = /```yaml\n([\s\S]*?)```/.exec(errorContext)?.[1];
  if (!snapshot) return '(no page snapshot)';
  const lines = snapshot.split('\n');
  const indent = (line) => line.length - line.trimStart().length;
  const kept = [];
  for (let i = 0; i < lines.length; i++) {
    if (!/^\s*- (main|dialog|alertdialog|alert)\b/.test(lines[i])) continue;
    const depth = indent(lines[i]);
    let end = i + 1;
    while (end < lines.length && lines[end].trim() !== '' && indent(lines[end]) > depth) end++;
    kept.push(...lines.slice(i, end));
    i = end - 1;
  }
  return kept.length > 0 ? kept.join('\n') : snapshot;
}
