import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { checkOtherBuild } from './compare';
import { parseOptions } from './options';

const withDatabase = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/bench' };

describe('npm run bench -- --compare (compare.ts)', () => {
  it('loads the given paths on both builds, 10 rounds of 3 s a side unless told otherwise', () => {
    const opts = parseOptions(['--compare', '../other', '--paths', 'postPageAny, viewAny'], withDatabase)!;
    expect(opts.compare).toMatch(/other$/);
    expect(opts.paths).toEqual(['postPageAny', 'viewAny']);
    expect([opts.rounds, opts.durationSeconds]).toEqual([10, 3]);
    expect(parseOptions(['--compare', '../other', '--paths', 'home', '--rounds', '4', '--duration', '5'], withDatabase)).toMatchObject({ rounds: 4, durationSeconds: 5 });
    // Without it, a path's load stays 10 s.
    expect(parseOptions([], withDatabase)).toMatchObject({ compare: undefined, durationSeconds: 10 });
  });

  it('refuses what it cannot compare: one embedded database for two servers, no paths, rounds alone, nginx', () => {
    expect(() => parseOptions(['--compare', '../other', '--paths', 'home'], {})).toThrow(/needs DATABASE_URL/);
    expect(() => parseOptions(['--compare', '../other'], withDatabase)).toThrow(/needs --paths/);
    expect(() => parseOptions(['--rounds', '3'], withDatabase)).toThrow(/--rounds is for --compare/);
    expect(() => parseOptions(['--compare', '../other', '--paths', 'home', '--nginx'], withDatabase)).toThrow(/not with --nginx/);
  });

  it('names what is missing in a directory without another build', () => {
    expect(() => checkOtherBuild(os.tmpdir())).toThrow(/no dist\/server\/main\.js there \(build it in that checkout/);
  });
});
