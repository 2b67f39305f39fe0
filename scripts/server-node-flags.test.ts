import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverArgs } from './bench/app-server';
import { SERVER_NODE_FLAGS } from './server-node-flags.mjs';

/** The server runs with the same Node flags however it is started (scripts/server-node-flags.mjs). */
const root = path.resolve(import.meta.dirname, '..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
const flags = SERVER_NODE_FLAGS.join(' ');

describe('the server\'s Node flags', () => {
  it('bound V8\'s old generation (docs/performance.md, issue 24)', () => {
    expect(SERVER_NODE_FLAGS).toContainEqual(expect.stringMatching(/^--max-old-space-size=\d+$/));
  });

  it('keep V8 from making objects in the old generation by where they are made (docs/performance.md, session 34)', () => {
    expect(SERVER_NODE_FLAGS).toContain('--no-allocation-site-pretenuring');
  });

  it('npm start, the systemd unit and the bench all pass them', () => {
    const pkg = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
    expect(pkg.scripts.start).toBe(`node ${flags} scripts/start.mjs`);
    expect(read('deploy/systemd/nids@.service')).toMatch(new RegExp(`^ExecStart=/usr/bin/node ${flags} dist/server/main\\.js$`, 'm'));
    for (const args of Object.values(serverArgs)) expect(args.slice(0, SERVER_NODE_FLAGS.length)).toEqual(SERVER_NODE_FLAGS);
  });
});
