import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

/**
 * package.json's `engines` is what the site promises to run on (Node >= 20.19); every installed
 * package must accept its lowest version, or `npm ci` warns (EBADENGINE) and that package may
 * not work there (cookie 2 and content-disposition 3 ask for Node 22: overridden in package.json).
 */
const root = path.resolve(import.meta.dirname, '..');
const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
};

describe('engines', () => {
  it('every package in package-lock.json accepts the lowest Node version package.json declares', () => {
    const declared = (lock.packages['']!.engines as { node: string }).node;
    const lowest = semver.minVersion(declared)!.version;
    expect(lowest).toBe('20.19.0');
    const refusing = Object.entries(lock.packages)
      .filter(([key, entry]) => key !== '' && !Array.isArray(entry.engines) && entry.engines?.node && !semver.satisfies(lowest, entry.engines.node))
      .map(([key, entry]) => `${key.replace(/^.*node_modules\//, '')}@${entry.version} needs Node ${(entry.engines as { node: string }).node}`);
    expect(refusing).toEqual([]);
  });
});
