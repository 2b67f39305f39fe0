import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { ApiError } from '../../errors';
import type { SiteSettings } from '@server/modules/site-setting';
import { BoardCache } from './cache';
import { CacheBus } from './cache-bus';
import { ViewCounter } from './view-counter';

/**
 * Longest life of a cached guest answer. Writes through the API (posts, the console's board and
 * site settings) invalidate at once; this bounds what changes without them: rows edited straight
 * in the database, download counts, a retired member's name on their posts.
 */
export const CACHE_MAX_AGE_MS = 10_000;

/**
 * The cache name of `GET /api/board` (every board, for the menu): not a board code (codes are
 * letters and digits), so the console invalidates it beside the board it changed.
 */
export const BOARD_MENU_CACHE = '*menu';

/** The read-side caching of the boards: guest answers, their invalidation, buffered view counts. */
export interface BoardCaching {
  cache: BoardCache;
  bus: CacheBus;
  views: ViewCounter;
  /** After a write: invalidates the boards here at once, then on every instance. */
  changed(boards: Iterable<string>): Promise<void>;
  /**
   * After a site-setting change: drops the settings and every answer here at once, then on every
   * instance (their settings caches too), so the next request anywhere reads the new settings.
   */
  settingsChanged(): Promise<void>;
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

/** `clock` is the app's (AppDeps): the answers' age is measured on it, as the view-count day is (guest-reads.ts). */
export function createBoardCaching(
  db: Db,
  config: Pick<Config, 'cacheMaxBytes' | 'viewFlushMs'>,
  settings: SiteSettings,
  log: FastifyBaseLogger,
  clock: Clock,
): BoardCaching {
  const cache = new BoardCache({ maxBytes: config.cacheMaxBytes, maxAgeMs: CACHE_MAX_AGE_MS, now: () => clock.now().getTime() });
  const bus = new CacheBus(db, cache, log);
  const views = new ViewCounter(db, { flushMs: config.viewFlushMs, log, onFlushed: (boards) => bus.changed(boards) });
  // Answers were made for the guest role of the settings they were read under.
  settings.onChange(() => cache.invalidateAll());
  bus.onEverything(() => settings.invalidate());
  return {
    cache,
    bus,
    views,
    changed: (boards) => bus.changed(boards),
    settingsChanged() {
      settings.invalidate();
      return bus.everythingChanged();
    },
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
