import type { Transporter } from 'nodemailer';

export interface MailTransport {
  readonly name: 'smtp' | 'dev';
  send(message: { to: string; subject: string; text: string }): Promise<void>;
  close(): void;
}

export interface SmsTransport {
  readonly name: 'webhook' | 'dev';
  send(message: { to: string; text: string }): Promise<void>;
}

/**
 * E-mail through the SMTP server at `smtpUrl` (nodemailer). nodemailer is loaded with the first
 * message: most instances start, serve and stop without sending any.
 */
export function smtpTransport(smtpUrl: string, from: string): MailTransport {
  let transporter: Promise<Transporter> | null = null;
  const open = () =>
    (transporter ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        url: smtpUrl,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      }),
    ));
  return {
    name: 'smtp',
    async send({ to, subject, text }) {
      await (await open()).sendMail({ from, to, subject, text });
    },
    // Nothing to close when nodemailer was never loaded (or could not be: send already said so).
    close: () => void transporter?.then((opened) => opened.close(), () => {}),
  };
}

/** SMS through a provider's HTTP endpoint: POST JSON `{ to, text }`; any 2xx is success. */
export function webhookSmsTransport(url: string, fetchImpl: typeof fetch = fetch): SmsTransport {
  return {
    name: 'webhook',
    async send({ to, text }) {
      const res = await fetchImpl(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8' },
        body: JSON.stringify({ to, text }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`SMS webhook answered ${res.status}`);
    },
  };
}

/** Development: nothing leaves the machine; the message stays in the outbox table and the log. */
export function devMailTransport(log: (line: string) => void): MailTransport {
  return {
    name: 'dev',
    async send({ to, subject, text }) {
      log(`[개발용 메일: SMTP_URL 미설정] 받는 사람 ${to}\n제목: ${subject}\n${text}`);
    },
    close: () => {},
  };
}

export function devSmsTransport(log: (line: string) => void): SmsTransport {
  return {
    name: 'dev',
    async send({ to, text }) {
      log(`[개발용 문자: SMS_WEBHOOK_URL 미설정] 받는 사람 ${to}: ${text}`);
    },
  };
}
