import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { VisitorKeys } from '@server/modules/visitor-key';
import { listBoardsForMenu } from '@server/modules/board';
import { kstDate, kstHour } from '../../lib/time';
import { storeVisits, type VisitRow } from './repo';
import { referrerHost, screenOf, type ScreenVisit } from '@contract/visit-screens';
import { classifyAgent, type AgentClass } from './user-agent';
import { inSlices } from '../../lib/slices';

/** A page load or an in-app navigation, as taken on the reader's path: nothing computed yet. */
export interface Hit {
  at: Date;
  address: string;
  userAgent: string | undefined;
  path: string;
  referrer: string | undefined;
  /** The request's Host header: a referrer from it is this site. */
  host: string | undefined;
  /**
   * Set once the page sent for the hit was made from the post its address names, as a guest reads
   * it (server/web.ts, seo/page-head.ts): the post is there, and the flush need not look it up.
   */
  postShown?: boolean;
}

export interface VisitCounterOptions {
  flushMs: number;
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
  /** More hits than this waiting starts a flush at once. */
  flushAt?: number;
  /** More hits than this waiting (the database out of reach) are dropped, not kept: memory stays bounded. */
  maxPending?: number;
}

const BOARDS_TTL_MS = 60_000;
/**
 * Hits classified between two turns of the event loop: a millisecond or two of a flush at a time.
 * A hit cost about 14 µs when this was set (its visitor's key, the screen, the browser, and the
 * grouping the database does now: decision 0049), so 500 held every request on its way for 7 ms a
 * slice, and a load of new visitors (3,000 a second) saw it in its p99.
 */
const CLASSIFY_SLICE = 100;

/**
 * Visitor statistics (issue 23), counted the way post views are (board/view-counter.ts): a page
 * load or a navigation costs the reader an array push; every few seconds the batch is keyed (the
 * day-salted visitor key, no address kept), classified (screen, post, referring host, device,
 * browser, robot) and written in one statement that groups and upserts them (repo.ts
 * storeVisits), whose primary keys count a visitor once per day and hour across instances. Clean
 * shutdown flushes.
 */
export class VisitCounter {
  private pending: Hit[] = [];
  /** A batch keyed and classified but not yet stored: kept as it is for the next try. */
  private unstored: VisitRow[] | null = null;
  private chain: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;
  private boards: { at: number; byLowerCode: Map<string, string> } | null = null;
  private dropped = 0;
  private readonly flushAt: number;
  private readonly maxPending: number;

