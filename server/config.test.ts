import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig: accounts settings', () => {
  it('defaults: development transports, generous per-minute limits', () => {
    const config = loadConfig({});
    expect(config.smtpUrl).toBeUndefined();
    expect(config.smsWebhookUrl).toBeUndefined();
    expect(config.mailFrom).toContain('인체이식형 의료기기 환자등록사업');
    expect(config.rateLimits).toEqual({ signin: 30, check: 60, pincode: 10, find: 20, write: 30, search: 120 });
    expect(config.pincodeResendMs).toBe(60_000);
    expect(config.housekeepingIntervalMs).toBe(60 * 60_000);
  });

  it('HOUSEKEEPING_INTERVAL_MINUTES sets the time between housekeeping runs (0 turns it off)', () => {
    expect(loadConfig({ HOUSEKEEPING_INTERVAL_MINUTES: '15' }).housekeepingIntervalMs).toBe(15 * 60_000);
    expect(loadConfig({ HOUSEKEEPING_INTERVAL_MINUTES: '0' }).housekeepingIntervalMs).toBe(0);
    for (const value of ['-1', '1.5', 'hourly']) {
      expect(() => loadConfig({ HOUSEKEEPING_INTERVAL_MINUTES: value })).toThrow(/HOUSEKEEPING_INTERVAL_MINUTES/);
    }
  });

  it('PINCODE_RESEND_SECONDS sets the least time between two pincodes to one address (0 allowed)', () => {
    expect(loadConfig({ PINCODE_RESEND_SECONDS: '90' }).pincodeResendMs).toBe(90_000);
    expect(loadConfig({ PINCODE_RESEND_SECONDS: '0' }).pincodeResendMs).toBe(0);
    expect(() => loadConfig({ PINCODE_RESEND_SECONDS: '-5' })).toThrow(/PINCODE_RESEND_SECONDS/);
  });

  it('reads SMTP_URL, MAIL_FROM, SMS_WEBHOOK_URL and the limits', () => {
    const config = loadConfig({
      SMTP_URL: 'smtp://127.0.0.1:1025',
      MAIL_FROM: 'registry@example.org',
      SMS_WEBHOOK_URL: 'https://sms.example/send',
      RATE_LIMIT_SIGNIN: '100',
      RATE_LIMIT_CHECK: '200',
      RATE_LIMIT_PINCODE: '5',
      RATE_LIMIT_FIND: '7',
      RATE_LIMIT_WRITE: '9',
      RATE_LIMIT_SEARCH: '11',
    });
    expect(config).toMatchObject({
      smtpUrl: 'smtp://127.0.0.1:1025',
      mailFrom: 'registry@example.org',
      smsWebhookUrl: 'https://sms.example/send',
      rateLimits: { signin: 100, check: 200, pincode: 5, find: 7, write: 9, search: 11 },
    });
  });

  it.each([['0'], ['-1'], ['1.5'], ['lots']])('refuses RATE_LIMIT_SIGNIN=%s', (value) => {
    expect(() => loadConfig({ RATE_LIMIT_SIGNIN: value })).toThrow(/RATE_LIMIT_SIGNIN/);
  });

  it.each([['0'], ['-1'], ['1.5'], ['lots']])('refuses RATE_LIMIT_WRITE=%s', (value) => {
    expect(() => loadConfig({ RATE_LIMIT_WRITE: value })).toThrow(/RATE_LIMIT_WRITE/);
  });
});

describe('loadConfig: performance settings (issue 8)', () => {
  it('defaults: six database connections, 32 MB of guest answers, views written every 3 s', () => {
    const config = loadConfig({});
    expect(config.databasePoolMax).toBe(6);
    expect(config.cacheMaxBytes).toBe(32 * 1024 * 1024);
    expect(config.viewFlushMs).toBe(3_000);
  });

  it('DATABASE_POOL_MAX, CACHE_SIZE_MB (0 turns the cache off) and VIEW_FLUSH_SECONDS are read', () => {
    const config = loadConfig({ DATABASE_POOL_MAX: '12', CACHE_SIZE_MB: '0', VIEW_FLUSH_SECONDS: '10', VIEW_FOLD_MINUTES: '5' });
    expect(config.viewFoldMs).toBe(5 * 60_000);
    expect(config).toMatchObject({ databasePoolMax: 12, cacheMaxBytes: 0, viewFlushMs: 10_000 });
  });

  it.each([
    ['DATABASE_POOL_MAX', '0'],
    ['DATABASE_POOL_MAX', 'many'],
    ['VIEW_FLUSH_SECONDS', '0'],
    ['VIEW_FOLD_MINUTES', '0'],
    ['CACHE_SIZE_MB', '-1'],
  ])('refuses %s=%s', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(name));
  });
});

