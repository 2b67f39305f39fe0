import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { checkOtherBuild, median, summarise } from './compare';
import type { PathResult } from './load';
import { pathResult } from './path-result.fixture';
import { parseOptions } from './options';

const withDatabase = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/bench' };

describe('npm run bench -- --warmup', () => {
  it('warms each path 3 s unmeasured unless told otherwise; 0 measures from the first request', () => {
    expect(parseOptions([], withDatabase)!.warmupSeconds).toBe(3);
    expect(parseOptions(['--warmup', '0'], withDatabase)!.warmupSeconds).toBe(0);
    expect(parseOptions(['--warmup', '0.25'], withDatabase)!.warmupSeconds).toBe(0.25);
    for (const bad of ['-1', 'soon', '']) expect(() => parseOptions([`--warmup=${bad}`], withDatabase)).toThrow(/--warmup must be a number of seconds, 0 or more/);
  });
});

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

describe("a side's figures from its rounds (compare.ts summarise)", () => {
  const round = (requests: number, node: number, database: number | undefined, p50Ms: number, p99Ms: number): PathResult =>
    pathResult(requests / 3, {
      key: 'postPageAny', label: 'post page HTML (any post)', p50Ms, p99Ms, requests, statusCodes: { 200: requests }, cpuUsPerRequest: { node, database },
      bytesPerResponse: 6000,
    });

  it('takes the middle of an odd count, the mean of the two middle ones of an even count', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 10])).toBe(3.5);
    expect(median([])).toBe(0);
  });

  it('gives req/s over all the rounds\' time, CPU per request weighted by requests, medians of the percentiles', () => {
    const side = summarise('B', [round(3000, 800, 300, 10, 40), round(1000, 1200, 500, 14, 80)], 2);
    expect(side.requestsPerSecond).toBe(1000);
    // (3000 x 800 + 1000 x 1200) / 4000, not the rounds' plain mean (1000).
    expect(side.nodeUs).toBe(900);
    expect(side.databaseUs).toBe(350);
    expect([side.p50Ms, side.p99Ms]).toEqual([12, 60]);
    // A round without the database's CPU (its processes not readable here) leaves it unknown.
    expect(summarise('A', [round(10, 1, 1, 1, 1), round(10, 1, undefined, 1, 1)], 1).databaseUs).toBeUndefined();
  });
});
