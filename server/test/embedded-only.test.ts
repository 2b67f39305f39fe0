import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { embeddedOnlyApiTests } from './embedded-only';

const root = path.resolve(import.meta.dirname, '..', '..');
const aliases: [string, string][] = [
  ['@contract', 'contract'],
  ['@server', 'server'],
  ['@web', 'web/src'],
  ['@e2e', 'e2e'],
  ['@scripts', 'scripts'],
];
/** What gives a file the run's database server: the harness, the global setup's helpers. */
const runServerModules = new Set(['server/test/harness.ts', 'server/test/global-setup.ts']);

function apiTestFiles(dir = 'server'): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return apiTestFiles(rel);
    return entry.name.endsWith('.api.test.ts') ? [rel] : [];
  });
}

/** The repository file an import specifier names, or null for a package. */
function resolveImport(from: string, specifier: string): string | null {
  let base: string | null = null;
  if (specifier.startsWith('.')) base = path.posix.join(path.posix.dirname(from), specifier);
  for (const [alias, folder] of aliases) {
    if (specifier === alias || specifier.startsWith(`${alias}/`)) base = folder + specifier.slice(alias.length);
  }
  if (base === null) return null;
  const stem = base.replace(/\.(m?js)$/, '');
  for (const candidate of [base, `${stem}.ts`, `${stem}.tsx`, `${stem}.mjs`, `${stem}.js`, `${base}/index.ts`]) {
    if (fs.existsSync(path.join(root, candidate)) && fs.statSync(path.join(root, candidate)).isFile()) return candidate;
  }
  throw new Error(`${from}: cannot resolve ${specifier}`);
}

const importPattern = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g;

/** Why `file` uses the run's database server (what it imports or reads, and through which files), or null. */
function runServerUse(file: string): string | null {
  const seen = new Set<string>();
  const queue: { file: string; via: string[] }[] = [{ file, via: [] }];
  while (queue.length > 0) {
    const { file: current, via } = queue.shift()!;
    if (seen.has(current)) continue;
    seen.add(current);
    const chain = [...via, current].join(' → ');
    if (runServerModules.has(current)) return chain;
    const text = fs.readFileSync(path.join(root, current), 'utf8');
    // Vitest's inject('testServerUrl'), not a Fastify app's app.inject(...).
    if (/(?<![.\w$])inject\(/.test(text)) return `${chain} (inject)`;
    if (text.includes('TEST_DATABASE_URL')) return `${chain} (TEST_DATABASE_URL)`;
    for (const [, specifier] of text.matchAll(importPattern)) {
      const target = resolveImport(current, specifier!);
      if (target) queue.push({ file: target, via: [...via, current] });
    }
  }
  return null;
}

describe('API test files left out of the pass on a PostgreSQL server', () => {
  const files = apiTestFiles();

  it('every file listed exists and uses neither the harness database nor the run server', () => {
    for (const file of Object.keys(embeddedOnlyApiTests)) {
      expect(files, file).toContain(file);
      expect(runServerUse(file), file).toBeNull();
    }
  });

  it('every API test file that uses no run server is listed (so the server pass does not repeat it)', () => {
    const unlisted = files.filter((file) => !(file in embeddedOnlyApiTests) && runServerUse(file) === null);
    expect(unlisted).toEqual([]);
  });

  it('finds the harness through imports (the check sees what it must)', () => {
    expect(runServerUse('server/route-table.api.test.ts')).toBe('server/route-table.api.test.ts → server/test/harness.ts');
    expect(runServerUse('server/backup/cli.api.test.ts')).toMatch(/^server\/backup\/cli\.api\.test\.ts/);
  });
});
