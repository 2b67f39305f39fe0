import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serverCpuPids, startAppServer, type AppServer, type AppServerOptions } from './app-server';
import { load, probe, type BenchPath, type PathResult } from './load';
import { rssMb } from './memory';

/**
 * `--compare DIR`: this tree's server and another build's (DIR: a checkout of another commit with
 * its web app and server built), both running on the one database, each path loaded on them in
 * turn: `rounds` rounds of a few seconds, A then B, then B then A, so that the machine's slow and
 * fast moments fall on both alike. Runs one after the other moved by 10-20 % in an evening here;
 * two such comparisons of the same pair agreed within 2-3 % (docs/performance.md, session 23).
 *
 * Where `taskset` can, both servers share the first core and the load (autocannon, in this
 * process) the others, so a server's CPU per request is not blurred by the load's.
 *
 * Neither server flushes its counted views and visits during the comparison: one server's flush
 * would land in the other's round (its database time counted there, its Node time nowhere) and,
 * as a write to the board, drop the other's kept answers. The bench without --compare measures
 * the flushes.
 */
export const COMPARE_SERVER_ENV = { VIEW_FLUSH_SECONDS: '86400' };
export interface CompareOptions {
  rounds: number;
  secondsPerRound: number;
  connections: number;
  log: (line: string) => void;
}

export interface Side {
  label: string;
  requestsPerSecond: number;
  /** CPU per request over all rounds (µs): the server's Node process, and the database's backends during its rounds. */
  nodeUs: number;
  databaseUs: number | undefined;
  /** Medians of the rounds' percentiles. */
  p50Ms: number;
  p99Ms: number;
  failed: number;
}

export interface ComparedPath {
  key: string;
  label: string;
  sides: [Side, Side];
}

/** What --compare names: a directory holding another build (dist/server/main.js and dist/web/index.html). */
export function checkOtherBuild(dir: string): string {
  const root = path.resolve(dir);
  for (const file of ['dist/server/main.js', 'dist/web/index.html']) {
    if (!fs.existsSync(path.join(root, file))) {
      throw new Error(`--compare ${dir}: no ${file} there (build it in that checkout: npm ci && npm run build)`);
    }
  }
  return root;
}

/** Pins `pid` (all its threads) to `cores` (a taskset list such as "0" or "1-3"); false where taskset cannot. */
function pin(pid: number, cores: string): boolean {
  const run = spawnSync('taskset', ['-a', '-p', '-c', cores, String(pid)], { stdio: 'ignore' });
  return run.status === 0;
}

/**
 * The servers on core 0 and this process (the load) on the others; all or nothing: where one pin
 * fails (no taskset, a container without core 0), the ones made are undone.
 */
function pinAll(serverPids: number[]): boolean {
  const cores = os.availableParallelism();
  if (cores < 2) return false;
  const all = `0-${cores - 1}`;
  const done: number[] = [];
  for (const [pid, to] of [...serverPids.map((pid) => [pid, '0'] as const), [process.pid, `1-${cores - 1}`] as const]) {
    if (!pin(pid, to)) {
      for (const made of done) pin(made, all);
      return false;
    }
    done.push(pid);
  }
  return true;
}

/** The median; of an even count, the mean of the two in the middle. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  if (sorted.length === 0) return 0;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** One side's figures from its rounds: req/s over the rounds' time, CPU per request over all requests, percentiles' medians. */
export function summarise(label: string, runs: readonly PathResult[], secondsPerRound: number): Side {
  const requests = runs.reduce((n, r) => n + r.requests, 0);
  const weighted = (of: (r: PathResult) => number | undefined) =>
    runs.every((r) => of(r) !== undefined) ? runs.reduce((n, r) => n + of(r)! * r.requests, 0) / Math.max(1, requests) : undefined;
  return {
    label,
    requestsPerSecond: requests / Math.max(1, runs.length * secondsPerRound),
    nodeUs: weighted((r) => r.cpuUsPerRequest?.node) ?? 0,
    databaseUs: weighted((r) => r.cpuUsPerRequest?.database),
    p50Ms: median(runs.map((r) => r.p50Ms)),
    p99Ms: median(runs.map((r) => r.p99Ms)),
    failed: runs.reduce((n, r) => n + r.non2xx + r.errors, 0),
  };
}

