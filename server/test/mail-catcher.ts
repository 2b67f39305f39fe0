import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * A local catcher for what the server sends people: an SMTP server for e-mail (what nodemailer
 * delivers to `SMTP_URL`) and an HTTP endpoint for the SMS webhook (`SMS_WEBHOOK_URL`, POST
 * JSON `{ to, text }`). API tests use it in-process; the browser tests run it as a separate
 * process (scripts/mail-catcher.ts) and read the messages over HTTP: `GET /messages?to=<address>`.
 * Nothing here leaves 127.0.0.1.
 */
export interface CaughtMessage {
  channel: 'EMAIL' | 'SMS';
  /** Envelope sender (e-mail only). */
  from: string;
  to: string;
  subject: string;
  text: string;
  /** The message as received: the MIME source of an e-mail, the JSON body of an SMS. */
  raw: string;
  receivedAt: number;
}

export interface MailCatcher {
  readonly smtpPort: number;
  readonly httpPort: number;
  /** Everything received, oldest first. */
  readonly messages: CaughtMessage[];
  /** The status the SMS webhook answers (tests set 500 to simulate a failing provider). */
  smsStatus: number;
  close(): Promise<void>;
}

/** Decodes RFC 2047 encoded words (=?UTF-8?B?...?= and =?UTF-8?Q?...?=) in a header value. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_m, enc: string, text: string) =>
      enc.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9a-f]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8'),
    );
}

/** The subject and plain-text body of a single-part message as nodemailer writes it. */
export function parseMail(raw: string): { subject: string; text: string } {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = head!.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/);
  const header = (name: string) => headers.find((h) => h.toLowerCase().startsWith(`${name}:`))?.slice(name.length + 1).trim() ?? '';
  const encoding = header('content-transfer-encoding').toLowerCase();
  const payload = rest.join('\n\n');
  const text =
    encoding === 'base64'
      ? Buffer.from(payload.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? Buffer.from(payload.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_x, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8')
        : payload;
  return { subject: decodeWords(header('subject')), text };
}

/** The 6-digit code in a pincode e-mail ("인증번호: 123456") or SMS ("인증번호 123456"). */
export function pincodeIn(message: Pick<CaughtMessage, 'text'>): string | undefined {
  return /인증번호:? (\d{6})/.exec(message.text)?.[1];
}

function listen(server: { listen(port: number, host: string, cb: () => void): unknown }, port: number, address: () => AddressInfo): Promise<number> {
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(address().port)));
}

/** Starts the catcher on the given ports (0: any free port). */
export async function startMailCatcher(ports: { smtpPort?: number; httpPort?: number } = {}): Promise<MailCatcher> {
  const messages: CaughtMessage[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (raw += chunk));
      stream.on('end', () => {
        const { subject, text } = parseMail(raw);
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        for (const rcpt of session.envelope.rcptTo) {
          messages.push({ channel: 'EMAIL', from, to: rcpt.address, subject, text, raw, receivedAt: Date.now() });
        }
        callback();
      });
    },
  });

  const catcher: MailCatcher = {
    smtpPort: 0,
    httpPort: 0,
    messages,
    smsStatus: 200,
    close: () =>
      Promise.all([new Promise<void>((resolve) => smtp.close(() => resolve())), new Promise<void>((resolve) => web.close(() => resolve()))]).then(() => undefined),
  };

  const web = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => {
      if (req.method === 'POST' && url.pathname === '/sms') {
        if (catcher.smsStatus < 300 && req.headers['content-type']?.startsWith('application/json')) {
          const sms = JSON.parse(raw) as { to: string; text: string };
          messages.push({ channel: 'SMS', from: '', to: sms.to, subject: '', text: sms.text, raw, receivedAt: Date.now() });
        }
        res.statusCode = catcher.smsStatus;
        res.end();
        return;
      }
      if (req.method === 'GET' && url.pathname === '/messages') {
        const to = url.searchParams.get('to')?.toLowerCase();
        res.setHeader('content-type', 'application/json; charset=utf-8');
        res.end(JSON.stringify(to ? messages.filter((m) => m.to.toLowerCase() === to) : messages));
        return;
      }
      if (req.method === 'GET' && url.pathname === '/health') {
        res.end('ok');
        return;
      }
      res.statusCode = 404;
      res.end();
    });
  });

  const smtpPort = await listen(smtp, ports.smtpPort ?? 0, () => smtp.server.address() as AddressInfo);
  const httpPort = await listen(web, ports.httpPort ?? 0, () => web.address() as AddressInfo);
  return Object.assign(catcher, { smtpPort, httpPort });
}
