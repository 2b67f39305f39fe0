import { and, asc, count, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { outbox } from '../../db/schema';
import { addMs, MINUTE_MS, type Clock } from '../../lib/clock';
import {
  devMailTransport, devSmsTransport, smtpTransport, webhookSmsTransport, type MailTransport, type SmsTransport,
} from './transports';

/** Sends of one message at most (the first and four retries, an hour or so apart). */
export const MAX_ATTEMPTS = 5;
/** Older messages are not sent any more: an answer a day late is better written again by staff. */
const RETRY_WITHIN_MS = 24 * 60 * MINUTE_MS;
/** A message younger than this may still be on its way from the instance that wrote it. */
export const RETRY_AFTER_MS = 5 * MINUTE_MS;
const RETRY_BATCH = 50;

export class DeliveryError extends Error {
  override name = 'DeliveryError';
}

/**
 * Sends e-mail and SMS and records every message in the outbox table (audit, and the development
 * transport's mailbox). Background jobs (`queue`) are awaited on close and by tests (`idle`).
 */
export class Delivery {
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
    readonly mail: MailTransport,
    readonly sms: SmsTransport,
  ) {}

  /**
   * `secret` (a pincode) is kept out of the outbox record when a real transport carries the
   * message: pincodes are stored only as hashes. The development transport's record keeps it,
   * since the outbox is then the only mailbox.
   */
  sendEmail(to: string, subject: string, text: string, secret?: string): Promise<void> {
    const body = this.recorded(this.mail.name, text, secret);
    const retriable = !secret && this.mail.name !== 'dev';
    return this.record({ channel: 'EMAIL', transport: this.mail.name, recipient: to, subject, body, retriable }, () =>
      this.mail.send({ to, subject, text }),
    );
  }

  sendSms(to: string, text: string, secret?: string): Promise<void> {
    const body = this.recorded(this.sms.name, text, secret);
    const retriable = !secret && this.sms.name !== 'dev';
    return this.record({ channel: 'SMS', transport: this.sms.name, recipient: to, subject: null, body, retriable }, () =>
      this.sms.send({ to, text }),
    );
  }

  private recorded(transport: string, text: string, secret: string | undefined): string {
    return secret && transport !== 'dev' ? text.replaceAll(secret, '*'.repeat(secret.length)) : text;
  }

  private async record(row: Omit<typeof outbox.$inferInsert, 'createdAt'>, send: () => Promise<void>): Promise<void> {
    const [entry] = await this.db.insert(outbox).values({ ...row, createdAt: this.clock.now() }).returning({ id: outbox.id });
    const error = await this.attempt(entry!.id, send);
    if (error !== null) {
      this.log.error({ channel: row.channel, transport: row.transport, err: error }, 'message delivery failed');
      throw new DeliveryError(error);
    }
  }

  /** Sends once and writes the outcome on the message's outbox row; answers the error, or null when sent. */
  private async attempt(id: number, send: () => Promise<void>, attempts?: number): Promise<string | null> {
    try {
      await send();
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      await this.db.update(outbox).set({ failedAt: this.clock.now(), error: error.slice(0, 500), attempts }).where(eq(outbox.id, id));
      return error;
    }
    await this.db.update(outbox).set({ sentAt: this.clock.now(), attempts }).where(eq(outbox.id, id));
    return null;
  }

  /**
   * Messages still to send again: with their whole body (`retriable`), unsent, under MAX_ATTEMPTS
   * sends, written within a day, on a channel whose transport is real here (one written under SMTP
   * stays waiting, not "sent" to the log, while this instance has only the development transport).
   */
  private unsent(now: Date) {
    const channels = [...(this.mail.name !== 'dev' ? ['EMAIL' as const] : []), ...(this.sms.name !== 'dev' ? ['SMS' as const] : [])];
    return and(
      isNull(outbox.sentAt),
      eq(outbox.retriable, true),
      lt(outbox.attempts, MAX_ATTEMPTS),
      gt(outbox.createdAt, addMs(now, -RETRY_WITHIN_MS)),
      channels.length > 0 ? inArray(outbox.channel, channels) : sql`false`,
    );
  }

  /**
   * Sends again what failed or never finished (its instance stopped mid-send), oldest first, a few
   * at a time, not before RETRY_AFTER_MS since it was written (one in flight is not "unsent").
   * Run once across instances by housekeeping.
   */
  async retryUnsent(): Promise<{ sent: number; failed: number }> {
    const now = this.clock.now();
    const due = await this.db
      .select()
      .from(outbox)
      .where(and(this.unsent(now), lt(outbox.createdAt, addMs(now, -RETRY_AFTER_MS))))
      .orderBy(asc(outbox.createdAt))
      .limit(RETRY_BATCH);
    let sent = 0;
    for (const m of due) {
      const send = m.channel === 'EMAIL'
        ? () => this.mail.send({ to: m.recipient, subject: m.subject ?? '', text: m.body })
        : () => this.sms.send({ to: m.recipient, text: m.body });
      if ((await this.attempt(m.id, send, m.attempts + 1)) === null) sent++;
    }
    return { sent, failed: due.length - sent };
  }

  /** Messages of the whole site still to send again (`background_queue_depth{queue="outbox"}`). */
  async unsentCount(): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(outbox).where(this.unsent(this.clock.now()));
    return row?.n ?? 0;
  }

  /** Runs `job` after the response (a reset mail must not change how long the request takes). */
  queue(job: () => Promise<void>): void {
    const run = job()
      .catch((err: unknown) => this.log.error({ err }, 'queued delivery failed'))
      .finally(() => this.pending.delete(run));
    this.pending.add(run);
  }

  /** Jobs queued and not finished yet (the delivery queue's depth in /metrics). */
  get queued(): number {
    return this.pending.size;
  }

  /** Resolves when every queued job has finished. */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  async close(): Promise<void> {
    await this.idle();
    this.mail.close();
  }
}

