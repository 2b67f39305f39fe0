import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { pathAliases } from '../path-aliases';

const root = fileURLToPath(new URL('..', import.meta.url));
const aliasModule = './alias-imports.mjs';
const { aliasFolders } = (await import(aliasModule)) as { aliasFolders: [string, string][] };

describe('path aliases', () => {
  it('no TypeScript import climbs three or more levels or leaves its folder by a relative path', () => {
    const run = spawnSync(process.execPath, ['scripts/alias-imports.mjs', '--check'], { cwd: root, encoding: 'utf8' });
    expect(run.stdout).toContain('0 file(s) would change');
    expect(run.status).toBe(0);
  });

  it('tsconfig.json, path-aliases.ts and the codemod name the same folders', () => {
    // tsconfig.json allows comments: drop whole-line ones before parsing.
    const tsconfig = JSON.parse(
      fs.readFileSync(`${root}/tsconfig.json`, 'utf8').replace(/^\s*\/\/.*$/gm, ''),
    ) as { compilerOptions: { paths: Record<string, string[]> } };
    const fromTsconfig = Object.entries(tsconfig.compilerOptions.paths)
      .filter(([alias]) => alias.endsWith('/*'))
      .map(([alias, [target]]) => [alias.slice(0, -2), target!.replace(/^\.\//, '').replace(/\/\*$/, '')]);
    expect(fromTsconfig.sort()).toEqual([...aliasFolders].sort());
    const fromVite = pathAliases.map(({ find, replacement }) => [
      find.source.match(/^\^(@\w+)/)![1],
      replacement.slice(root.length).replace(/^\//, ''),
    ]);
    expect(fromVite.sort()).toEqual([...aliasFolders].sort());
  });
});
