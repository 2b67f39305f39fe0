// `npm test`: dependency audit (scripts/audit.mjs), lint, type check, unit, component (screens in happy-dom), API (embedded
// PostgreSQL, and a PostgreSQL server when TEST_DATABASE_URL is set) and browser tests, in that order. It stops at the first failing
// tier and ends with one line "tests: N passed, N failed, N skipped". A skipped test fails the run.
// Chromium (browser tests), nginx and openssl (server/nginx.api.test.ts) come from the system:
// found, or installed with apt on Debian as root, before any tier runs (scripts/system-packages.mjs).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findBrowserTestChromium } from './chromium.mjs';
import { findNginx, findOpenssl, findRedisServer } from './system-packages.mjs';
import { audit } from './audit.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nids-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
// Tiers run without TEST_DATABASE_URL unless they are given it: the harness picks a server only then.
const { TEST_DATABASE_URL, ...baseEnv } = process.env;

function run(title, command, args, env = {}) {
  console.log(`\n=== ${title}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...baseEnv, ...env } });
  console.log(`=== ${title}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result.status === 0;
}

function vitest(title, project, env = {}) {
  const out = path.join(reportDir, `${project.replace(/\W/g, '')}-${Object.keys(env).length}.json`);
  const ok = run(title, bin('vitest'), ['run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`], env);
  if (fs.existsSync(out)) {
    const r = JSON.parse(fs.readFileSync(out, 'utf8'));
    totals.passed += r.numPassedTests;
    // A file whose setup (beforeAll) failed reports its tests as pending: count it as failed, and
    // its tests as not run rather than skipped.
    const failedFiles = r.testResults.filter((f) => f.status === 'failed' && f.assertionResults.every((a) => a.status !== 'failed'));
    const notRun = failedFiles.reduce((n, f) => n + f.assertionResults.filter((a) => a.status === 'pending' || a.status === 'skipped').length, 0);
    totals.failed += r.numFailedTests + failedFiles.length;
    totals.skipped += r.numPendingTests + r.numTodoTests - notRun;
    if (r.numTotalTests === 0) {
      console.error(`${title}: no test ran`);
      return false;
    }
  }
  return ok;
}

function playwright(chromium) {
  const out = path.join(reportDir, 'e2e.json');
  const ok = run('browser tests (Playwright, Chromium)', process.execPath, [path.join(root, 'scripts/e2e.mjs'), '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: out,
    CHROME_PATH: chromium,
  });
  if (fs.existsSync(out)) {
    const { stats } = JSON.parse(fs.readFileSync(out, 'utf8'));
    totals.passed += stats.expected + stats.flaky;
    totals.failed += stats.unexpected;
    totals.skipped += stats.skipped;
    if (stats.expected + stats.unexpected + stats.flaky === 0) {
      console.error('browser tests: no test ran');
      return false;
    }
  }
  return ok;
}

function finish(ok) {
  console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
  if (ok && totals.skipped > 0) {
    console.error('Skipped tests are not allowed here: remove the skip or the test.');
    ok = false;
  }
  process.exit(ok ? 0 : 1);
}

// Fail early, before any tier, when the browser tests, the nginx test or the Redis tests could not run.
let chromium;
try {
  chromium = findBrowserTestChromium();
  // Handed to the API tiers so the nginx test finds the same programs.
  baseEnv.NGINX_PATH = findNginx();
  baseEnv.OPENSSL_PATH = findOpenssl();
  baseEnv.REDIS_SERVER_PATH = findRedisServer();
} catch (err) {
  console.error(String(err instanceof Error ? err.message : err));
  finish(false);
}

function dependencyAudit() {
  console.log('\n=== dependency audit (npm audit --omit=dev, high and critical)');
  const ok = audit();
  console.log(`=== dependency audit: ${ok ? 'ok' : 'FAILED'}`);
  return ok;
}

const steps = [
  dependencyAudit,
  () => run('lint (eslint)', bin('eslint'), ['.', '--max-warnings=0']),
  () => run('type check (tsc)', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']),
  () => vitest('unit tests (Vitest)', 'unit*'),
  () => vitest('component tests (Vitest, React Testing Library, happy-dom)', 'component'),
  () => vitest('API tests on embedded PostgreSQL', 'api'),
  // Only the files that use the run's database server: those that start PostgreSQL of their own (server/test/embedded-only.ts)
  // ran above already and are left out by vitest.config.ts, neither run nor counted here.
  ...(TEST_DATABASE_URL
    ? [() => vitest('API tests on PostgreSQL server (TEST_DATABASE_URL; files that use the database server)', 'api', { TEST_DATABASE_URL })]
    : []),
  () => playwright(chromium),
];

for (const step of steps) {
  if (!step()) finish(false);
}
finish(true);
