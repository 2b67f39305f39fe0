import path from 'node:path';
import { z } from 'zod';
import { compileAdminAddresses, parseAddressEntry, type AdminAddresses } from './auth/admin-addresses';
import { choice, custom, filePath, flag, integer, list, parseFlag, parseUrl, refuse, secret, splitList, text, url } from './config-fields';

/** Everything the server reads from the environment (`environmentSchema` below, README "Configuration"). */
export interface Config {
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  /** DATABASE_OWNER_URL: the role that owns the tables, for migrations and grants; DATABASE_URL's role then only uses them (issue 25). */
  databaseOwnerUrl: string | undefined;
  adminId: string;
  adminPassword: string | undefined;
  seedDemo: boolean;
  jwtSecret: string | undefined;
  /** The JWT_SECRET this one replaced (JWT_PREVIOUS_SECRET): verifies tokens, never signs. */
  jwtPreviousSecret: string | undefined;
  /** Encrypts second-factor secrets at rest (FIELD_ENCRYPTION_KEY); unset: keys in DATA_DIR/field-encryption.keys. */
  fieldEncryptionKey: string | undefined;
  /** The FIELD_ENCRYPTION_KEY this one replaced (FIELD_ENCRYPTION_PREVIOUS_KEY): opens, never seals. */
  fieldEncryptionPreviousKey: string | undefined;
  /** True behind TLS: turns on HSTS and upgrade-insecure-requests. */
  https: boolean;
  /**
   * Who may set X-Forwarded-* (TRUST_PROXY): false (nobody, the default), true (any sender: only
   * when nothing but the proxy can reach the port), or the proxies' addresses and CIDR ranges.
   */
  trustProxy: boolean | string;
  logLevel: string;
  webDistDir: string;
  production: boolean;
  /**
   * Whether the API's documentation (Swagger UI at /api/docs and its OpenAPI document) is served
   * (API_DOCS): by default everywhere but production, where it maps every call an attacker could
   * try, the console's included (KISA: information leakage, exposed admin pages).
   */
  apiDocs: boolean;
  /** `smtp://host:port` (or smtps://user:pass@host) for pincode e-mail; unset: the development outbox. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Generic SMS provider: POST JSON `{ to, text }` here; unset: the development outbox. */
  smsWebhookUrl: string | undefined;
  /** Requests per minute from one client address (README "Configuration"). */
  rateLimits: RateLimits;
  /** Least time between two pincodes sent to one address (PINCODE_RESEND_SECONDS, default 60). */
  pincodeResendMs: number;
  /** Time between two housekeeping runs (HOUSEKEEPING_INTERVAL_MINUTES, default 60); 0 turns it off. */
  housekeepingIntervalMs: number;
  /** Connections to PostgreSQL per server process (DATABASE_POOL_MAX, default 6). */
  databasePoolMax: number;
  /** How often buffered post views are written to the database (VIEW_FLUSH_SECONDS, default 3). */
  viewFlushMs: number;
  /** How often views counted beside the posts are folded into them (VIEW_FOLD_MINUTES, default 10). */
  viewFoldMs: number;
  /** Days of visitor statistics kept (VISIT_RETENTION_DAYS, default 730: two years); housekeeping deletes older days. */
  visitRetentionDays: number;
  /** Memory for guest answers kept ready to send (CACHE_SIZE_MB, default 32); 0 turns the cache off. */
  cacheMaxBytes: number;
  /** Bearer token that may read GET /metrics besides an admin's (METRICS_TOKEN); unset: admins only. */
  metricsToken: string | undefined;
  /** Redis for rate-limit counts shared by every instance (REDIS_URL); unset: each process counts alone. */
  redisUrl: string | undefined;
  /** How long in-flight requests may run on after SIGTERM (SHUTDOWN_TIMEOUT_SECONDS, default 10). */
  shutdownTimeoutMs: number;
  /** Uploaded files' directory when no S3 storage is set (FILES_DIR, default DATA_DIR/files). */
  filesDir: string;
  /** S3-compatible object storage for uploaded files (S3_BUCKET and the rest); unset: `filesDir`. */
  s3: S3Config | undefined;
  /** Longest a statement may run before PostgreSQL cancels it (DATABASE_STATEMENT_TIMEOUT_SECONDS, default 30; 0: none). */
  databaseStatementTimeoutMs: number;
  /** CA certificate (PEM) that the PostgreSQL server's certificate must chain to (DATABASE_SSL_CA_FILE). */
  databaseSslCaFile: string | undefined;
  /**
   * Other sites whose pages may read the public API (CORS_ORIGINS, comma-separated origins such as
   * `https://www.example.go.kr`); empty: same origin only. Never with credentials (server/cors.ts).
   */
  corsOrigins: string[];
  /** How slow clients may be (server/app.ts): see `ClientTimeouts`. */
  clientTimeouts: ClientTimeouts;
  /**
   * An administrator's sign-in ends after this long without a request (ADMIN_IDLE_MINUTES,
   * default 15; 0 turns it off). Members keep the token lifetimes.
   */
  adminIdleMs: number;
  /**
   * The addresses and CIDR ranges console calls may come from (ADMIN_ALLOWED_IPS, comma-separated,
   * IPv4 and IPv6), compiled once here; null: any address. Matched against request.ip, which
   * honours TRUST_PROXY.
   */
  adminAllowedIps: AdminAddresses | null;
}

