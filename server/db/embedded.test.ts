import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { restoreSymlinks } from './embedded';

/** A binary package as npm may leave it when it skips the postinstall: files, no links. */
function fakePackage(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nids-pg-links-'));
  fs.mkdirSync(path.join(dir, 'native', 'lib'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'native', 'lib', 'libpq.so.5.18'), 'libpq');
  fs.writeFileSync(
    path.join(dir, 'native', 'pg-symlinks.json'),
    JSON.stringify([
      { source: 'native/lib/libpq.so.5.18', target: 'native/lib/libpq.so' },
      { source: 'native/lib/libpq.so.5.18', target: 'native/lib/libpq.so.5' },
    ]),
  );
  return dir;
}

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('restoreSymlinks (npm 11 may skip the binary package’s postinstall)', () => {
  it('creates the missing library links, relative to their directory, and reads through them', () => {
    const dir = fakePackage();
    made.push(dir);
    expect(restoreSymlinks(dir)).toBe(2);
    const link = path.join(dir, 'native', 'lib', 'libpq.so.5');
    expect(fs.readlinkSync(link)).toBe('libpq.so.5.18');
    expect(fs.readFileSync(link, 'utf8')).toBe('libpq');
  });

  it('leaves links that exist alone: a second run creates nothing', () => {
    const dir = fakePackage();
    made.push(dir);
    restoreSymlinks(dir);
    expect(restoreSymlinks(dir)).toBe(0);
  });

  it('does nothing for a package without a link list (other platforms)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nids-pg-links-'));
    made.push(dir);
    expect(restoreSymlinks(dir)).toBe(0);
  });
});
