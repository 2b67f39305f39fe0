#!/usr/bin/env node
/**
 * Rewrites TypeScript imports that leave their top-level folder, or climb three or more levels,
 * to the path aliases of tsconfig.json (`@contract`, `@server`, `@web`, `@e2e`, `@scripts`):
 * a reader sees at once which part of the tree an import comes from, and moving a file no longer
 * breaks imports six levels up. Re-runnable: it only touches relative specifiers, and only those
 * that cross a folder or climb too far. Plain JavaScript (.mjs) files run by Node itself keep
 * their relative imports, because Node does not read tsconfig's paths.
 *
 *   node scripts/alias-imports.mjs          rewrite in place
 *   node scripts/alias-imports.mjs --check  list what would change, exit 1 if anything would
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Alias -> folder, most specific first. Kept in step with tsconfig.json's `paths`. */
export const aliasFolders = [
  ['@contract', 'contract'],
  ['@server', 'server'],
  ['@web', 'web/src'],
  ['@e2e', 'e2e'],
  ['@scripts', 'scripts'],
];

const sourceFolders = ['contract', 'server', 'web/src', 'e2e', 'scripts'];
const specifier = /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\bvi\.mock\(\s*)(['"])(\.{1,2}\/[^'"]*)\2/g;

function areaOf(file) {
  const rel = path.relative(root, file).split(path.sep).join('/');
  return aliasFolders.find(([, folder]) => rel === folder || rel.startsWith(`${folder}/`)) ?? null;
}

function climbs(spec) {
  return (spec.match(/\.\.\//g) ?? []).length;
}

function rewrite(file, text) {
  const from = areaOf(file);
  return text.replace(specifier, (whole, lead, quote, spec) => {
    const target = path.resolve(path.dirname(file), spec);
    const to = areaOf(target);
    if (!to) return whole;
    if (from && from[0] === to[0] && climbs(spec) < 3) return whole;
    const inside = path.relative(path.join(root, to[1]), target).split(path.sep).join('/');
    return `${lead}${quote}${inside ? `${to[0]}/${inside}` : to[0]}${quote}`;
  });
}

function* sourceFiles(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (/\.(ts|tsx|mts)$/.test(entry.name) && !entry.name.endsWith('.d.mts')) yield full;
  }
}

function main() {
  const check = process.argv.includes('--check');
  // The root's config files (vite, vitest, playwright) are loaded by their tools' own loaders,
  // which may not read tsconfig's paths: they keep their relative imports (none climbs).
  const files = sourceFolders.flatMap((folder) => [...sourceFiles(path.join(root, folder))]);
  let changed = 0;
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    const next = rewrite(file, text);
    if (next === text) continue;
    changed += 1;
    if (check) console.log(path.relative(root, file));
    else fs.writeFileSync(file, next);
  }
  console.log(`${changed} file(s) ${check ? 'would change' : 'rewritten'}`);
  if (check && changed > 0) process.exitCode = 1;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