describe('loadConfig: operating settings (issue 10)', () => {
  it('defaults: no metrics token (admins only), ten seconds for requests in flight on shutdown', () => {
    const config = loadConfig({});
    expect(config.metricsToken).toBeUndefined();
    expect(config.shutdownTimeoutMs).toBe(10_000);
  });

  it('METRICS_TOKEN and SHUTDOWN_TIMEOUT_SECONDS are read', () => {
    const config = loadConfig({ METRICS_TOKEN: 'scraper-0123456789abcdef', SHUTDOWN_TIMEOUT_SECONDS: '30' });
    expect(config).toMatchObject({ metricsToken: 'scraper-0123456789abcdef', shutdownTimeoutMs: 30_000 });
    expect(loadConfig({ METRICS_TOKEN: '' }).metricsToken).toBeUndefined();
  });

  it.each([['short'], ['has a space in it 0123456789'], ['토큰토큰토큰토큰토큰토큰토큰토큰']])('refuses METRICS_TOKEN=%s', (value) => {
    expect(() => loadConfig({ METRICS_TOKEN: value })).toThrow(/METRICS_TOKEN/);
  });

  it.each([['0'], ['-1'], ['1.5'], ['soon']])('refuses SHUTDOWN_TIMEOUT_SECONDS=%s', (value) => {
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT_SECONDS: value })).toThrow(/SHUTDOWN_TIMEOUT_SECONDS/);
  });

  it('REDIS_URL: unset by default, redis:// or rediss:// when set', () => {
    expect(loadConfig({}).redisUrl).toBeUndefined();
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379/0' }).redisUrl).toBe('redis://127.0.0.1:6379/0');
    expect(loadConfig({ REDIS_URL: 'rediss://user:pw@cache.example:6380' }).redisUrl).toBe('rediss://user:pw@cache.example:6380');
  });

  it.each([['127.0.0.1:6379'], ['http://cache:6379'], ['redis://has space']])('refuses REDIS_URL=%s', (value) => {
    expect(() => loadConfig({ REDIS_URL: value })).toThrow(/REDIS_URL/);
  });

  it('TRUST_PROXY: nobody by default, anyone with true, else only the proxies named', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: ' 127.0.0.1, 10.0.0.0/24 ,::1,loopback' }).trustProxy).toBe('127.0.0.1,10.0.0.0/24,::1,loopback');
  });

  it.each([['yes'], ['10.0.0.0/33'], ['10.0.0.1/8/1'], ['proxy.example'], ['::1/129']])('refuses TRUST_PROXY=%s', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
  });

  it('files: FILES_DIR (default DATA_DIR/files), or S3 when S3_BUCKET is set', () => {
    expect(loadConfig({ DATA_DIR: '/srv/nids' })).toMatchObject({ filesDir: '/srv/nids/files', s3: undefined });
    expect(loadConfig({ FILES_DIR: '/mnt/shared/files' }).filesDir).toBe('/mnt/shared/files');
    expect(loadConfig({ S3_BUCKET: 'nids', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 'b' }).s3).toEqual({
      endpoint: 'http://127.0.0.1:9000', bucket: 'nids', region: 'us-east-1', accessKeyId: 'a', secretAccessKey: 'b', forcePathStyle: true,
    });
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ S3_BUCKET: 'nids', S3_ACCESS_KEY_ID: 'a' })).toThrow(/S3_SECRET_ACCESS_KEY/);
  });

  it('database: a 30 s statement timeout by default (0: none), and a CA file', () => {
    expect(loadConfig({})).toMatchObject({ databaseStatementTimeoutMs: 30_000, databaseSslCaFile: undefined });
    expect(loadConfig({ DATABASE_STATEMENT_TIMEOUT_SECONDS: '0', DATABASE_SSL_CA_FILE: '/etc/ssl/db-ca.pem' })).toMatchObject({
      databaseStatementTimeoutMs: 0,
      databaseSslCaFile: '/etc/ssl/db-ca.pem',
    });
  });
  it('CORS_ORIGINS: empty means same origin only; each entry must be a bare origin', () => {
    expect(loadConfig({}).corsOrigins).toEqual([]);
    expect(loadConfig({ CORS_ORIGINS: 'https://www.example.go.kr, http://127.0.0.1:8080' }).corsOrigins).toEqual([
      'https://www.example.go.kr',
      'http://127.0.0.1:8080',
    ]);
    for (const bad of ['*', 'www.example.go.kr', 'https://www.example.go.kr/', 'https://www.example.go.kr/path', 'ftp://example.go.kr']) {
      expect(() => loadConfig({ CORS_ORIGINS: bad }), bad).toThrow(/CORS_ORIGINS/);
    }
  });

  it('API_DOCS: the API documentation is served except in production, unless set either way', () => {
    expect(loadConfig({}).apiDocs).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).apiDocs).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', API_DOCS: 'true' }).apiDocs).toBe(true);
    expect(loadConfig({ API_DOCS: 'false' }).apiDocs).toBe(false);
    for (const value of ['yes', '1', 'TRUE']) expect(() => loadConfig({ API_DOCS: value })).toThrow(/API_DOCS must be true or false/);
  });

  it('slow clients: headers in 20 s, the whole request in 300 s, 130 s of silence by default', () => {
    expect(loadConfig({}).clientTimeouts).toEqual({ headersMs: 20_000, requestMs: 300_000, idleMs: 130_000 });
    expect(loadConfig({ HEADERS_TIMEOUT_SECONDS: '5', REQUEST_TIMEOUT_SECONDS: '60', IDLE_TIMEOUT_SECONDS: '90' }).clientTimeouts).toEqual({
      headersMs: 5_000,
      requestMs: 60_000,
      idleMs: 90_000,
    });
    expect(() => loadConfig({ HEADERS_TIMEOUT_SECONDS: '0' })).toThrow(/HEADERS_TIMEOUT_SECONDS/);
    expect(() => loadConfig({ HEADERS_TIMEOUT_SECONDS: '61', REQUEST_TIMEOUT_SECONDS: '60' })).toThrow(/must not exceed/);
  });
});