/** Limits on slow clients (issue 12): a connection that dawdles is closed, it does not hold a socket. */
export interface ClientTimeouts {
  /** All of a request's headers must arrive within this (HEADERS_TIMEOUT_SECONDS, default 20). */
  headersMs: number;
  /** The whole request, headers and body, within this (REQUEST_TIMEOUT_SECONDS, default 300: a 100 MB upload at 3 Mbit/s). */
  requestMs: number;
  /** A connection with nothing sent either way for this long is closed (IDLE_TIMEOUT_SECONDS, default 130: over nginx's 120 s read timeout). */
  idleMs: number;
}

export interface S3Config {
  /** `https://s3.example.com` or `http://127.0.0.1:9000`; unset: AWS's own endpoint for the region. */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  /** Unset: the SDK's usual credential chain (environment, instance role...). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** `bucket` in the path rather than the host name (most S3-compatible servers want this). */
  forcePathStyle: boolean;
}

export interface RateLimits {
  /** Sign-in, sign-up, token refresh, password change and retirement. */
  signin: number;
  /** Key availability checks and CAPTCHA challenges. */
  check: number;
  /** Pincode sending and confirming. */
  pincode: number;
  /** Find-ID and password reset. */
  find: number;
  /** Writing posts and comments (create, update, delete) and uploads. */
  write: number;
  /** The site search (issue 23): a question not asked before reads every board searched. */
  search: number;
}


/** proxy-addr's names for whole address ranges (TRUST_PROXY). */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** TRUST_PROXY: a flag, or the proxies' addresses, CIDR ranges and range names. */
function parseTrustProxy(given: string): boolean | string {
  if (given === 'true' || given === 'false') return parseFlag(given);
  const entries = splitList(given);
  for (const entry of entries) if (!PROXY_RANGE_NAMES.includes(entry) && !parseAddressEntry(entry)) refuse();
  return entries.join(',');
}

/** pino's levels (server/logger.ts). */
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** HS256 keys (JWT_SECRET, JWT_PREVIOUS_SECRET): 32 characters cannot be found offline from a token they signed. */
const SIGNING_SECRET_LENGTH = 32;

/**
 * Every environment variable the server reads, once each: its kind (server/config-fields.ts), its
 * default as one would write it in the environment, its range or allowed values, and one line of
 * doc. README's "Configuration" table lists the same variables with the same defaults
 * (server/config-docs.test.ts); docs/operations.md says more about each.
 */
