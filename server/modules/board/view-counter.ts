import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { RecentKeys } from '../../lib/recent-keys';
import { withTransaction } from '../../db/transaction';
import { storeViews } from './repo';

/** One visitor's first view of a post on a day (Korean calendar date, YYYY-MM-DD). */
export interface View {
  itemId: number;
  /** The post's board, whose answers a flush that stores the view invalidates. */
  boardCode: string;
  visitor: string;
  day: string;
}

/**
 * A post as its answer counts its views: its id and board (a View's), and the stored count the
 * answer was read with.
 */
export interface CountedPost {
  id: number;
  boardCode: string;
  viewCount: number;
}

export interface ViewCounterOptions {
  /** Time between two flushes (VIEW_FLUSH_SECONDS). */
  flushMs: number;
  /** Called right after a flush with the boards whose counts changed (to invalidate their answers). */
  onFlushed: (boards: string[]) => void | Promise<void>;
  log: Pick<FastifyBaseLogger, 'error'>;
  /** Views remembered (post, visitor and day), so that a repeat view costs nothing (lib/recent-keys.ts). */
  maxSeen?: number;
  /**
   * Views waiting that start a flush at once (50,000 by default): a bound on memory (about 150
   * bytes a view) and on one statement, not the flush's clock. Each flush invalidates its boards'
   * answers, so the newest pages are made again after it: flushed every 5,000 views, a load of
   * 10,000 new visitors a second remade them twice a second (issue 24: 10-40 % of that load's
   * throughput); flushed by the timer, every VIEW_FLUSH_SECONDS whatever the load.
   */
  maxPending?: number;
}

/**
 * Counts post views once per visitor a day without writing on every view (issue 8). A view is
 * kept in memory and written every few seconds, all together, in one statement: the rows go into
 * board_item_view, whose primary key still dedupes a visitor seen by several instances, and each
 * post's tally grows by the rows that were new (the post's own row is not written: view-fold.ts).
 * Until then the answer shows the stored count plus the views waiting here, so a visitor sees
 * their own view at once. Clean shutdown flushes; a crash loses at most one interval's views.
 */
export class ViewCounter {
  private pending: View[] = [];
  /** Views per post that are waiting or being written: added to the stored count in answers. */
  private readonly counts = new Map<number, number>();
  /** `day|item|visitor` of views already taken, the newest 50,000-100,000 by default. */
  private readonly seen: RecentKeys;
  private chain: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;
  private readonly maxPending: number;

  constructor(
    private readonly db: Db,
    private readonly opts: ViewCounterOptions,
  ) {
    this.seen = new RecentKeys(opts.maxSeen ?? 100_000);
    this.maxPending = opts.maxPending ?? 50_000;
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.flush(), this.opts.flushMs);
    this.timer.unref();
  }

  /**
   * Takes a view; a visitor already seen today on this post (by this instance) is not taken again.
   * One evicted from memory or seen by another instance is taken, and the database's primary key
   * drops it at flush time.
   */
  record(view: View): void {
    if (!this.seen.firstTime(seenKey(view))) return;
    this.pending.push(view);
    this.counts.set(view.itemId, (this.counts.get(view.itemId) ?? 0) + 1);
    // Once, as the bound is reached: views put back by a failed flush stay above it until the
    // timer's next try, and a flush a view would queue without end while the database is away.
    if (this.pending.length === this.maxPending) void this.flush();
  }

  /** Views of this post not yet in its stored count. */
  unflushed(itemId: number): number {
    return this.counts.get(itemId) ?? 0;
  }

  /** Writes every view taken so far; resolves once they are stored (or logged as failed). */
  flush(): Promise<void> {
    this.chain = this.chain.then(() => this.flushOnce());
    return this.chain;
  }

  /** Stops the timer and writes what is left (the app's onClose). */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
    if (this.pending.length > 0) {
      // One more try: the first failure may have been a deadlock with another instance's flush.
      await this.flush();
      if (this.pending.length > 0) this.opts.log.error({ views: this.pending.length }, 'views could not be stored at shutdown');
    }
  }

  private async flushOnce(): Promise<void> {
    if (this.pending.length === 0) return;
    const batch = this.pending;
    this.pending = [];
    let boards: string[];
    try {
      boards = await storeInParts(this.db, batch);
    } catch (err) {
      // Nothing is lost: the views go back in front and the next flush tries again.
      this.pending = batch.concat(this.pending);
      this.opts.log.error({ err, views: batch.length }, 'storing views failed; will retry');
      return;
    }
    // The stored counts now include the batch: stop adding it, and invalidate in the same tick.
    for (const view of batch) {
      const left = (this.counts.get(view.itemId) ?? 1) - 1;
      if (left > 0) this.counts.set(view.itemId, left);
      else this.counts.delete(view.itemId);
    }
    try {
      await this.opts.onFlushed(boards);
    } catch (err) {
      this.opts.log.error({ err }, 'invalidating after storing views failed');
    }
  }
}

/**
 * `day|item|visitor` as one flat string. A template literal makes a rope of pieces that holds the
 * visitor's key too (about 250 bytes a view remembered, measured); the seen set holds up to
 * 100,000, so under new visitors the ropes were about 20 MB of the heap (issue 24's memory
 * target), where a joined string is about 80 bytes with its slot in the set.
 */
export function seenKey(view: View): string {
  return [view.day, view.itemId, view.visitor].join('|');
}

/**
 * Views one statement stores at most. A flush by the timer under a heavy load holds tens of
 * thousands; a statement of 48,000 left its backend process holding about 40 MB it had used,
 * where 5,000 left about 9 (the allocator keeps what a statement freed), and every connection of
 * the pool came to run one (issue 24: the bench's memory target).
 */
export const VIEWS_A_STATEMENT = 5_000;

/**
 * Stores a flush's views, VIEWS_A_STATEMENT a statement, in one transaction: the counts they add
 * are seen all at once, so the flush still invalidates once, right after (ViewCounter.flushOnce).
 * The parts go in post order across the whole transaction, as each statement goes within itself:
 * the tallies it locks are locked in id order, so two instances' flushes wait for each other
 * instead of deadlocking, and a post's tally is rewritten once (twice where a part ends inside
 * its views), not once a part.
 */
async function storeInParts(db: Db, views: View[]): Promise<string[]> {
  if (views.length <= VIEWS_A_STATEMENT) return storeViews(db, views);
  const ordered = inPostOrder(views);
  return withTransaction(db, async (tx) => {
    const boards = new Set<string>();
    for (let i = 0; i < ordered.length; i += VIEWS_A_STATEMENT) {
      for (const board of await storeViews(tx, ordered.slice(i, i + VIEWS_A_STATEMENT))) boards.add(board);
    }
    return [...boards];
  });
}

/** The views by post id, ascending, each post's in the order taken: grouped, only the ids sorted. */
function inPostOrder(views: readonly View[]): View[] {
  const byPost = new Map<number, View[]>();
  for (const view of views) {
    const list = byPost.get(view.itemId);
    if (list) list.push(view);
    else byPost.set(view.itemId, [view]);
  }
  return [...byPost.keys()].sort((a, b) => a - b).flatMap((id) => byPost.get(id)!);
}