describe('loadConfig: token signing secrets', () => {
  it('JWT_SECRET and JWT_PREVIOUS_SECRET must be at least 32 characters; unset means the keys live in the database', () => {
    const strong = 'a-signing-secret-of-32-characters!';
    expect(loadConfig({}).jwtSecret).toBeUndefined();
    expect(loadConfig({ JWT_SECRET: strong }).jwtSecret).toBe(strong);
    expect(() => loadConfig({ JWT_SECRET: 'short-secret' })).toThrow(/JWT_SECRET must be at least 32 characters/);
    // The same rule as every other secret of the environment: printable, no spaces.
    expect(() => loadConfig({ JWT_SECRET: 'a signing secret of 32 characters!' })).toThrow(/JWT_SECRET must be .* printable and without spaces/);
    const rotating = loadConfig({ JWT_SECRET: strong, JWT_PREVIOUS_SECRET: `${strong}-old` });
    expect(rotating.jwtPreviousSecret).toBe(`${strong}-old`);
    expect(() => loadConfig({ JWT_SECRET: strong, JWT_PREVIOUS_SECRET: 'short' })).toThrow(/JWT_PREVIOUS_SECRET must be at least 32/);
  });

  it('JWT_PREVIOUS_SECRET without JWT_SECRET is a mistake, not a silent database ring', () => {
    expect(() => loadConfig({ JWT_PREVIOUS_SECRET: 'a-signing-secret-of-32-characters!' })).toThrow(/JWT_PREVIOUS_SECRET needs JWT_SECRET/);
  });
});

describe('loadConfig: administrators (issue 12)', () => {
  it('ADMIN_IDLE_MINUTES: 15 by default, whole minutes, 0 turns the idle limit off', () => {
    expect(loadConfig({}).adminIdleMs).toBe(15 * 60_000);
    expect(loadConfig({ ADMIN_IDLE_MINUTES: '30' }).adminIdleMs).toBe(30 * 60_000);
    expect(loadConfig({ ADMIN_IDLE_MINUTES: '0' }).adminIdleMs).toBe(0);
    expect(() => loadConfig({ ADMIN_IDLE_MINUTES: '1.5' })).toThrow(/ADMIN_IDLE_MINUTES/);
    expect(() => loadConfig({ ADMIN_IDLE_MINUTES: '-1' })).toThrow(/ADMIN_IDLE_MINUTES/);
  });

  it('ADMIN_ALLOWED_IPS: any address by default, else the addresses and ranges listed', () => {
    expect(loadConfig({}).adminAllowedIps).toBeNull();
    const list = loadConfig({ ADMIN_ALLOWED_IPS: ' 203.0.113.7, 10.0.0.0/8 ,2001:db8::/32,::1' }).adminAllowedIps;
    expect(list?.entries).toEqual(['203.0.113.7', '10.0.0.0/8', '2001:db8::/32', '::1']);
    // Compiled once, here: the list the console's guard asks.
    expect(['203.0.113.7', '10.1.2.3', '2001:db8:1::1', '::1'].map((a) => list?.allows(a))).toEqual([true, true, true, true]);
    expect(list?.allows('203.0.113.8')).toBe(false);
  });

  it.each([['office'], ['10.0.0.0/33'], ['2001:db8::/129'], ['203.0.113.7,'], ['loopback']])('refuses ADMIN_ALLOWED_IPS=%s', (value) => {
    expect(() => loadConfig({ ADMIN_ALLOWED_IPS: value })).toThrow(/ADMIN_ALLOWED_IPS must list .*: not an address or CIDR range/);
  });
});

