// Builds the web app when dist/web is missing or older than its sources, so `npm start` and
// the browser tests always serve what is in the tree without rebuilding every time.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The precompress plugin shapes the output too (.br/.gz next to each file).
const sources = ['web', 'contract', 'vite.config.ts', 'scripts/vite-precompress.ts', 'package-lock.json'];

function newestMtime(target) {
  const full = path.join(root, target);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(full, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

export function buildWebIfNeeded() {
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

if (import.meta.url === `file://${process.argv[1]}`) buildWebIfNeeded();
