import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '@server/config';
import { serverCpuPids, startAppServers, serverMemory, verifyTotals, type AppServerOptions } from './app-server';
import { cleanUp, cleanUpOnSignals, interrupted } from './cleanup';
import { checkOtherBuild, comparePaths, formatComparison, startPair } from './compare';
import { load, probe, type BenchPath, type LoadOptions, type PathResult } from './load';
import { startNginxFront, type NginxFront } from './front';
import type { Site } from './http';
import { describeMachine } from './machine';
import { parseOptions, usage, type BenchOptions } from './options';
import { CEILING_PATH, serverPaths } from './paths';
import { freePort, startNode, waitForHttp } from './processes';
import { rssMb } from './memory';
import { formatCeilingReadings, formatMachine, formatMemory, formatStart, formatStarts, formatTable, generatorBoundLines, highestCeiling, problemLines, targets, type Results, type StartRun } from './report';
import { seedBenchBoard } from './seed';

/** How long after the load the target's memory is read: the requests it left are answered by then. */
const MEMORY_SETTLE_MS = 1000;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const log = (line: string) => console.log(line);
const DEEP_PAGE = 5000;

/** The URL without its password, for printing. */
function redact(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}

async function measurePath(opts: LoadOptions, benchPath: BenchPath): Promise<PathResult> {
  const problem = await probe(opts, benchPath);
  if (problem) {
    log(`  ${benchPath.label}: the first request failed: ${problem}`);
  }
  const result = await load(opts, benchPath);
  log(
    `  ${benchPath.label}: ${Math.round(result.requestsPerSecond).toLocaleString('en')} req/s, p50 ${result.p50Ms.toFixed(2)} ms, p99 ${result.p99Ms.toFixed(2)} ms, ${(result.bytesPerResponse / 1024).toFixed(1)} KB a response` +
      // Only where it happened: most paths read nothing from disk.
      ((result.diskReadMbPerSecond ?? 0) >= 0.1 ? `, ${result.diskReadMbPerSecond!.toFixed(1)} MB/s read from disk` : '') +
      (result.non2xx || result.errors ? `, ${result.non2xx} non-2xx, ${result.errors} errors` : ''),
  );
  return result;
}

/** How each path is warmed, for the lines that say how it was loaded. */
const warmupText = (opts: BenchOptions) => (opts.warmupSeconds > 0 ? ` after ${opts.warmupSeconds} s unmeasured` : ', measured from its first request');

async function runCeiling(opts: BenchOptions): Promise<PathResult> {
  const port = await freePort();
  const ceiling = startNode('the ceiling (scripts/bench-ceiling.mjs)', ['scripts/bench-ceiling.mjs'], {
    cwd: root,
    env: { ...process.env, PORT: String(port) },
  });
  try {
    const baseUrl = `http://127.0.0.1:${port}`;
    await waitForHttp(ceiling, `${baseUrl}/ceiling`, 30_000);
    // Its own CPU is read too: where the load generator is not what bound it, its server was (report.ts formatCeilingReadings).
    const cpuPids = async () => ({ node: [ceiling.pid], database: [] });
    return await measurePath({ baseUrl, connections: opts.connections, durationSeconds: opts.durationSeconds, warmupSeconds: opts.warmupSeconds, cpuPids }, CEILING_PATH);
  } finally {
    await ceiling.stop();
  }
}

/**
 * `--starts N`: the compiled server and the tsx one started N times each, alternately (so a busy
 * moment of the machine hits both alike), each stopped once it answers and its RSS is read.
 */
async function compareStarts(serverOpts: Omit<AppServerOptions, 'server'>, count: number): Promise<StartRun[]> {
  const runs: StartRun[] = [];
  for (let i = 0; i < count; i += 1) {
    for (const server of i % 2 ? (['compiled', 'tsx'] as const) : (['tsx', 'compiled'] as const)) {
      const [started] = await startAppServers({ ...serverOpts, server }, 1);
      await started!.process.stop();
      runs.push({ server, startMs: started!.startMs, rssMb: started!.rssAfterStartMb });
      log(`  ${server}: answered in ${(started!.startMs / 1000).toFixed(2)} s, RSS ${started!.rssAfterStartMb?.toFixed(0) ?? '?'} MB`);
    }
  }
  return runs;
}

