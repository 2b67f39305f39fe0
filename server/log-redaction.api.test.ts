import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenPair, UploadUrlResponse } from '@contract';
import { createLogger, loggableUrl } from './logger';
import { signinRequest } from './test/accounts';
import { createTestApp, data, type TestApp } from './test/harness';
import { TEST_ADMIN_PASSWORD } from './test/global-setup';
import { pincodeIn, startMailCatcher, type MailCatcher } from './test/mail-catcher';

/**
 * Issue 10: "no passwords, tokens, pincodes or personal fields in any log line". One member's
 * whole life on the site runs through the server's own logger at its most talkative level, with
 * the real mail transport; then the log is searched for every value the run used.
 */
let t: TestApp;
let catcher: MailCatcher;
let log = '';
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    log += chunk.toString();
    done();
  },
});

const secrets = {
  email: 'log.secret.member@example.com',
  name: '비밀로그',
  mobile: '010-9876-5432',
  password: 'log!secret1pw',
  newPassword: 'log!secret2pw',
  organization: '로그비밀병원',
  inquiryEmail: 'inquirer.secret@example.com',
  inquiryPhone: '010-5555-4444',
  fileName: '비밀로그_진단서.pdf',
};
const used: string[] = Object.values(secrets);

beforeAll(async () => {
  catcher = await startMailCatcher();
  t = await createTestApp({
    env: { SMTP_URL: `smtp://127.0.0.1:${catcher.smtpPort}`, SMS_WEBHOOK_URL: `http://127.0.0.1:${catcher.httpPort}/sms` },
    logger: createLogger('trace', sink),
  });
});

afterAll(async () => {
  await t?.close();
  await catcher?.close();
});

const post = (url: string, payload: object, token?: string) => t.app.inject({ method: 'POST', url, payload, headers: t.auth(token) });

