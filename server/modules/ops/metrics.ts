import { collectDefaultMetrics, Gauge, Registry, type Metric } from 'prom-client';
import type pg from 'pg';

/** Route label of requests no route matched (404s, the web app's history fallback). */
export const unmatchedRoute = '(unmatched)';

export interface AppMetrics {
  registry: Registry;
  /** One finished request: `route` is the route pattern (`/api/board-item/:id`), never the raw URL. */
  observe(method: string, route: string, statusCode: number, seconds: number): void;
}

/** Work waiting in each background queue of this instance (or, for a shared job, of the site). */
export type QueueDepths = () => Promise<Record<string, number>>;

/**
 * The Prometheus metrics of one app instance, in a registry of its own (tests build many apps in
 * one process; the global registry would refuse a second registration of the same name).
 * Labels hold route patterns and status codes only: no ids, keys or other personal data.
 */
export function createMetrics(pool: pg.Pool, queueDepths: QueueDepths): AppMetrics {
  const registry = new Registry();
  // Process memory, CPU, handles and event-loop lag (nodejs_eventloop_lag_*).
  collectDefaultMetrics({ register: registry });

  const duration = new RequestDurations(REQUEST_DURATION);
  // The registry asks a metric for name, help, get() and reset() (its typings ask for more).
  registry.registerMetric(duration as unknown as Metric);
  new Gauge({
    name: 'db_pool_connections',
    help: 'PostgreSQL connections of this instance: total open, idle, and requests waiting for one',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });

  new Gauge({
    name: 'background_queue_depth',
    help: 'Background work waiting: e-mails and SMS queued in this instance (delivery), messages of the whole site still to send again (outbox; the same on every instance, do not sum), page loads and navigations not yet written (visits), a housekeeping run due and not yet taken by any instance (housekeeping)',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      const depths = await queueDepths();
      // A queue that could not be read now (the database down) is left out, not shown stale.
      this.reset();
      for (const [queue, depth] of Object.entries(depths)) this.set({ queue }, depth);
    },
  });

  return {
    registry,
    observe(method, route, statusCode, seconds) {
      duration.observe(method, route, statusCode, seconds);
    },
  };
}

/** The request-duration histogram's name, help and buckets (seconds). */
export const REQUEST_DURATION = {
  name: 'http_request_duration_seconds',
  // Its _count series is the number of requests (no separate counter kept alongside).
  help: 'Time from request to response, by method, route pattern and status code',
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
} as const;

/** A line of the exported histogram, as prom-client's registry formats it. */
interface ExportedValue {
  labels: Record<string, string | number>;
  sharedLabels?: Record<string, string>;
  value: number;
  metricName: string;
}

interface Exported {
  name: string;
  help: string;
  type: 'histogram';
  values: ExportedValue[];
  aggregator: 'sum';
}

/** One series of the histogram: a method, route and status code's requests. */
interface Series {
  labels: { method: string; route: string; status_code: string };
  /** Requests by the first bucket whose bound holds them (the last slot: over every bound). */
  counts: Float64Array;
  sum: number;
  count: number;
}

/**
 * The request-duration histogram, as prom-client's Histogram exports it (the same text, tested
 * against it: metrics.test.ts), observed at a map lookup a request. prom-client's `observe` builds
 * a label object, validates and hashes it for every request: 2.3 µs a request in a profile, 4-5 %
 * of a kept answer's whole cost (issue 24, docs/performance.md session 37). Registered in the
 * registry as its own metric: what the registry asks of one is `name`, `help`, `type`,
 * `getForPromString` or `get`, and `reset` (its typings ask for more: `observe` is not prom-client's).
 */
export class RequestDurations {
  readonly name: string;
  readonly help: string;
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private readonly bounds: readonly number[];
  private series = new Map<string, Series>();

  constructor(spec: { name: string; help: string; buckets: readonly number[] }) {
    this.name = spec.name;
    this.help = spec.help;
    this.bounds = spec.buckets;
  }

  observe(method: string, route: string, statusCode: number, seconds: number): void {
    if (!Number.isFinite(seconds)) return;
    const key = `${method} ${statusCode} ${route}`;
    let series = this.series.get(key);
    if (!series) {
      series = { labels: { method, route, status_code: String(statusCode) }, counts: new Float64Array(this.bounds.length + 1), sum: 0, count: 0 };
      this.series.set(key, series);
    }
    let bucket = 0;
    while (bucket < this.bounds.length && seconds > this.bounds[bucket]!) bucket++;
    series.counts[bucket]! += 1;
    series.sum += seconds;
    series.count += 1;
  }

  reset(): void {
    this.series = new Map();
  }

  /**
   * Cumulative buckets, +Inf, sum and count of each series, in prom-client's order and form: what
   * the registry writes the text from. Each series' labels go as `sharedLabels`, one object the
   * registry formats once and keeps (as for prom-client's Histogram), the bound as `labels`.
   */
  getForPromString(): Promise<Exported> {
    const values: ExportedValue[] = [];
    const bucket = `${this.name}_bucket`;
    for (const { labels, counts, sum, count } of this.series.values()) {
      let below = 0;
      this.bounds.forEach((le, i) => {
        below += counts[i]!;
        values.push({ labels: { le }, sharedLabels: labels, value: below, metricName: bucket });
      });
      values.push({ labels: { le: '+Inf' }, sharedLabels: labels, value: count, metricName: bucket });
      values.push({ labels: {}, sharedLabels: labels, value: sum, metricName: `${this.name}_sum` });
      values.push({ labels: {}, sharedLabels: labels, value: count, metricName: `${this.name}_count` });
    }
    return Promise.resolve({ name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator });
  }

  /** The same as objects (the registry's JSON), each line's labels a copy of its own, as prom-client's `get` gives them. */
  async get(): Promise<Exported> {
    const exported = await this.getForPromString();
    exported.values = exported.values.map(({ labels, sharedLabels, ...line }) => ({ ...line, labels: { ...labels, ...sharedLabels } }));
    return exported;
  }
}