/** `--compare DIR` (compare.ts): this tree's server and DIR's, each path loaded on them in turn. */
async function compareBuilds(
  opts: BenchOptions,
  dir: string,
  serverOpts: AppServerOptions,
  seeded: Awaited<ReturnType<typeof seedBenchBoard>>,
  loadAverage: number,
): Promise<boolean> {
  const otherRoot = checkOtherBuild(dir);
  const names: [string, string] = [describeBuild(root), describeBuild(otherRoot)];
  log(`Starting A (${names[0]}) and B (${names[1]})...`);
  const pair = await startPair(serverOpts, otherRoot);
  const compareOpts = { rounds: opts.rounds, secondsPerRound: opts.durationSeconds, connections: opts.connections, log };
  let table: string;
  try {
    const all = serverPaths({ boardCode: opts.boardCode, deepPage: DEEP_PAGE, firstItemNo: seeded.firstItemNo, lastItemNo: seeded.lastItemNo });
    const unknown = opts.paths!.filter((key) => !all.some((p) => p.key === key));
    if (unknown.length) throw new Error(`--paths: no path ${unknown.join(', ')} (there are ${all.map((p) => p.key).join(', ')})`);
    const rows = await comparePaths(pair, serverOpts, all.filter((p) => opts.paths!.includes(p.key)), compareOpts);
    table = formatComparison(rows, names, pair, compareOpts);
  } finally {
    await Promise.all(pair.map((s) => s.process.stop()));
  }
  log('');
  log(formatMachine(describeMachine(seeded.postgresVersion, 'PostgreSQL server (DATABASE_URL)', loadAverage)));
  log(`load average ${os.loadavg()[0]!.toFixed(2)} at the end`);
  log('');
  log(table);
  return true;
}

/** A build by its checkout's commit (and whether its sources differ from it), else its directory. */
function describeBuild(dir: string): string {
  const git = (...args: string[]) => spawnSync('git', ['-C', dir, ...args], { encoding: 'utf8' });
  const head = git('log', '-1', '--format=%h %s');
  if (head.status !== 0) return dir;
  const changed = git('status', '--porcelain', '--untracked-files=no').stdout.trim() !== '';
  return `${dir} at ${head.stdout.trim().slice(0, 60)}${changed ? ' (with uncommitted changes)' : ''}`;
}

