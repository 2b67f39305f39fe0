import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { outbox } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import {
  devMailTransport, devSmsTransport, smtpTransport, webhookSmsTransport, type MailTransport, type SmsTransport,
} from './transports';

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
    return this.record({ channel: 'EMAIL', transport: this.mail.name, recipient: to, subject, body }, () =>
      this.mail.send({ to, subject, text }),
    );
  }

  sendSms(to: string, text: string, secret?: string): Promise<void> {
    const body = this.recorded(this.sms.name, text, secret);
    return this.record({ channel: 'SMS', transport: this.sms.name, recipient: to, subject: null, body }, () =>
      this.sms.send({ to, text }),
    );
  }

  private recorded(transport: string, text: string, secret: string | undefined): string {
    return secret && transport !== 'dev' ? text.replaceAll(secret, '*'.repeat(secret.length)) : text;
  }

  private async record(row: Omit<typeof outbox.$inferInsert, 'createdAt'>, send: () => Promise<void>): Promise<void> {
    const [entry] = await this.db.insert(outbox).values({ ...row, createdAt: this.clock.now() }).returning({ id: outbox.id });
    try {
      await send();
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      this.log.error({ channel: row.channel, transport: row.transport, err: error }, 'message delivery failed');
      await this.db.update(outbox).set({ failedAt: this.clock.now(), error: error.slice(0, 500) }).where(eq(outbox.id, entry!.id));
      throw new DeliveryError(error);
    }
    await this.db.update(outbox).set({ sentAt: this.clock.now() }).where(eq(outbox.id, entry!.id));
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