  constructor(
    private readonly db: Db,
    private readonly keys: VisitorKeys,
    private readonly opts: VisitCounterOptions,
  ) {
    this.flushAt = opts.flushAt ?? 5_000;
    this.maxPending = opts.maxPending ?? 50_000;
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.flush(), this.opts.flushMs);
    this.timer.unref();
  }

  /** Takes a hit: the reader's whole cost. */
  record(hit: Hit): void {
    if (this.pending.length >= this.maxPending) {
      this.dropped += 1;
      return;
    }
    this.pending.push(hit);
    if (this.pending.length === this.flushAt) void this.flush();
  }

  /** Hits waiting to be written (the metrics' queue depth and tests). */
  get waiting(): number {
    return this.pending.length;
  }

  /** Writes every hit taken so far; resolves once stored (or logged as failed). */
  flush(): Promise<void> {
    this.chain = this.chain.then(() => this.flushOnce());
    return this.chain;
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
    if (this.unstored) await this.flush();
    if (this.unstored) this.opts.log.error({ hits: this.unstored.length }, 'visits could not be stored at shutdown');
  }

  private async flushOnce(): Promise<void> {
    if (this.dropped > 0) {
      this.opts.log.warn({ dropped: this.dropped }, 'visit buffer full: hits dropped');
      this.dropped = 0;
    }
    try {
      if (!this.unstored && this.pending.length > 0) {
        const hits = this.pending;
        this.pending = [];
        try {
          this.unstored = await this.classify(hits);
        } catch (err) {
          this.pending = hits.concat(this.pending).slice(0, this.maxPending);
          throw err;
        }
      }
      if (!this.unstored) return;
      await storeVisits(this.db, this.unstored);
      this.unstored = null;
    } catch (err) {
      // The batch stays (keyed, or as hits if keying failed) and the next flush tries again.
      this.opts.log.error({ err }, 'storing visits failed; will retry');
    }
  }

  private async boardCodes(): Promise<Map<string, string>> {
    const now = Date.now();
    if (!this.boards || now - this.boards.at > BOARDS_TTL_MS) {
      const rows = await listBoardsForMenu(this.db);
      this.boards = { at: now, byLowerCode: new Map(rows.map((r) => [r.boardCode.toLowerCase(), r.boardCode])) };
    }
    return this.boards.byLowerCode;
  }

  /**
   * Keys and classifies a batch, one row a hit; hits of no public screen are left out. Nothing is
   * grouped here: the statement that stores the rows does it (repo.ts storeVisits), off the
   * process that serves the pages.
   *
   * What repeats within a batch is worked out once: a path's screen (a batch holds the same few
   * hundred pages many times over), and a user agent's class with the key of the visitor it came
   * from last (a visitor's pages come with one agent and one address: one hash and one key string
   * for all their rows). The rows live until the batch is stored, past the young generation's
   * collections: a screen or key made again for each hit was copied and promoted with them.
   */
  private async classify(hits: Hit[]): Promise<VisitRow[]> {
    const boards = await this.boardCodes();
    const rows: VisitRow[] = [];
    const screens = new Map<string, ScreenVisit | null>();
    const agents = new Map<string | undefined, AgentSeen>();
    // The visitor keys of each day the batch spans (one, or two across midnight), each with one
    // wait for its salt: the loop below is synchronous (a promise and two awaits a hit cost the
    // flush as much as its keying, and kept what they held past the young generation's collections).
    const keyers = new Map<string, (address: string, userAgent: string | undefined) => string>();
    for (const hit of hits) {
      const day = kstDate(hit.at);
      if (!keyers.has(day)) keyers.set(day, await this.keys.keyerOf(hit.at));
    }
    await inSlices(hits, CLASSIFY_SLICE, (hit) => {
      let screen = screens.get(hit.path);
      if (screen === undefined) {
        screen = screenOf(hit.path, boards) ?? null;
        screens.set(hit.path, screen);
      }
      if (!screen) return;
      const day = kstDate(hit.at);
      let agent = agents.get(hit.userAgent);
      if (agent === undefined) {
        // One literal with every field: spreading classifyAgent's answer into a new object and
        // filling in the rest later cost a new visitor's hit 2-4 µs more (measured in a loop).
        const { bot, device, browser } = classifyAgent(hit.userAgent);
        agent = { bot, device, browser, day, address: hit.address, visitorKey: keyers.get(day)!(hit.address, hit.userAgent) };
        agents.set(hit.userAgent, agent);
      } else if (agent.address !== hit.address || agent.day !== day) {
        agent.visitorKey = keyers.get(day)!(hit.address, hit.userAgent);
        agent.address = hit.address;
        agent.day = day;
      }
      rows.push({
        day,
        hour: kstHour(hit.at),
        visitorKey: agent.visitorKey,
        bot: agent.bot,
        device: agent.device,
        browser: agent.browser,
        screen: screen.screen,
        post: screen.post ?? null,
        postShown: hit.postShown === true,
        referrer: referrerHost(hit.referrer, hit.host) ?? null,
      });
    });
    return rows;
  }
}

/** A user agent as a batch saw it: its class, and the key of the visitor (day and address) it came from last. */
interface AgentSeen extends AgentClass {
  day: string;
  address: string;
  visitorKey: string;
}
