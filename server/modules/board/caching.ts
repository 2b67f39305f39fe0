import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { ApiError } from '../../errors';
import type { SiteSettings } from '../site-setting/service';
import { BoardCache } from './cache';
import { CacheBus } from './cache-bus';
import { ViewCounter } from './view-counter';

/**
 * Longest life of a cached guest answer. Writes through the API invalidate at once; this bounds
 * what changes without them: board settings edited in the database (no admin console yet),
 * download counts, a retired member's name on their posts.
 */
export const CACHE_MAX_AGE_MS = 10_000;

/** The read-side caching of the boards: guest answers, their invalidation, buffered view counts. */
export interface BoardCaching {
  cache: BoardCache;
  bus: CacheBus;
  views: ViewCounter;
  /** After a write: invalidates the boards here at once, then on every instance. */
  changed(boards: Iterable<string>): Promise<void>;
  /**
   * Runs a write to `boardCode` and then invalidates that board (and any other `boardsOf` names
   * in the result). A refused write (ApiError) changed nothing; any other failure may have
   * committed before it failed, so it invalidates too.
   */
  afterWrite<T>(boardCode: string, write: () => Promise<T>, boardsOf?: (result: T) => string[]): Promise<T>;
  /** Opens the LISTEN connection and starts the view flushes (the app's onReady). */
  start(): Promise<void>;
  /** Writes the buffered views and closes the LISTEN connection (the app's onClose). */
  close(): Promise<void>;
}

export function createBoardCaching(
  db: Db,
  config: Pick<Config, 'cacheMaxBytes' | 'viewFlushMs'>,
  settings: SiteSettings,
  log: FastifyBaseLogger,
): BoardCaching {
  const cache = new BoardCache({ maxBytes: config.cacheMaxBytes, maxAgeMs: CACHE_MAX_AGE_MS });
  const bus = new CacheBus(db, cache, log);
  const views = new ViewCounter(db, { flushMs: config.viewFlushMs, log, onFlushed: (boards) => bus.changed(boards) });
  // Answers were made for the guest role of the settings they were read under.
  settings.onChange(() => cache.invalidateAll());
  return {
    cache,
    bus,
    views,
    changed: (boards) => bus.changed(boards),
    async afterWrite(boardCode, write, boardsOf) {
      let result;
      try {
        result = await write();
      } catch (err) {
        if (!(err instanceof ApiError)) await bus.changed([boardCode]);
        throw err;
      }
      await bus.changed([boardCode, ...(boardsOf?.(result) ?? [])]);
      return result;
    },
    async start() {
      await bus.start();
      views.start();
    },
    async close() {
      // Views first: their flush publishes invalidations, which needs the database still open.
      await views.close();
      await bus.close();
    },
  };
}
