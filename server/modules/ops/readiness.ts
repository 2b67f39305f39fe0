import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { migrationsFolder } from '../../db/client';

export type ReadinessState = { ready: true } | { ready: false; reason: 'draining' | 'database' | 'migrations' };


/** Migrations this build ships: the entries of the journal drizzle-kit writes next to them. */
export function shippedMigrationCount(folder: string = migrationsFolder): number {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
  return journal.entries.length;
}

/**
 * Whether this instance should get traffic: not draining, the database answers within
 * `timeoutMs`, and every migration of this build is applied (an instance of a newer build must
 * not serve an older schema). One small query, its answer kept for `cacheMs` so that a load
 * balancer polling every instance often costs the database next to nothing.
 */
export class Readiness {
  private draining = false;
  private cached: { at: number; state: ReadinessState } | null = null;
  private pending: Promise<ReadinessState> | null = null;

  constructor(
    private readonly pool: pg.Pool,
    private readonly expectedMigrations: number,
    private readonly opts: { timeoutMs: number; cacheMs: number } = { timeoutMs: 2_000, cacheMs: 1_000 },
  ) {}

  /** From now on the instance answers "not ready" (SIGTERM: the load balancer moves traffic away). */
  startDraining(): void {
    this.draining = true;
  }

  get isDraining(): boolean {
    return this.draining;
  }

  async check(now: number = Date.now()): Promise<ReadinessState> {
    if (this.draining) return { ready: false, reason: 'draining' };
    if (this.cached && now - this.cached.at < this.opts.cacheMs) return this.cached.state;
    // Concurrent probes share one query.
    this.pending ??= this.probe().finally(() => (this.pending = null));
    const state = await this.pending;
    this.cached = { at: now, state };
    return state;
  }

  private async probe(): Promise<ReadinessState> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), this.opts.timeoutMs);
    });
    const applied = this.pool
      .query<{ n: number }>('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations')
      .then((result) => result.rows[0]!.n)
      .catch((err: unknown) => err as Error);
    try {
      const outcome = await Promise.race([applied, timeout]);
      if (outcome === 'timeout') return { ready: false, reason: 'database' };
      // 42P01: no migrations table at all, i.e. an unmigrated database.
      if (outcome instanceof Error) return { ready: false, reason: (outcome as { code?: string }).code === '42P01' ? 'migrations' : 'database' };
      return outcome === this.expectedMigrations ? { ready: true } : { ready: false, reason: 'migrations' };
    } finally {
      clearTimeout(timer);
    }
  }
}