describe('loadConfig: one parser for each kind of value (issue 21)', () => {
  it('every true/false setting takes exactly true or false (spaces aside), and nothing else', () => {
    expect(loadConfig({ HTTPS: ' true ', SEED_DEMO: 'false', S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: 'true' })).toMatchObject({
      https: true,
      seedDemo: false,
      s3: { forcePathStyle: true },
    });
    expect(loadConfig({ HTTPS: '', SEED_DEMO: '' })).toMatchObject({ https: false, seedDemo: true });
    for (const name of ['HTTPS', 'SEED_DEMO', 'S3_FORCE_PATH_STYLE', 'API_DOCS']) {
      for (const value of ['yes', '1', 'TRUE', 'off']) {
        expect(() => loadConfig({ S3_BUCKET: 'b', [name]: value }), `${name}=${value}`).toThrow(new RegExp(`^${name} must be true or false, got "${value}"$`));
      }
    }
  });

  it('numbers are whole, in decimal digits and within their range; the message says which', () => {
    expect(loadConfig({ PORT: ' 8080 ' }).port).toBe(8080);
    expect(loadConfig({ PORT: '' }).port).toBe(3000);
    expect(loadConfig({ PORT: '0' }).port).toBe(0);
    expect(() => loadConfig({ PORT: '65536' })).toThrow('PORT must be a whole number, from 0 to 65535, got "65536"');
    expect(() => loadConfig({ VIEW_FLUSH_SECONDS: '0' })).toThrow('VIEW_FLUSH_SECONDS must be a whole number of seconds, 1 or more, got "0"');
    for (const value of ['0x10', '1e3', '+5', '5.0', 'ten']) expect(() => loadConfig({ CACHE_SIZE_MB: value }), value).toThrow(/^CACHE_SIZE_MB must be a whole number of megabytes, 0 or more/);
  });

  it('URLs: one parser with the schemes each variable accepts; credentials are not repeated in the message', () => {
    const urls = { DATABASE_URL: 'postgresql://nids@db.internal/nids?sslmode=verify-full', SMTP_URL: 'smtps://u:p@mail.example:465', SMS_WEBHOOK_URL: 'http://127.0.0.1:9/sms' };
    expect(loadConfig(urls)).toMatchObject({ databaseUrl: urls.DATABASE_URL, smtpUrl: urls.SMTP_URL, smsWebhookUrl: urls.SMS_WEBHOOK_URL });
    expect(() => loadConfig({ DATABASE_URL: 'mysql://db/nids' })).toThrow('DATABASE_URL must be a postgres:// or postgresql:// URL, got "mysql://db/nids"');
    expect(() => loadConfig({ SMTP_URL: 'mail.example:25' })).toThrow(/^SMTP_URL must be a smtp:\/\/ or smtps:\/\/ URL/);
    expect(() => loadConfig({ SMS_WEBHOOK_URL: 'ftp://sms.example' })).toThrow(/^SMS_WEBHOOK_URL must be a http:\/\/ or https:\/\/ URL/);
    expect(() => loadConfig({ S3_BUCKET: 'b', S3_ENDPOINT: 's3.example.com' })).toThrow(/^S3_ENDPOINT must be a http:\/\/ or https:\/\/ URL/);
    expect(() => loadConfig({ REDIS_URL: 'http://user:hunter2@cache:6379' })).toThrow('REDIS_URL must be a redis:// or rediss:// URL, got "http://***@cache:6379"');
  });

  it('secrets are never repeated in a message', () => {
    let message = '';
    try {
      loadConfig({ JWT_SECRET: 'short-but-secret', METRICS_TOKEN: 'tiny' });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/JWT_SECRET must be at least 32/);
    expect(message).toMatch(/METRICS_TOKEN must be at least 16/);
    expect(message).not.toMatch(/short-but-secret|tiny/);
  });

  it('LOG_LEVEL is one of pino\'s levels', () => {
    expect(loadConfig({ LOG_LEVEL: 'silent' }).logLevel).toBe('silent');
    expect(() => loadConfig({ LOG_LEVEL: 'verbose' })).toThrow('LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "verbose"');
  });

  it('every bad value is named at once, one line each, in a ConfigError', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'http', RATE_LIMIT_FIND: '0', TRUST_PROXY: 'yes' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message.split('\n')).toEqual([
      'PORT must be a whole number, from 0 to 65535, got "http"',
      "TRUST_PROXY must be true, false or the proxies' addresses and CIDR ranges (127.0.0.1,10.0.0.0/24), got \"yes\"",
      'RATE_LIMIT_FIND must be a whole number, 1 or more, got "0"',
    ]);
  });

  it('variables the server does not know are left alone', () => {
    expect(loadConfig({ PATH: '/usr/bin', TEST_DATABASE_URL: 'not a url', E2E_PORT: 'x' }).port).toBe(3000);
  });
});
