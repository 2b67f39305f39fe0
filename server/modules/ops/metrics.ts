import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
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

  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    // Its _count series is the number of requests (no separate counter kept alongside).
    help: 'Time from request to response, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
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
      duration.observe({ method, route, status_code: String(statusCode) }, seconds);
    },
  };
}