/** Starts this tree's server (A) and the other build's (B) on the same database. */
export async function startPair(serverOpts: AppServerOptions, otherRoot: string): Promise<[AppServer, AppServer]> {
  // One after the other: the first migrates the database, the second finds it migrated.
  const env = { ...serverOpts.env, ...COMPARE_SERVER_ENV };
  const a = await startAppServer({ ...serverOpts, env });
  const b = await startAppServer({ ...serverOpts, env, root: otherRoot });
  return [a, b];
}

export async function comparePaths(
  pair: [AppServer, AppServer],
  serverOpts: AppServerOptions,
  paths: BenchPath[],
  opts: CompareOptions,
): Promise<ComparedPath[]> {
  const pinned = pinAll(pair.map((server) => server.process.pid));
  opts.log(pinned ? 'Both servers on core 0, the load on the others (taskset).' : 'Not pinned to cores (taskset missing, or one core).');
  const out: ComparedPath[] = [];
  for (const benchPath of paths) {
    const rounds: [PathResult[], PathResult[]] = [[], []];
    const runOn = (side: 0 | 1, seconds: number) =>
      load(
        {
          baseUrl: pair[side].baseUrl,
          connections: opts.connections,
          durationSeconds: seconds,
          cpuPids: () => serverCpuPids([pair[side]], serverOpts),
        },
        benchPath,
      );
    for (const side of [0, 1] as const) {
      const problem = await probe({ baseUrl: pair[side].baseUrl }, benchPath);
      if (problem) throw new Error(`${benchPath.label} on ${side ? 'B' : 'A'}: ${problem}`);
      // A second each first: the first requests of a path fill caches and plans.
      await runOn(side, 1);
    }
    for (let round = 0; round < opts.rounds; round++) {
      for (const side of round % 2 ? ([1, 0] as const) : ([0, 1] as const)) rounds[side].push(await runOn(side, opts.secondsPerRound));
    }
    const sides: [Side, Side] = [summarise('A', rounds[0], opts.secondsPerRound), summarise('B', rounds[1], opts.secondsPerRound)];
    const row = { key: benchPath.key, label: benchPath.label, sides };
    opts.log(`  ${formatRow(row)}`);
    out.push(row);
  }
  return out;
}

const round = (n: number) => Math.round(n).toLocaleString('en');
const cpu = (s: Side) => `${round(s.nodeUs)}${s.databaseUs === undefined ? '' : ` + ${round(s.databaseUs)}`}`;

function formatRow({ label, sides: [a, b] }: ComparedPath): string {
  const ratio = a.nodeUs > 0 ? ` (B/A ${(b.nodeUs / a.nodeUs).toFixed(3)})` : '';
  return `${label}: A ${round(a.requestsPerSecond)} req/s, ${cpu(a)} µs; B ${round(b.requestsPerSecond)} req/s, ${cpu(b)} µs${ratio}`;
}

/** The comparison as a Markdown table, with the two builds named and the Node processes' RSS at the end. */
export function formatComparison(rows: ComparedPath[], names: [string, string], pair: [AppServer, AppServer], opts: CompareOptions): string {
  const lines = [
    `A: ${names[0]}; B: ${names[1]}. ${opts.rounds} rounds of ${opts.secondsPerRound} s a side, ${opts.connections} connections, alternating.`,
    '',
    '| path | A req/s | B req/s | A CPU µs/request (Node + database) | B CPU µs/request | B/A Node CPU | A p50 / p99 ms | B p50 / p99 ms | failed A / B |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const { label, sides: [a, b] } of rows) {
    lines.push(
      `| ${label} | ${round(a.requestsPerSecond)} | ${round(b.requestsPerSecond)} | ${cpu(a)} | ${cpu(b)} | ${a.nodeUs > 0 ? (b.nodeUs / a.nodeUs).toFixed(3) : 'n/a'} | ` +
        `${a.p50Ms.toFixed(1)} / ${a.p99Ms.toFixed(1)} | ${b.p50Ms.toFixed(1)} / ${b.p99Ms.toFixed(1)} | ${a.failed} / ${b.failed} |`,
    );
  }
  const rss = pair.map((s) => rssMb(s.process.pid)?.toFixed(0) ?? '?');
  lines.push('', `Node RSS after the loads: A ${rss[0]} MB, B ${rss[1]} MB`);
  return lines.join('\n');
}