export const environmentSchema = z.object({
  PORT: integer({ min: 0, max: 65535, default: '3000', doc: 'HTTP port' }),
  HOST: text({ default: '127.0.0.1', doc: 'listen address' }),
  DATA_DIR: filePath({ default: './data', doc: 'embedded PostgreSQL cluster, its password, the lock file, the initial admin password and the default FILES_DIR' }),
  DATABASE_URL: url(['postgres', 'postgresql'], { doc: 'a PostgreSQL server instead of the embedded one' }),
  DATABASE_OWNER_URL: url(['postgres', 'postgresql'], {
    doc: "the same database as its tables' owner: runs the migrations and grants DATABASE_URL's role what the app needs (the access records: read and append only); unset: DATABASE_URL does both",
  }),
  DATABASE_POOL_MAX: integer({ min: 1, default: '6', doc: 'connections to PostgreSQL per server process (two cores keep six busy; an idle backend holds about 4 MB of its own and stays open five minutes: db/connection.ts POOL_IDLE_MS)' }),
  DATABASE_STATEMENT_TIMEOUT_SECONDS: integer({ min: 0, unit: 'seconds', default: '30', doc: 'longest a statement may run before PostgreSQL cancels it; 0: no limit' }),
  DATABASE_SSL_CA_FILE: filePath({ doc: "CA certificate (PEM) the PostgreSQL server's certificate must chain to" }),
  FILES_DIR: filePath({ derivedDefault: '`DATA_DIR/files`', doc: "uploaded files' directory when S3_BUCKET is unset" }),
  S3_BUCKET: text({ doc: 'keep uploaded files in this S3-compatible bucket instead of FILES_DIR' }),
  S3_ENDPOINT: url(['http', 'https'], { doc: "an S3-compatible server's URL; unset: AWS S3 in S3_REGION" }),
  S3_REGION: text({ default: 'us-east-1', doc: 'region the S3 requests are signed for' }),
  S3_ACCESS_KEY_ID: text({ doc: "S3 credentials, with S3_SECRET_ACCESS_KEY; unset: the AWS SDK's usual chain" }),
  S3_SECRET_ACCESS_KEY: text({ doc: 'S3 credentials, with S3_ACCESS_KEY_ID' }),
  S3_FORCE_PATH_STYLE: flag({ derivedDefault: '`true` with `S3_ENDPOINT`, else `false`', doc: 'bucket in the path rather than in the host name' }),
  ADMIN_ID: text({ default: 'admin', doc: 'user id of the first administrator (first start only)' }),
  ADMIN_PASSWORD: text({ doc: 'password of the first administrator; unset: generated into DATA_DIR/initial-admin-password' }),
  SEED_DEMO: flag({ default: 'true', doc: 'demo posts on a new site' }),
  JWT_SECRET: secret(SIGNING_SECRET_LENGTH, { doc: 'token signing key; unset: keys kept in the database' }),
  JWT_PREVIOUS_SECRET: secret(SIGNING_SECRET_LENGTH, { doc: 'the JWT_SECRET being replaced: verifies tokens, never signs' }),
  FIELD_ENCRYPTION_KEY: secret(SIGNING_SECRET_LENGTH, { doc: 'key that encrypts second-factor secrets in the database; unset: keys in DATA_DIR/field-encryption.keys, made on first start' }),
  FIELD_ENCRYPTION_PREVIOUS_KEY: secret(SIGNING_SECRET_LENGTH, { doc: 'the FIELD_ENCRYPTION_KEY being replaced: opens what it sealed until `npm run rotate-field-key` seals it again' }),
  HTTPS: flag({ default: 'false', doc: 'behind TLS: HSTS and upgrade-insecure-requests' }),
  ADMIN_IDLE_MINUTES: integer({ min: 0, unit: 'minutes', default: '15', doc: "an administrator's sign-in ends after this long without a request; 0: off" }),
  ADMIN_ALLOWED_IPS: list(
    'must list IPv4 or IPv6 addresses and CIDR ranges (203.0.113.7,10.0.0.0/8,2001:db8::/32)',
    (entry) => (parseAddressEntry(entry) ? entry : refuse(`not an address or CIDR range: "${entry}"`)),
    { doc: "the addresses and CIDR ranges the console's calls may come from; unset: any address" },
  ),
  CORS_ORIGINS: list(
    'must list origins like https://www.example.go.kr (scheme and host, no path or trailing slash)',
    (entry) => (parseUrl(entry, ['http', 'https']).origin === entry ? entry : refuse()),
    { doc: 'other sites whose pages may read the public API; unset: same origin only' },
  ),
  HEADERS_TIMEOUT_SECONDS: integer({ min: 1, unit: 'seconds', default: '20', doc: "all of a request's headers must arrive within this" }),
  REQUEST_TIMEOUT_SECONDS: integer({ min: 1, unit: 'seconds', default: '300', doc: 'the whole request within this (a 100 MB upload at 3 Mbit/s)' }),
  IDLE_TIMEOUT_SECONDS: integer({ min: 1, unit: 'seconds', default: '130', doc: "a connection silent both ways this long is closed (over nginx's 120 s)" }),
  TRUST_PROXY: custom("must be true, false or the proxies' addresses and CIDR ranges (127.0.0.1,10.0.0.0/24)", parseTrustProxy, {
    default: 'false',
    doc: 'who may set X-Forwarded-*: nobody, anyone (true), or the proxies listed',
  }),
  LOG_LEVEL: choice(LOG_LEVELS, { default: 'info', doc: 'pino log level; `info` and below log every request (two lines each, also for kept answers answered before the framework: decision 0051)' }),
  NODE_ENV: text({ doc: '`production` for production' }),
  API_DOCS: flag({ derivedDefault: '`true`, `false` when `NODE_ENV=production`', doc: "serve the API's documentation (Swagger UI and the OpenAPI document)" }),
  WEB_DIST_DIR: filePath({ default: './dist/web', doc: 'where the built web app is served from' }),
  SMTP_URL: url(['smtp', 'smtps'], { doc: 'SMTP server for e-mail; unset: the development outbox' }),
  MAIL_FROM: text({ default: '"인체이식형 의료기기 환자등록사업" <no-reply@localhost>', doc: 'sender of e-mail' }),
  SMS_WEBHOOK_URL: url(['http', 'https'], { doc: 'SMS provider: POST JSON { to, text } here; unset: the development outbox' }),
  REDIS_URL: url(['redis', 'rediss'], { doc: 'Redis for rate-limit counts shared by every instance; unset: each process counts alone' }),
  RATE_LIMIT_SIGNIN: integer({ min: 1, default: '30', doc: 'requests a minute from one address to sign-in, sign-up, token refresh, password change and retirement' }),
  RATE_LIMIT_CHECK: integer({ min: 1, default: '60', doc: 'the same for key availability checks and CAPTCHA challenges' }),
  RATE_LIMIT_PINCODE: integer({ min: 1, default: '10', doc: 'the same for pincode sending and confirming' }),
  PINCODE_RESEND_SECONDS: integer({ min: 0, unit: 'seconds', default: '60', doc: 'least time between two pincodes sent to one address' }),
  HOUSEKEEPING_INTERVAL_MINUTES: integer({ min: 0, unit: 'minutes', default: '60', doc: 'time between housekeeping runs; 0: off' }),
  RATE_LIMIT_FIND: integer({ min: 1, default: '20', doc: 'the same for find-ID and password reset' }),
  RATE_LIMIT_WRITE: integer({ min: 1, default: '30', doc: 'the same for writing posts and comments and uploads' }),
  RATE_LIMIT_SEARCH: integer({ min: 1, default: '120', doc: 'the same for the site search' }),
  CACHE_SIZE_MB: integer({ min: 0, unit: 'megabytes', default: '32', doc: "memory for guests' answers kept ready to send; 0: off" }),
  VIEW_FLUSH_SECONDS: integer({ min: 1, unit: 'seconds', default: '3', doc: 'how often buffered post views are written to the database' }),
  VIEW_FOLD_MINUTES: integer({ min: 1, unit: 'minutes', default: '10', doc: "how often the views counted beside the posts are moved into the posts' rows (lists sorted by views follow then)" }),
  METRICS_TOKEN: secret(16, { doc: "bearer token that may read GET /metrics besides an admin's" }),
  SHUTDOWN_TIMEOUT_SECONDS: integer({ min: 1, unit: 'seconds', default: '10', doc: 'how long requests in flight may run on after SIGTERM' }),
  VISIT_RETENTION_DAYS: integer({ min: 1, unit: 'days', default: '730', doc: 'days of visitor statistics kept; older days are deleted by housekeeping' }),
});

