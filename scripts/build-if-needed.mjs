// Builds the web app when dist/web is missing or older than its sources, and the compiled server
// (dist/server, scripts/build-server.mjs) when it is, so `npm start` and the browser tests always
// serve what is in the tree without rebuilding every time.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, serverDist, serverSources } from './build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The precompress plugin shapes the output too (.br/.gz next to each file).
const sources = ['web', 'contract', 'vite.config.ts', 'scripts/vite-precompress.ts', 'package-lock.json'];

function newestMtime(target, { skipTests = false } = {}) {
  const full = path.join(root, target);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(full, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue;
    if (skipTests && (/\.test\.ts$/.test(entry.name) || (entry.isDirectory() && entry.name === 'test'))) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name), { skipTests }));
  }
  return newest;
}

export function buildWebIfNeeded() {
  // A production install has no Vite: it serves the dist/web built on the build machine (without
  // one, the server answers the API and says the web app is missing).
  if (!canBuild()) return false;
  const index = path.join(root, 'dist/web/index.html');
  const built = fs.existsSync(index) ? fs.statSync(index).mtimeMs : 0;
  const newest = Math.max(...sources.map(newestMtime));
  if (built >= newest) return false;
  console.log('Building the web app (vite build)...');
  execFileSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
    // Always the production build: run from a test (Vitest sets NODE_ENV=test, and the bench's
    // smoke test builds through here) Vite would otherwise bundle React's development build,
    // four times the bytes, and the browser tests would then run against it.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  return true;
}

/** Whether the build tools (devDependencies) are installed: not in a production install. */
function canBuild() {
  return fs.existsSync(path.join(root, 'node_modules/esbuild/package.json'));
}

/**
 * Compiles the server into dist/server when it is missing or older than its sources (tests are
 * not sources). In a production install (`npm ci --omit=dev`, no esbuild) the build made on the
 * build machine runs as it is; without one, this stops with what to do.
 */
export async function buildServerIfNeeded({ log = console.log } = {}) {
  const main = path.join(serverDist, 'main.js');
  const built = fs.existsSync(main) ? fs.statSync(main).mtimeMs : 0;
  if (!canBuild()) {
    if (built) return false;
    throw new Error('dist/server is missing and the build tools are not installed (npm ci --omit=dev): run `npm ci && npm run build` first (docs/operations.md).');
  }
  const newest = Math.max(...serverSources.map((source) => newestMtime(source, { skipTests: true })));
  if (built >= newest) return false;
  log('Compiling the server (esbuild)...');
  await buildServer({ log });
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  buildWebIfNeeded();
  await buildServerIfNeeded();
}