describe('the log of a member, an inquirer and an administrator', () => {
  it('holds none of the passwords, tokens, pincodes and personal fields the run used', async () => {
    // Sign-up with an e-mail pincode (SMTP), then sign in, refresh, change the password.
    const pending = data<{ userKeyToken: string }>(await post('/api/user-key/check', { userKeyType: 'EMAIL', userKeyCode: secrets.email }));
    await t.app.deps.delivery.idle();
    const pincode = pincodeIn(catcher.messages.at(-1)!)!;
    const confirmed = data<{ userKeyToken: string }>(await post('/api/user-key/confirm', { userKeyToken: pending.userKeyToken, pincode }));
    used.push(pincode, pending.userKeyToken, confirmed.userKeyToken);
    const signup = await post('/api/user/signup', {
      userKeyType: 'ID',
      userKeyCode: 'logsecretid',
      password: secrets.password,
      profile: { name: secrets.name, email: secrets.email, mobile: secrets.mobile, organization: secrets.organization, occupation: '간호사' },
      userKeyTokenForEmail: confirmed.userKeyToken,
      agreeTerms: true,
    });
    expect(signup.statusCode, signup.body).toBe(200);
    // A password typed into the ID box, and a wrong password: both logged as failures, neither value.
    expect((await signinRequest(t, secrets.newPassword, secrets.password)).statusCode).toBe(404);
    expect((await signinRequest(t, 'logsecretid', secrets.newPassword)).statusCode).toBe(401);
    const session = data<TokenPair>(await signinRequest(t, 'logsecretid', secrets.password));
    const refreshed = data<TokenPair>(await post('/api/user/signin-by-refresh-token', { refreshToken: session.refreshToken }));
    used.push(session.accessToken, session.refreshToken, refreshed.accessToken, refreshed.refreshToken);
    const memberId = session.user.id;
    expect((await t.app.inject({ method: 'GET', url: `/api/user/${memberId}`, headers: t.auth(refreshed.accessToken) })).statusCode).toBe(200);

    // An upload through its secret URL, named with personal data.
    const q = new URLSearchParams({ fileName: secrets.fileName, size: '5', contentType: 'application/pdf' });
    const ticket = data<UploadUrlResponse>(await t.app.inject({ method: 'GET', url: `/api/file/upload-url?${q}`, headers: t.auth(refreshed.accessToken) }));
    used.push(ticket.uploadUrl.split('/').pop()!);
    const boundary = 'logsecretboundary';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
      Buffer.from('%PDF-1.4\n%\xe2\xe3\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n', 'latin1'),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const uploaded = await t.app.inject({ method: 'POST', url: ticket.uploadUrl, payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
    expect(uploaded.statusCode).toBeLessThan(500);

    // An inquiry with contact details, a search for an e-mail address, an admin's look at the member.
    const inquiry = await t.app.inject({
      method: 'PUT',
      url: '/api/board-item/contactus',
      headers: t.auth(refreshed.accessToken),
      payload: { title: '문의', content: '<p>문의 본문</p>', name: secrets.name, email: secrets.inquiryEmail, phone: secrets.inquiryPhone, agree: true },
    });
    expect(inquiry.statusCode, inquiry.body).toBe(200);
    await t.app.inject({ method: 'GET', url: `/api/board-item?boardCode=community&searchType=title&keyword=${encodeURIComponent(secrets.email)}` });
    await t.app.inject({ method: 'GET', url: `/api/admin/users?email=${encodeURIComponent(secrets.email)}`, headers: t.auth(t.tokens.admin) });
    await t.app.inject({ method: 'GET', url: `/api/admin/users/${memberId}/reveal`, headers: t.auth(t.tokens.admin) });

    const changed = await post(`/api/user/change-password/${memberId}`, { currentPassword: secrets.password, password: secrets.newPassword, passwordConfirm: secrets.newPassword }, refreshed.accessToken);
    expect(changed.statusCode, changed.body).toBe(200);
    used.push(TEST_ADMIN_PASSWORD, t.tokens.admin);

    // The run did log its requests (so an empty log cannot pass)...
    const lines = log.trim().split('\n');
    expect(lines.length).toBeGreaterThan(25);
    expect(lines.every((l) => JSON.parse(l) as unknown)).toBe(true);
    expect(log).toContain('/api/file/upload/[token]');
    expect(log).toContain('"reqId"');
    // ...and none of what it used.
    const found = used.filter((value) => log.includes(value) || log.includes(encodeURIComponent(value)));
    expect(found).toEqual([]);
  });
});

describe('loggableUrl', () => {
  it('keeps the path and plain query values, and replaces the rest and upload tokens', () => {
    expect(loggableUrl('/api/board-item?boardCode=notice&page=2&keyword=a%40b.kr')).toBe('/api/board-item?boardCode=notice&page=2&keyword=[redacted]');
    expect(loggableUrl('/api/file/upload/abcDEF123_-?x=1')).toBe('/api/file/upload/[token]?x=[redacted]');
    expect(loggableUrl('/api/board/notice')).toBe('/api/board/notice');
  });
});

describe('errors in the log', () => {
  it('keep the failed statement but not its parameters, nor the values PostgreSQL quotes in detail', () => {
    let out = '';
    const logger = createLogger('info', new Writable({ write: (c: Buffer, _e, done) => ((out += c.toString()), done()) }));
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "app_user_email_uq"'), {
      code: '23505',
      detail: `Key (email)=(${secrets.email}) already exists.`,
    });
    const failed = new Error(`Failed query: insert into "app_user" ("email", "password_hash") values ($1, $2)\nparams: ${secrets.email},$argon2id$v=19$secret`, { cause });
    logger.error({ err: failed }, 'unhandled error');
    expect(out).toContain('Failed query: insert into');
    expect(out).toContain('23505');
    expect(out).not.toContain(secrets.email);
    expect(out).not.toContain('argon2id');
  });
});
