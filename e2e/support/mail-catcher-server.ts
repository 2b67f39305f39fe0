import { startMailCatcher } from '@server/test/mail-catcher';

/**
 * The browser tests' mail catcher as its own process (started by playwright.config.ts next to the
 * site): the site sends pincode e-mail to its SMTP port and SMS to its webhook, and the tests read
 * them with `GET /messages?to=<address>` (e2e/support/inbox.ts).
 */
const catcher = await startMailCatcher({ smtpPort: Number(process.env.E2E_SMTP_PORT), httpPort: Number(process.env.E2E_MAIL_PORT) });
console.log(`mail catcher: SMTP on ${catcher.smtpPort}, messages on http://127.0.0.1:${catcher.httpPort}/messages`);
const stop = () => void catcher.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
