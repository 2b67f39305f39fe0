import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { poolOf, type Db } from '../../db/client';
import type { BoardCache } from './cache';

/** The PostgreSQL channel on which every instance tells the others which boards changed. */
export const CHANNEL = 'board_cache';
/** The message body for "everything changed" (site settings): no board code can be `*`. */
const EVERYTHING = '*';
const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 30_000;

/**
 * Invalidation across instances (issue 8): a write invalidates this instance's answers at once
 * (so the writer's next read sees it), then sends `NOTIFY board_cache, '<instance> <boards>'`
 * after its commit; every instance keeps one LISTEN connection and invalidates what it hears.
 * While that connection is down an instance can miss changes, so it drops everything when it
 * reconnects.
 */
export class CacheBus {
  /** Tells this instance's own notifications apart (it has invalidated already). */
  readonly instanceId = randomBytes(6).toString('base64url');
  private client: pg.Client | null = null;
  private closed = false;
  private retryMs = RECONNECT_MIN_MS;
  private retryTimer: NodeJS.Timeout | null = null;
  private connecting: Promise<void> | null = null;
  private readonly everythingListeners: (() => void)[] = [];

  constructor(
    private readonly db: Db,
    private readonly cache: BoardCache,
    private readonly log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
  ) {}

  /** Invalidates these boards here, then on every other instance. Never throws: the write is done. */
  async changed(boards: Iterable<string>): Promise<void> {
    const list = [...new Set([...boards].map((b) => b.toLowerCase()))];
    if (list.length === 0) return;
    this.cache.invalidate(list);
    await this.publish(list.join(','));
  }

  /**
   * Everything may have changed (the site settings: guest role, sign-in key, profile fields):
   * drops every answer here, then tells every other instance, whose listeners (`onEverything`)
   * drop what they keep besides answers (the settings cache). Never throws.
   */
  async everythingChanged(): Promise<void> {
    this.cache.invalidateAll();
    await this.publish(EVERYTHING);
  }

  /** Runs `listener` when another instance says everything changed. */
  onEverything(listener: () => void): void {
    this.everythingListeners.push(listener);
  }

  private async publish(what: string): Promise<void> {
    try {
      await this.db.execute(sql`SELECT pg_notify(${CHANNEL}, ${`${this.instanceId} ${what}`})`);
    } catch (err) {
      this.log.error({ err }, 'board cache: NOTIFY failed; other instances see the change when their answers expire');
    }
  }

  /**
   * Opens the LISTEN connection with the pool's own settings. The first attempt is awaited (so an
   * instance that answers also hears); if it fails, it keeps retrying in the background.
   */
  async start(): Promise<void> {
    const pool: unknown = poolOf(this.db);
    if (!(pool instanceof pg.Pool)) {
      this.log.warn('board cache: the database is not a pg pool; answers are invalidated in this process only');
      return;
    }
    await this.connect(pool);
  }

  /** The LISTEN connection's backend process id (tests end it to check that it comes back). */
  get listenerPid(): number | null {
    return (this.client as unknown as { processID?: number } | null)?.processID ?? null;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    await this.connecting?.catch(() => undefined);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private connect(pool: pg.Pool): Promise<void> {
    this.connecting = this.open(pool).finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async open(pool: pg.Pool): Promise<void> {
    const client = new pg.Client(pool.options);
    let lost = false;
    const onLost = (err?: Error) => {
      if (lost) return;
      lost = true;
      if (this.client === client) this.client = null;
      client.removeAllListeners('notification');
      void client.end().catch(() => undefined);
      if (this.closed) return;
      this.log.warn({ err }, 'board cache: LISTEN connection lost; reconnecting');
      this.scheduleReconnect(pool);
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', (message) => {
      if (message.channel === CHANNEL) this.receive(message.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (err) {
      onLost(err as Error);
      return;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.retryMs = RECONNECT_MIN_MS;
    // Anything may have changed while no one was listening.
    this.cache.invalidateAll();
  }

  private scheduleReconnect(pool: pg.Pool): void {
    if (this.retryTimer || this.closed) return;
    const wait = this.retryMs;
    this.retryMs = Math.min(this.retryMs * 2, RECONNECT_MAX_MS);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (!this.closed) void this.connect(pool);
    }, wait);
    this.retryTimer.unref();
  }

  private receive(payload: string): void {
    const space = payload.indexOf(' ');
    if (space < 0) return;
    if (payload.slice(0, space) === this.instanceId) return;
    const what = payload.slice(space + 1);
    if (what === EVERYTHING) {
      this.cache.invalidateAll();
      for (const listener of this.everythingListeners) listener();
      return;
    }
    this.cache.invalidate(what.split(','));
  }
}