export type Environment = z.output<typeof environmentSchema>;

/** Rules between variables; an issue without a path carries its whole message. */
function checkTogether(env: Environment, ctx: z.RefinementCtx) {
  if (env.DATABASE_OWNER_URL && !env.DATABASE_URL) {
    ctx.addIssue({ code: 'custom', path: ['DATABASE_OWNER_URL'], message: 'needs DATABASE_URL (the role the application connects as)' });
  }
  if (env.FIELD_ENCRYPTION_PREVIOUS_KEY && !env.FIELD_ENCRYPTION_KEY) {
    ctx.addIssue({ code: 'custom', path: ['FIELD_ENCRYPTION_PREVIOUS_KEY'], message: 'needs FIELD_ENCRYPTION_KEY (the key that replaced it)' });
  }
  if (env.JWT_PREVIOUS_SECRET && !env.JWT_SECRET) {
    ctx.addIssue({ code: 'custom', path: ['JWT_PREVIOUS_SECRET'], message: 'needs JWT_SECRET (the key that replaced it)' });
  }
  // Node refuses a headers timeout longer than the request's.
  if (env.HEADERS_TIMEOUT_SECONDS > env.REQUEST_TIMEOUT_SECONDS) {
    ctx.addIssue({ code: 'custom', path: ['HEADERS_TIMEOUT_SECONDS'], message: 'must not exceed REQUEST_TIMEOUT_SECONDS' });
  }
  const s3Related = (['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((name) => env[name]);
  if (!env.S3_BUCKET && s3Related.length > 0) {
    ctx.addIssue({ code: 'custom', message: `${s3Related.join(', ')} set without S3_BUCKET: name the bucket, or unset them to keep files in FILES_DIR` });
  }
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    ctx.addIssue({ code: 'custom', message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both or neither' });
  }
}

/** The parsed variables in the shape the server uses; derived defaults are filled in here. */
function toConfig(env: Environment): Config {
  const production = env.NODE_ENV === 'production';
  return {
    host: env.HOST,
    port: env.PORT,
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    databaseOwnerUrl: env.DATABASE_OWNER_URL,
    adminId: env.ADMIN_ID,
    adminPassword: env.ADMIN_PASSWORD,
    seedDemo: env.SEED_DEMO,
    jwtSecret: env.JWT_SECRET,
    jwtPreviousSecret: env.JWT_PREVIOUS_SECRET,
    fieldEncryptionKey: env.FIELD_ENCRYPTION_KEY,
    fieldEncryptionPreviousKey: env.FIELD_ENCRYPTION_PREVIOUS_KEY,
    https: env.HTTPS,
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
    webDistDir: env.WEB_DIST_DIR,
    production,
    apiDocs: env.API_DOCS ?? !production,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    smsWebhookUrl: env.SMS_WEBHOOK_URL,
    rateLimits: {
      signin: env.RATE_LIMIT_SIGNIN,
      check: env.RATE_LIMIT_CHECK,
      pincode: env.RATE_LIMIT_PINCODE,
      find: env.RATE_LIMIT_FIND,
      write: env.RATE_LIMIT_WRITE,
      search: env.RATE_LIMIT_SEARCH,
    },
    pincodeResendMs: env.PINCODE_RESEND_SECONDS * 1000,
    housekeepingIntervalMs: env.HOUSEKEEPING_INTERVAL_MINUTES * 60_000,
    databasePoolMax: env.DATABASE_POOL_MAX,
    viewFlushMs: env.VIEW_FLUSH_SECONDS * 1000,
    viewFoldMs: env.VIEW_FOLD_MINUTES * 60_000,
    visitRetentionDays: env.VISIT_RETENTION_DAYS,
    cacheMaxBytes: env.CACHE_SIZE_MB * 1024 * 1024,
    metricsToken: env.METRICS_TOKEN,
    redisUrl: env.REDIS_URL,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    filesDir: env.FILES_DIR ?? path.join(env.DATA_DIR, 'files'),
    s3: env.S3_BUCKET
      ? {
          endpoint: env.S3_ENDPOINT,
          bucket: env.S3_BUCKET,
          region: env.S3_REGION,
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
          forcePathStyle: env.S3_FORCE_PATH_STYLE ?? Boolean(env.S3_ENDPOINT),
        }
      : undefined,
    databaseStatementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_SECONDS * 1000,
    databaseSslCaFile: env.DATABASE_SSL_CA_FILE,
    corsOrigins: env.CORS_ORIGINS,
    adminIdleMs: env.ADMIN_IDLE_MINUTES * 60_000,
    adminAllowedIps: env.ADMIN_ALLOWED_IPS.length > 0 ? compileAdminAddresses(env.ADMIN_ALLOWED_IPS) : null,
    clientTimeouts: {
      headersMs: env.HEADERS_TIMEOUT_SECONDS * 1000,
      requestMs: env.REQUEST_TIMEOUT_SECONDS * 1000,
      idleMs: env.IDLE_TIMEOUT_SECONDS * 1000,
    },
  };
}

const configSchema = environmentSchema.superRefine(checkTogether).transform(toConfig);

/** A setting the server cannot start with; the message names each variable and what it accepts, one per line. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')} ${issue.message}` : issue.message));
  throw new ConfigError(lines.join('\n'));
}
