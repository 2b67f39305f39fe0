import autocannon, { type Instance, type RequestSpec, type Result } from 'autocannon';
import { createRequire } from 'node:module';
import { onCleanup } from './cleanup';
import { send, type Site } from './http';
import { cpuMicroseconds, cpuSpent, diskReadKb } from './memory';

/** One line of the table: a path as a browser (or the ceiling) calls it. */
export interface BenchPath {
  key: string;
  label: string;
  /** What one request does, for the docs and the --json file. */
  description: string;
  /** Requests each connection sends in turn (two for the home page's two lists). */
  requests: RequestSpec[];
}

export interface PathResult {
  key: string;
  label: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  /** A few connection error messages, when there were any. */
  errorSamples: string[];
  /**
   * CPU time per request during the load (µs): the Node servers' processes, and the database's
   * (the embedded cluster, or this database's backends on a server on this machine). A machine
   * whose speed changes by the hour moves req/s and the ceiling; CPU per request moves far less, so
   * it compares runs of different days (docs/performance.md, session 20). For the ceiling, its own
   * server's (and no database).
   */
  cpuUsPerRequest?: { node: number; database: number | undefined };
  /**
   * The bench's own CPU time during the load (autocannon runs in this process) as a share of one
   * core's time: near 1, the load generator and not the server set the path's req/s (session 30:
   * it decoded every response body and bounded the kept pages at 0.96 of a core).
   */
  loadGeneratorShare?: number;
  /**
   * Bytes read a response, headers included (autocannon's count of the measured run): what a path
   * costs the wire, which the compression a path chose decides (decision 0050: a post's page made
   * for one request goes larger, for less CPU).
   */
  bytesPerResponse: number;
  /**
   * What the machine read from its disks a second during the measured load (/proc/vmstat, every
   * process's reads, not only the server's); undefined where that cannot be read. Well above
   * nothing, the database did not stay in the memory the machine keeps for files, and the path
   * measured the disk too: session 40's machine dropped file pages untouched for about a minute
   * (the kernel's DAMON reclaim), so 1.4-4.4 GB of a million posts' 5 GB stayed in memory and any
   * post's reads went to disk at 13-36 MB/s, where the run at 100,000 posts read 0.1 MB/s at most.
   */
  diskReadMbPerSecond?: number;
}

/** At or above this share of a core the load generator, not the server, is what a path measured. */
export const GENERATOR_BOUND_SHARE = 0.9;

/** The processes whose CPU time is read around a load (app-server.ts serverCpuPids), asked before and after it. */
export type CpuPids = () => Promise<{ node: number[]; database: number[] | undefined }>;

/** autocannon itself does not check certificates: `ca` is for the probe. */
export interface LoadOptions extends Site {
  connections: number;
  durationSeconds: number;
  /**
   * Seconds of the same load before the measured one, none of it in the figures but its errors
   * (runLoad). A path is then measured as a running site serves it: a new server's first seconds of
   * a path that reads the database cost the database 2.4 times its steady state (new connections'
   * first touches of the shared buffers, session 31), and V8 compiles a path's code as it meets it.
   * None (0 or unset) for --compare, whose servers are warmed by the rounds before.
   */
  warmupSeconds?: number;
  /** Whose CPU time to read before and after the load. */
  cpuPids?: CpuPids;
}

/** Sends each request once first, so a broken path fails with its answer in view. */
export async function probe(site: Site, path: BenchPath): Promise<string | undefined> {
  for (const spec of path.requests) {
    const request = spec.setupRequest ? spec.setupRequest({ ...spec }, {}) : spec;
    const res = await send(site, request.path ?? '/', {
      method: request.method ?? 'GET',
      headers: request.headers,
      body: request.body,
    });
    if (!res.ok) return `${request.method ?? 'GET'} ${request.path} answered ${res.status}: ${res.text.slice(0, 300)}`;
  }
  return undefined;
}

/** Response times in ms, in a growing typed array (a 10-s ceiling run records about a million). */
class Latencies {
  private values = new Float64Array(1 << 16);
  private length = 0;

  push(ms: number): void {
    if (this.length === this.values.length) {
      const bigger = new Float64Array(this.values.length * 2);
      bigger.set(this.values);
      this.values = bigger;
    }
    this.values[this.length++] = ms;
  }

  /** Nearest-rank percentile; 0 when nothing was recorded. */
  percentile(p: number): number {
    if (this.length === 0) return 0;
    const sorted = this.values.subarray(0, this.length).sort();
    return sorted[Math.min(this.length - 1, Math.ceil((p / 100) * this.length) - 1)]!;
  }
}

/**
 * autocannon (9.0) appends each response's body to a string (`req.body += chunk`,
 * lib/pipelinedRequestsQueue.js) for `onResponse` callbacks, which the bench does not use: a
 * UTF-8 decode of every body, brotli bytes that are mostly not UTF-8 at that. On a page of 8.5 KB
 * it was 57 % of the load generator's CPU, and the load generator, not the server, bounded the
 * kept pages (the server's main thread idle 55 % of a list page's run: docs/performance.md,
 * session 30). The body is dropped as it arrives; its bytes are still counted (addByteCount).
 * A path that needs the bodies fails here rather than getting empty ones.
 */
