/**
 * What every site the browser tests start shares (the run's server in playwright.config.ts, and a
 * spec's own site, e2e/support/own-site.ts): the run's mail catcher, and limits opened up.
 */
export function e2eServerEnv(): Record<string, string> {
  return {
    LOG_LEVEL: 'warn',
    // Real delivery to the local catcher: nodemailer over SMTP and the SMS webhook adapter.
    SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
    MAIL_FROM: '"인체이식형 의료기기 환자등록사업" <no-reply@registry.test>',
    SMS_WEBHOOK_URL: `http://127.0.0.1:${process.env.E2E_MAIL_PORT}/sms`,
    // Every browser test comes from 127.0.0.1; the per-address limits are tested in the API suite.
    RATE_LIMIT_SIGNIN: '1000',
    RATE_LIMIT_CHECK: '1000',
    RATE_LIMIT_PINCODE: '1000',
    RATE_LIMIT_FIND: '1000',
    RATE_LIMIT_WRITE: '1000',
    RATE_LIMIT_SEARCH: '1000',
    // A member made for a test gets the find-ID or reset pincode seconds after the sign-up
    // one; the one-a-minute rule itself is tested in the API suite with a controllable clock.
    PINCODE_RESEND_SECONDS: '0',
  };
}