/** Housekeeping: messages recorded before `cutoff` (each names its recipient: personal data); answers how many went. */
export async function deleteMessagesBefore(db: Db, cutoff: Date): Promise<number> {
  const gone = await db.delete(outbox).where(lt(outbox.createdAt, cutoff)).returning({ id: outbox.id });
  return gone.length;
}

/** A retiring member's traces (user/my-page.ts): every message sent to one of these addresses. */
export async function deleteMessagesTo(db: Db, recipients: string[]): Promise<void> {
  if (recipients.length > 0) await db.delete(outbox).where(inArray(outbox.recipient, recipients));
}

/** SMTP and the SMS webhook when configured, otherwise the development outbox; production warns loudly. */
export function createDelivery(
  db: Db,
  clock: Clock,
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'smsWebhookUrl' | 'production'>,
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
): Delivery {
  const devLog = (line: string) => log.warn(line);
  const mail = config.smtpUrl ? smtpTransport(config.smtpUrl, config.mailFrom) : devMailTransport(devLog);
  const sms = config.smsWebhookUrl ? webhookSmsTransport(config.smsWebhookUrl) : devSmsTransport(devLog);
  if (config.production && !config.smtpUrl) {
    log.error(
      '!!! SMTP_URL is not set in production: pincode e-mails are NOT sent, only written to the outbox table and this log. Members cannot sign up or reset passwords. Set SMTP_URL and MAIL_FROM. !!!',
    );
  }
  if (config.production && !config.smsWebhookUrl) {
    log.error(
      '!!! SMS_WEBHOOK_URL is not set in production: pincode SMS are NOT sent, only written to the outbox table and this log. Mobile sign-up (authType MobileAndPassword) cannot work. !!!',
    );
  }
  return new Delivery(db, clock, log, mail, sms);
}