async function run(opts: BenchOptions): Promise<boolean> {
  const loadAverage = os.loadavg()[0]!;
  const config = loadConfig({ ...process.env, DATA_DIR: opts.dataDir });
  const where = config.databaseUrl ? `the PostgreSQL server at ${redact(config.databaseUrl)}` : `the embedded database in ${config.dataDir}`;
  const front = opts.nginx ? `${opts.instances} server process${opts.instances > 1 ? 'es' : ''} behind nginx (HTTPS)` : 'one server process, direct';
  log(
    `Bench on ${where}, ${front}: board ${opts.boardCode}, ${opts.posts.toLocaleString('en')} posts, ` +
      `${opts.connections} connections, ${opts.durationSeconds} s a path${warmupText(opts)}.`,
  );

  const seeded = await seedBenchBoard({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    boardCode: opts.boardCode,
    posts: opts.posts,
    reseed: opts.reseed,
    adminId: config.adminId,
    adminPassword: opts.adminPassword,
    log,
  });
  log(`Board ready in ${seeded.seedSeconds.toFixed(1)} s: items ${seeded.firstItemNo}-${seeded.lastItemNo}, ${seeded.notices} notices.`);

  const serverOpts: AppServerOptions = {
    root,
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    adminId: config.adminId,
    adminPassword: opts.adminPassword,
    behindProxy: opts.nginx,
    server: opts.server,
  };
  if (opts.starts > 0) {
    log(`Starting the tsx and the compiled server ${opts.starts} times each, alternately (no load):`);
    const runs = await compareStarts(serverOpts, opts.starts);
    log('');
    log(formatMachine(describeMachine(seeded.postgresVersion, config.databaseUrl ? 'PostgreSQL server (DATABASE_URL)' : 'embedded default', loadAverage)));
    log(`load average ${os.loadavg()[0]!.toFixed(2)} at the end`);
    log('');
    log(formatStarts(runs));
    if (opts.json) {
      fs.mkdirSync(path.dirname(opts.json), { recursive: true });
      fs.writeFileSync(opts.json, `${JSON.stringify({ options: { ...opts, adminPassword: undefined }, starts: runs }, null, 2)}\n`);
    }
    return true;
  }
  if (opts.compare) return compareBuilds(opts, opts.compare, serverOpts, seeded, loadAverage);
  log(opts.instances > 1 ? `Starting ${opts.instances} servers (${opts.server}) at once...` : `Starting the server (${opts.server})...`);
  const servers = await startAppServers(serverOpts, opts.instances);
  const startMs = Math.max(...servers.map((s) => s.startMs));
  log(`The server${servers.length > 1 ? 's' : ''} answered ${(startMs / 1000).toFixed(2)} s after ${servers.length > 1 ? 'they were' : 'it was'} started.`);
  let results: Results;
  let nginx: NginxFront | undefined;
  try {
    let site: Site = { baseUrl: servers[0]!.baseUrl };
    if (opts.nginx) {
      nginx = await startNginxFront(root, servers);
      site = { baseUrl: nginx.nginx.httpsUrl, ca: nginx.nginx.ca };
      log(`nginx (deploy/nginx/nids.conf) at ${site.baseUrl} in front of ${servers.map((s) => s.baseUrl).join(', ')}; the ceiling stays direct.`);
    }
    const { totalPages } = await verifyTotals(site, opts.boardCode, seeded.posts, seeded.notices);
    log(`Counts through the API match the ${seeded.posts.toLocaleString('en')} posts written.`);

    log('Load (autocannon):');
    const ceilingBefore = await runCeiling(opts);
    const cpuPids = () => serverCpuPids(servers, serverOpts);
    const loadOpts: LoadOptions = { ...site, connections: opts.connections, durationSeconds: opts.durationSeconds, warmupSeconds: opts.warmupSeconds, cpuPids };
    const paths: PathResult[] = [];
    const all = serverPaths({
      boardCode: opts.boardCode,
      deepPage: Math.max(1, Math.min(DEEP_PAGE, totalPages)),
      firstItemNo: seeded.firstItemNo,
      lastItemNo: seeded.lastItemNo,
    });
    const unknown = opts.paths?.filter((key) => !all.some((p) => p.key === key)) ?? [];
    if (unknown.length) throw new Error(`--paths: no path ${unknown.join(', ')} (there are ${all.map((p) => p.key).join(', ')})`);
    for (const benchPath of all.filter((p) => !opts.paths || opts.paths.includes(p.key))) {
      paths.push(await measurePath(loadOpts, benchPath));
    }
    const front = nginx ? { label: 'nginx', pids: [nginx.nginx.pid] } : undefined;
    // Read twice. At the load's last moment the server is still answering what the load left in it
    // (16 sign-ins: two hashing with 19 MiB each, the rest queued), which it gives back within
    // 200 ms (session 30: RSS 216-250 MB under sign-ins, 208 before and from 0.2 s after). The
    // target is read once those are answered; the first reading is printed beside it.
    const memoryAtEnd = await serverMemory(servers, serverOpts, front);
    await new Promise((resolve) => setTimeout(resolve, MEMORY_SETTLE_MS));
    const memory = await serverMemory(servers, serverOpts, front);
    const nodeRss = { afterStartMb: servers[0]!.rssAfterStartMb, afterLoadMb: rssMb(servers[0]!.process.pid) };
    // The ceiling again, in a new process, once memory is read: see report.ts highestCeiling.
    const ceilingReadings = [ceilingBefore, await runCeiling(opts)] as const;
    results = { paths, ceiling: highestCeiling(ceilingReadings), ceilingReadings, memory, memoryAtEnd, startMs, server: opts.server, nodeRss, cpuPids: await cpuPids() };
  } finally {
    await nginx?.stop();
    await Promise.all(servers.map((s) => s.process.stop()));
  }

  const database = config.databaseUrl ? 'PostgreSQL server (DATABASE_URL)' : 'embedded default';
  const machine = describeMachine(seeded.postgresVersion, opts.nginx ? `${database}; ${front}` : database, loadAverage);
  log('');
  log(formatMachine(machine));
  log(
    `board ${opts.boardCode}: ${seeded.posts.toLocaleString('en')} posts (${seeded.notices} notices), ${seeded.reused ? 'reused' : 'seeded'}; ` +
      `${opts.connections} connections, ${opts.durationSeconds} s a path${warmupText(opts)}; titles containing ${Object.entries(seeded.titleMatches)
        .map(([keyword, n]) => `${keyword}: ${n.toLocaleString('en')}`)
        .join(', ')}`,
  );
  log('');
  log(formatTable(results));
  log(formatCeilingReadings(results));
  log('');
  log(formatMemory(results));
  log(formatStart(results));
  const bound = generatorBoundLines(results);
  if (bound.length > 0) {
    log('');
    log(`BOUND BY THE LOAD GENERATOR (their req/s is its limit, not the server's):\n  ${bound.join('\n  ')}`);
  }
  const problems = problemLines(results);
  if (problems.length > 0) {
    log('');
    log(`PATHS WITH ERRORS (their figures are not the path's):\n  ${problems.join('\n  ')}`);
  }

  if (opts.json) {
    const json = {
      machine,
      options: { ...opts, adminPassword: undefined },
      board: seeded,
      startMs: results.startMs,
      server: results.server,
      nodeRss: results.nodeRss,
      ceiling: results.ceiling,
      ceilingReadings: results.ceilingReadings,
      paths: results.paths,
      memory: results.memory,
      memoryAtEnd: results.memoryAtEnd,
      cpuPids: results.cpuPids,
      targets: targets.map((t) => ({ key: t.key, target: t.text, met: t.check(results) ?? null })),
    };
    fs.mkdirSync(path.dirname(opts.json), { recursive: true });
    fs.writeFileSync(opts.json, `${JSON.stringify(json, null, 2)}\n`);
    log(`Results written to ${opts.json}`);
  }
  return problems.length === 0;
}

async function main(): Promise<number> {
  let opts: BenchOptions | undefined;
  try {
    opts = parseOptions(process.argv.slice(2));
  } catch (err) {
    console.error(`${err instanceof Error ? err.message : err}\n\n${usage}`);
    return 2;
  }
  if (!opts) {
    console.log(usage);
    return 0;
  }
  cleanUpOnSignals();
  try {
    return (await run(opts)) ? 0 : 1;
  } catch (err) {
    if (interrupted.aborted) return 130;
    console.error(`\nbench failed: ${err instanceof Error ? err.message : err}`);
    if (err instanceof Error && err.stack && process.env.BENCH_DEBUG) console.error(err.stack);
    return 1;
  } finally {
    await cleanUp();
  }
}

process.exit(await main());
