import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openTestDatabase, usingServer, type TestDatabase } from './test/harness';
import { TEST_ADMIN_PASSWORD } from './test/global-setup';

/**
 * A smoke run of `npm run bench` (scripts/bench.mjs) on a small board: it seeds, starts the real
 * server and the ceiling, loads every path and prints its table. Only that it runs and reports
 * is checked here; its timings are the bench's business (docs/performance.md), never a test's.
 */
const root = path.resolve(import.meta.dirname, '..');
// As root the embedded cluster runs as `postgres`, which must be able to enter the data directory.
const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'nids-bench-test-'));
fs.chmodSync(parent, 0o711);
const dataDir = path.join(parent, 'data');
const jsonFile = path.join(parent, 'results.json');
let database: TestDatabase | undefined;

afterAll(async () => {
  await database?.dispose();
  fs.rmSync(parent, { recursive: true, force: true });
});

function runBench(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['scripts/bench.mjs', ...args], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

/** The Markdown table's row for a path label: its cells, trimmed. */
function row(output: string, label: string): string[] {
  const line = output.split('\n').find((l) => l.startsWith(`| ${label}`));
  expect(line, `no table row for "${label}" in:\n${output}`).toBeDefined();
  return line!.split('|').slice(1, -1).map((c) => c.trim());
}

const labels = [
  'ceiling (minimal Fastify route)',
  'home lists (notice + public)',
  'list page 1',
  'list page 30',
  'post view (newest 100)',
  'post view (any post)',
  'home page HTML',
  'list page 1 HTML',
  'post page HTML (newest 100)',
  'post page HTML (newest 100, a new visitor each)',
  'post page HTML (any post)',
  'privacy policy (content)',
  'privacy policy page HTML',
  'header menu',
  'title search 환자 (2 syllables)',
  'title search 심 (1 syllable)',
  'site search 환자 (2 syllables)',
  'sign-in',
];

describe('npm run bench', () => {
  it('seeds a small board, loads every path next to the ceiling and prints the table, memory and start time', async () => {
    // On a PostgreSQL server the bench gets a throwaway database (seeded by the test template,
    // so with its administrator password); otherwise its own embedded cluster in dataDir.
    let env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: '' };
    let adminPassword = 'bench-smoke-password';
    if (usingServer()) {
      database = await openTestDatabase();
      env = { ...env, DATABASE_URL: database.url };
      adminPassword = TEST_ADMIN_PASSWORD;
    }
    // A short warm-up: the unmeasured load before each path runs, and its failures would count.
    const args = ['--posts', '300', '--duration', '1', '--warmup', '0.2', '--connections', '2', '--data-dir', dataDir, '--json', jsonFile, '--admin-password', adminPassword];
    const { code, output } = await runBench(args, env);
    expect(code, output).toBe(0);
    // What the seed wrote is written out before the load, not during its first paths (session 33).
    expect(output).toContain('CHECKPOINT: what the seed or the fold wrote is on disk before the load.');

    // 300 posts at the notice board's 10 a page: the deep-page path asks for the last page, 30
    // (a few of the posts are notices, pinned apart, so it may be 29 or 30 pages).
    const pages = [...output.matchAll(/^\| list page (\d+) \|/gm)].map((m) => Number(m[1]));
    const deepPage = Math.max(...pages);
    expect(deepPage).toBeGreaterThanOrEqual(29);
    for (const label of labels.map((l) => (l === 'list page 30' ? `list page ${deepPage}` : l))) {
      const [, rps, p50, p99, ratio, , , problems, cpu, generator] = row(output, label);
      expect(Number(rps!.replace(/,/g, '')), `${label} req/s`).toBeGreaterThan(0);
      expect(Number(p50!.replace(/,/g, '')), `${label} p50`).toBeGreaterThanOrEqual(0);
      expect(Number(p99!.replace(/,/g, '')), `${label} p99`).toBeGreaterThanOrEqual(Number(p50!.replace(/,/g, '')));
      expect(Number(ratio), `${label} ratio`).toBeGreaterThan(0);
      expect(problems, `${label} non-2xx / errors`).toBe('0');
      // The bench's own CPU while it loaded the path, as a share of a core (over 0.9: marked bound).
      const share = /^(\d+\.\d{2})( \(bound\))?$/.exec(generator!);
      expect(share, `${label} load generator share: ${generator}`).not.toBeNull();
      expect(Number(share![1]), `${label} load generator share`).toBeGreaterThan(0);
      // Marked from the share before it was rounded: 0.899 shows as 0.90 unmarked.
      if (share![2] !== undefined) expect(Number(share![1]), `${label} marked bound`).toBeGreaterThanOrEqual(0.9);
      else expect(Number(share![1]), `${label} not marked bound`).toBeLessThanOrEqual(0.9);
      // The server's CPU time per request; the ceiling's is its own process's, with no database.
      const [node, database] = cpu!.split(' + ');
      expect(Number(node!.replace(/,/g, '')), `${label} Node CPU µs per request`).toBeGreaterThan(0);
      if (label.startsWith('ceiling')) expect(database, label).toBe('0');
      // A PostgreSQL server on another machine: its processes cannot be read here.
      else if (database !== 'not measured') expect(Number(database!.replace(/,/g, '')), `${label} database CPU µs per request`).toBeGreaterThanOrEqual(0);
    }
    expect(output).toMatch(/^memory \(PSS after the load, its last requests answered\): all server processes \d+ MB/m);
    expect(output).toMatch(/^ {2}at the load's last moment, its last requests still being answered: \d+ MB$/m);
    expect(output).toMatch(/^server start on the existing data directory: answered in [\d.]+ s/m);
    // The server runs compiled, as `npm start` runs it; its RSS once it answered and after the load.
    expect(output).toContain('Starting the server (compiled)...');
    expect(output).toMatch(/^Node server \(compiled\) RSS: \d+ MB after start, \d+ MB after the load$/m);
    expect(output).toMatch(/^machine: \d+ cores/m);
    // The ceiling is read before the paths and after them; the table's row and every share are of the higher.
    const readings = /^ceiling readings: ([\d,]+) req\/s before the paths, ([\d,]+) after them; the shares \(x ceiling\) are of the higher, ([\d,]+)$/m.exec(output);
    expect(readings, 'ceiling readings line').not.toBeNull();
    const [before, after, higher] = readings!.slice(1).map((n) => Number(n.replace(/,/g, '')));
    expect(higher).toBe(Math.max(before!, after!));
    expect(Number(row(output, 'ceiling (minimal Fastify route)')[1]!.replace(/,/g, ''))).toBe(higher);
    expect(output).toContain('Counts through the API match the 300 posts written.');
    expect(output).toMatch(/^board notice: 300 posts .*2 connections, 1 s a path after 0\.2 s unmeasured;/m);

    const json = JSON.parse(fs.readFileSync(jsonFile, 'utf8')) as {
      paths: { non2xx: number; errors: number; cpuUsPerRequest?: { node: number; database?: number } }[];
      cpuPids: { node: number[]; database?: number[] };
      memory: { totalMb: number };
      memoryAtEnd: { totalMb: number };
      ceiling: { requestsPerSecond: number };
      ceilingReadings: { requestsPerSecond: number }[];
    };
    expect(json.ceilingReadings).toHaveLength(2);
    expect(json.ceiling.requestsPerSecond).toBe(Math.max(...json.ceilingReadings.map((c) => c.requestsPerSecond)));
    expect(json.paths).toHaveLength(labels.length - 1);
    expect(json.paths.every((p) => p.non2xx === 0 && p.errors === 0)).toBe(true);
    // Some path reads the database under load (any post's view misses the cache): its CPU is
    // counted, and not again as Node's (the embedded cluster is the Node server's child).
    const databaseCpu = json.paths.map((p) => p.cpuUsPerRequest!.database);
    if (!usingServer() || databaseCpu.some((us) => us !== undefined)) expect(databaseCpu.some((us) => us! > 0)).toBe(true);
    expect(json.cpuPids.node.filter((pid) => json.cpuPids.database?.includes(pid))).toEqual([]);
    expect(json.memory.totalMb).toBeGreaterThan(0);
    expect(json.memoryAtEnd.totalMb).toBeGreaterThan(0);
  }, 150_000);
});