function dropResponseBodies(path: BenchPath): void {
  if (path.requests.some((spec) => 'onResponse' in spec)) {
    throw new Error('a bench path reads response bodies (onResponse), which load.ts drops');
  }
  const queue = createRequire(import.meta.url)('autocannon/lib/pipelinedRequestsQueue.js') as { prototype: Record<string, unknown> };
  if (typeof queue.prototype.addBody !== 'function') {
    throw new Error("autocannon's pipelinedRequestsQueue has no addBody: see load.ts dropResponseBodies for what it replaced");
  }
  queue.prototype.addBody = () => {};
}

/**
 * One autocannon run of the path: `connections` keep-alive connections for `seconds`, each answer's
 * time given to `onResponse`, the first distinct request errors kept in `errorSamples`.
 */
async function runLoad(opts: LoadOptions, path: BenchPath, seconds: number, errorSamples: string[], onResponse?: (ms: number) => void): Promise<Result> {
  let instance: Instance | undefined;
  // Ctrl-C in the middle of a run stops the load before the servers are stopped.
  const unregister = onCleanup(() => instance?.stop());
  return new Promise<Result>((resolve, reject) => {
    instance = autocannon(
      {
        url: opts.baseUrl,
        connections: opts.connections,
        duration: seconds,
        timeout: 10,
        requests: path.requests,
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    if (onResponse) instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => onResponse(responseTime));
    instance.on('reqError', (err: Error) => {
      if (errorSamples.length < 3 && !errorSamples.includes(err.message)) errorSamples.push(err.message);
    });
  }).finally(unregister);
}

/**
 * Runs autocannon on one path: `warmupSeconds` unmeasured, then `connections` keep-alive
 * connections for `durationSeconds`, measured.
 */
export async function load(opts: LoadOptions, path: BenchPath): Promise<PathResult> {
  dropResponseBodies(path);
  const errorSamples: string[] = [];
  // Its answers and CPU are not the path's figures; its failures are (every non-2xx is counted).
  const warmup = opts.warmupSeconds ? await runLoad(opts, path, opts.warmupSeconds, errorSamples) : undefined;
  // autocannon's own histogram keeps whole milliseconds; its response events carry the exact time.
  const latencies = new Latencies();
  const cpuRead = async () => {
    const pids = await opts.cpuPids!();
    return { node: cpuMicroseconds(pids.node), database: pids.database && cpuMicroseconds(pids.database) };
  };
  const cpuBefore = opts.cpuPids && (await cpuRead());
  const ownBefore = process.cpuUsage();
  const diskBefore = diskReadKb();
  const startedAt = performance.now();
  const result = await runLoad(opts, path, opts.durationSeconds, errorSamples, (ms) => latencies.push(ms));
  const own = process.cpuUsage(ownBefore);
  const elapsedMs = Math.max(1, performance.now() - startedAt);
  const loadGeneratorShare = (own.user + own.system) / 1000 / elapsedMs;
  const diskAfter = diskReadKb();
  const diskReadMbPerSecond = diskBefore !== undefined && diskAfter !== undefined ? (diskAfter - diskBefore) / 1024 / (elapsedMs / 1000) : undefined;
  const cpuAfter = cpuBefore && (await cpuRead());
  const perRequest = (before: Map<number, number>, after: Map<number, number>) => cpuSpent(before, after) / Math.max(1, result.requests.total);
  const cpuUsPerRequest =
    cpuBefore && cpuAfter
      ? {
          node: perRequest(cpuBefore.node, cpuAfter.node),
          // Not measured when the database's processes are not readable here (another machine).
          database: cpuBefore.database && cpuAfter.database ? perRequest(cpuBefore.database, cpuAfter.database) : undefined,
        }
      : undefined;
  const statusCodes: Record<string, number> = {};
  for (const run of warmup ? [warmup, result] : [result]) {
    for (const [code, { count }] of Object.entries(run.statusCodeStats)) statusCodes[code] = (statusCodes[code] ?? 0) + Number(count);
  }
  return {
    key: path.key,
    label: path.label,
    requestsPerSecond: result.requests.average,
    p50Ms: latencies.percentile(50),
    p99Ms: latencies.percentile(99),
    requests: result.requests.total,
    non2xx: result.non2xx + (warmup?.non2xx ?? 0),
    errors: result.errors + (warmup?.errors ?? 0),
    timeouts: result.timeouts + (warmup?.timeouts ?? 0),
    statusCodes,
    errorSamples,
    cpuUsPerRequest,
    loadGeneratorShare,
    bytesPerResponse: result.requests.total > 0 ? result.throughput.total / result.requests.total : 0,
    diskReadMbPerSecond,
  };
}
