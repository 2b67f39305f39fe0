import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { outbox } from '../../db/schema';
import { MAX_ATTEMPTS } from './service';
import { lastMessage } from '../../test/accounts';
import { body, createTestApp, data, TestClock, type TestApp } from '../../test/harness';
import { pincodeIn, startMailCatcher, type MailCatcher } from '../../test/mail-catcher';

/**
 * Real transports: nodemailer to a local SMTP server, and the SMS webhook to a local HTTP server
 * (server/test/mail-catcher.ts); the development transport and the production warning through
 * the server log.
 */
let catcher: MailCatcher;
let t: TestApp;
const clock = new TestClock(new Date('2026-11-23T01:00:00Z'));
const mails = () => catcher.messages.filter((m) => m.channel === 'EMAIL');
const texts = () => catcher.messages.filter((m) => m.channel === 'SMS');

beforeAll(async () => {
  catcher = await startMailCatcher();
  t = await createTestApp({
    clock,
    env: {
      SMTP_URL: `smtp://127.0.0.1:${catcher.smtpPort}`,
      MAIL_FROM: '"인체이식형 의료기기 환자등록사업" <no-reply@registry.example>',
      SMS_WEBHOOK_URL: `http://127.0.0.1:${catcher.httpPort}/sms`,
    },
  });
});

afterAll(async () => {
  await t?.close();
  await catcher?.close();
});

describe('e-mail through SMTP (nodemailer)', () => {
  it('delivers the pincode mail with its Korean subject and the code, and the code confirms', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/user-key/check', payload: { userKeyType: 'EMAIL', userKeyCode: 'smtp-user@example.com' } });
    const { userKeyToken } = data<{ userKeyToken: string }>(res);
    expect(mails()).toHaveLength(1);
    const mail = mails()[0]!;
    expect(mail.to).toBe('smtp-user@example.com');
    expect(mail.from).toBe('no-reply@registry.example');
    const { subject, text } = mail;
    expect(subject).toBe('[인체이식형 의료기기 환자등록사업] 인증번호 안내');
    const pincode = /인증번호: (\d{6})/.exec(text)?.[1];
    expect(pincodeIn(mail)).toBe(pincode);
    expect(pincode).toMatch(/^\d{6}$/);
    expect(text).toContain('5분 안에 입력해주세요');

    const recorded = await lastMessage(t, 'smtp-user@example.com');
    expect(recorded).toMatchObject({ transport: 'smtp', channel: 'EMAIL', failedAt: null });
    expect(recorded.sentAt).not.toBeNull();
    // The audit record of a real send keeps no usable pincode.
    expect(recorded.body).not.toContain(pincode);
    expect(recorded.body).toContain('인증번호: ******');
    const confirmed = await t.app.inject({ method: 'POST', url: '/api/user-key/confirm', payload: { userKeyToken, pincode } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  });
});

describe('SMS through the webhook adapter', () => {
  it('POSTs JSON { to, text } with the code', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/user-key/check', payload: { userKeyType: 'MOBILE', userKeyCode: '010-8000-0001' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(texts()).toHaveLength(1);
    const sms = texts()[0]!;
    expect(sms.to).toBe('010-8000-0001');
    expect(sms.text).toMatch(/인증번호 \d{6}/);
    const pincode = /인증번호 (\d{6})/.exec(sms.text)![1]!;
    expect(pincodeIn(sms)).toBe(pincode);
    expect(await lastMessage(t, '010-8000-0001')).toMatchObject({
      transport: 'webhook',
      channel: 'SMS',
      body: sms.text.replace(pincode, '******'),
    });
  });

  it('a failed send: "인증번호 발송에 실패했습니다.", recorded as failed, and the person may retry at once', async () => {
    catcher.smsStatus = 500;
    const send = () => t.app.inject({ method: 'POST', url: '/api/user-key/check', payload: { userKeyType: 'MOBILE', userKeyCode: '010-8000-0002' } });
    try {
      const res = await send();
      expect(res.statusCode).toBe(502);
      expect(body(res)).toEqual({ code: 'INTERNAL_ERROR', message: '인증번호 발송에 실패했습니다.', requestId: res.headers['x-request-id'] });
      const [row] = await t.db.select().from(outbox).where(eq(outbox.recipient, '010-8000-0002'));
      expect(row!.failedAt).not.toBeNull();
      expect(row!.error).toContain('500');
    } finally {
      catcher.smsStatus = 200;
    }
    expect((await send()).statusCode).toBe(200);
  });
});

/** A logger writing JSON lines to an array. */
function captureLog() {
  const lines: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line) as { level: number; msg: string });
      cb();
    },
  });
  return { lines, logger: { level: 'info', stream } };
}

describe('development transport', () => {
  it('keeps the message in the outbox and prints the code to the server log', async () => {
    const { lines, logger } = captureLog();
    const dev = await buildApp({ db: t.db, config: { ...t.config, smtpUrl: undefined, smsWebhookUrl: undefined }, keys: t.keys, clock }, { logger });
    try {
      const res = await dev.inject({ method: 'POST', url: '/api/user-key/check', payload: { userKeyType: 'EMAIL', userKeyCode: 'newcomer@example.com' } });
      expect(res.statusCode).toBe(200);
      const recorded = await lastMessage(t, 'newcomer@example.com');
      expect(recorded.transport).toBe('dev');
      const pincode = /인증번호: (\d{6})/.exec(recorded.body)![1]!;
      const printed = lines.find((l) => l.msg.includes('newcomer@example.com'));
      expect(printed?.level).toBe(40);
      expect(printed!.msg).toContain(pincode);
      expect(lines.some((l) => l.msg.includes('SMTP_URL is not set'))).toBe(false);
    } finally {
      await dev.close();
    }
  });

  it('a production start without SMTP_URL or SMS_WEBHOOK_URL logs a loud warning', async () => {
    const { lines, logger } = captureLog();
    const prod = await buildApp({ db: t.db, config: { ...t.config, production: true, smtpUrl: undefined, smsWebhookUrl: undefined }, keys: t.keys }, { logger });
    await prod.close();
    const loud = lines.filter((l) => l.level >= 50).map((l) => l.msg);
    expect(loud.some((m) => m.includes('SMTP_URL is not set in production'))).toBe(true);
    expect(loud.some((m) => m.includes('SMS_WEBHOOK_URL is not set in production'))).toBe(true);

    const configured = captureLog();
    const ok = await buildApp({ db: t.db, config: { ...t.config, production: true }, keys: t.keys }, { logger: configured.logger });
    await ok.close();
    expect(configured.lines.filter((l) => l.level >= 50)).toEqual([]);
  });
});


describe('sending again (housekeeping, once across instances)', () => {
  const MINUTE = 60_000;
  const row = async (recipient: string) => (await t.db.select().from(outbox).where(eq(outbox.recipient, recipient)))[0]!;

  it('an SMS that failed is sent again after a few minutes; a pincode message never is', async () => {
    catcher.smsStatus = 500;
    try {
      await expect(t.app.deps.delivery.sendSms('010-8100-0001', '[등록사업] 문의에 답변이 등록되었습니다.')).rejects.toThrow();
      await expect(t.app.deps.delivery.sendSms('010-8100-0002', '[등록사업] 인증번호: 123456', '123456')).rejects.toThrow();
    } finally {
      catcher.smsStatus = 200;
    }
    expect(await row('010-8100-0001')).toMatchObject({ retriable: true, attempts: 1, sentAt: null });
    expect(await row('010-8100-0002')).toMatchObject({ retriable: false, attempts: 1, sentAt: null });
    const before = texts().length;

    // Not at once: the message may still be on its way from the instance that wrote it.
    expect(await t.app.deps.delivery.retryUnsent()).toEqual({ sent: 0, failed: 0 });
    clock.advance(6 * MINUTE);
    expect(await t.app.deps.delivery.retryUnsent()).toEqual({ sent: 1, failed: 0 });
    expect(texts().slice(before).map((m) => [m.to, m.text])).toEqual([['010-8100-0001', '[등록사업] 문의에 답변이 등록되었습니다.']]);
    expect(await row('010-8100-0001')).toMatchObject({ attempts: 2, sentAt: clock.now() });
    expect(await row('010-8100-0002')).toMatchObject({ attempts: 1, sentAt: null });
    expect(await t.app.deps.delivery.retryUnsent()).toEqual({ sent: 0, failed: 0 });
  });

  it('an e-mail whose instance stopped before sending it is sent by the next run', async () => {
    // Written and never finished: no sent_at, no failed_at (the process died mid-send).
    await t.db.insert(outbox).values({
      channel: 'EMAIL', transport: 'smtp', recipient: 'answer-waiting@example.com', subject: '[등록사업] 문의 답변',
      body: '문의하신 내용에 답변드립니다.', createdAt: new Date(clock.now().getTime() - 10 * MINUTE), retriable: true,
    });
    expect(await t.app.deps.delivery.unsentCount()).toBeGreaterThanOrEqual(1);
    expect(await t.app.deps.delivery.retryUnsent()).toEqual({ sent: 1, failed: 0 });
    expect(mails().at(-1)).toMatchObject({ to: 'answer-waiting@example.com', subject: '[등록사업] 문의 답변' });
    expect(mails().at(-1)!.text).toContain('문의하신 내용에 답변드립니다.');
    expect(await row('answer-waiting@example.com')).toMatchObject({ attempts: 2, failedAt: null });
    expect(await t.app.deps.delivery.unsentCount()).toBe(0);
  });

  it('a message written more than a day ago is not sent any more', async () => {
    await t.db.insert(outbox).values({
      channel: 'EMAIL', transport: 'smtp', recipient: 'too-late@example.com', subject: '[등록사업] 문의 답변',
      body: '하루가 지난 답변', createdAt: new Date(clock.now().getTime() - 25 * 60 * MINUTE), retriable: true,
    });
    const before = mails().length;
    expect(await t.app.deps.delivery.retryUnsent()).toEqual({ sent: 0, failed: 0 });
    expect(mails().length).toBe(before);
    expect(await row('too-late@example.com')).toMatchObject({ attempts: 1, sentAt: null });
  });

  it(`stops after ${MAX_ATTEMPTS} sends`, async () => {
    catcher.smsStatus = 500;
    try {
      await expect(t.app.deps.delivery.sendSms('010-8100-0003', '[등록사업] 답변 안내')).rejects.toThrow();
      const outcomes = [];
      for (let i = 0; i < MAX_ATTEMPTS + 2; i++) {
        clock.advance(6 * MINUTE);
        outcomes.push(await t.app.deps.delivery.retryUnsent());
      }
      // Four more tries fail, then none are made.
      expect(outcomes.map((o) => o.failed)).toEqual([1, 1, 1, 1, 0, 0, 0]);
    } finally {
      catcher.smsStatus = 200;
    }
    expect(await row('010-8100-0003')).toMatchObject({ attempts: MAX_ATTEMPTS, sentAt: null });
    expect(await t.app.deps.delivery.retryUnsent()).toEqual({ sent: 0, failed: 0 });
  });
});
