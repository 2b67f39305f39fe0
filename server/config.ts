import net from 'node:net';
import path from 'node:path';
import { compileAdminAddresses, type AdminAddresses } from './auth/admin-addresses';

/** Everything the server reads from the environment, with the defaults the README lists. */
export interface Config {
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  adminId: string;
  adminPassword: string | undefined;
  seedDemo: boolean;
  jwtSecret: string | undefined;
  /** The JWT_SECRET this one replaced (JWT_PREVIOUS_SECRET): verifies tokens, never signs. */
  jwtPreviousSecret: string | undefined;
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
}

function seconds(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number of seconds, got "${raw}"`);
  return value;
}

function minutes(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number of minutes, got "${raw}"`);
  return value;
}

function positiveInteger(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive whole number, got "${raw}"`);
  return value;
}

function megabytes(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number of megabytes, got "${raw}"`);
  return value;
}

function redisUrl(env: NodeJS.ProcessEnv): string | undefined {
  const raw = env.REDIS_URL;
  if (raw === undefined || raw === '') return undefined;
  if (!/^rediss?:\/\/[^\s]+$/.test(raw)) throw new Error(`REDIS_URL must be a redis:// or rediss:// URL, got "${raw}"`);
  return raw;
}

/** `https://host[:port]` (or http://), exactly as a browser sends it in `Origin`. */
function corsOrigins(env: NodeJS.ProcessEnv): string[] {
  const raw = (env.CORS_ORIGINS ?? '').trim();
  if (raw === '') return [];
  return raw.split(',').map((entry) => {
    const origin = entry.trim();
    let parsed: URL | undefined;
    try {
      parsed = new URL(origin);
    } catch {
      parsed = undefined;
    }
    if (!parsed || !/^https?:$/.test(parsed.protocol) || parsed.origin !== origin) {
      throw new Error(`CORS_ORIGINS must list origins like https://www.example.go.kr (scheme and host, no path or trailing slash), got "${origin}"`);
    }
    return origin;
  });
}

/** A true/false setting; anything else stops the start rather than being read as false. */
function flag(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = (env[name] ?? '').trim();
  if (raw === '') return fallback;
  if (raw === 'true' || raw === 'false') return raw === 'true';
  throw new Error(`${name} must be true or false`);
}

function clientTimeouts(env: NodeJS.ProcessEnv): ClientTimeouts {
  const headersMs = positiveInteger(env, 'HEADERS_TIMEOUT_SECONDS', 20) * 1000;
  const requestMs = positiveInteger(env, 'REQUEST_TIMEOUT_SECONDS', 300) * 1000;
  const idleMs = positiveInteger(env, 'IDLE_TIMEOUT_SECONDS', 130) * 1000;
  // Node refuses a headers timeout longer than the request's.
  if (headersMs > requestMs) throw new Error('HEADERS_TIMEOUT_SECONDS must not exceed REQUEST_TIMEOUT_SECONDS');
  return { headersMs, requestMs, idleMs };
}

function trustProxy(env: NodeJS.ProcessEnv): boolean | string {
  const raw = (env.TRUST_PROXY ?? '').trim();
  if (raw === '' || raw === 'false') return false;
  if (raw === 'true') return true;
  const entries = raw.split(',').map((e) => e.trim());
  for (const entry of entries) {
    // proxy-addr's names for whole address ranges.
    if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) continue;
    const [address, bits, ...rest] = entry.split('/');
    const version = net.isIP(address ?? '');
    const maxBits = version === 6 ? 128 : 32;
    if (!version || rest.length > 0 || (bits !== undefined && !(/^\d+$/.test(bits) && Number(bits) <= maxBits))) {
      throw new Error(`TRUST_PROXY must be true, false or the proxies' addresses and CIDR ranges (127.0.0.1,10.0.0.0/24), got "${raw}"`);
    }
  }
  return entries.join(',');
}

function adminAllowedIps(env: NodeJS.ProcessEnv): AdminAddresses | null {
  const raw = (env.ADMIN_ALLOWED_IPS ?? '').trim();
  if (raw === '') return null;
  try {
    return compileAdminAddresses(raw.split(',').map((entry) => entry.trim()));
  } catch (err) {
    throw new Error(`ADMIN_ALLOWED_IPS must list IPv4 or IPv6 addresses and CIDR ranges (203.0.113.7,10.0.0.0/8,2001:db8::/32): ${(err as Error).message}`, { cause: err });
  }
}

/**
 * A secret from the environment: printable, without spaces (a bearer token cannot carry one), and
 * long enough not to be guessed; an HS256 key needs 32 characters, so it cannot be found offline
 * from a token it signed.
 */
function secret(env: NodeJS.ProcessEnv, name: string, minLength = 16): string | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  if (raw.length < minLength || !/^[\x21-\x7e]+$/.test(raw)) {
    throw new Error(`${name} must be at least ${minLength} characters, printable and without spaces (a random value, e.g. openssl rand -base64 48)`);
  }
  return raw;
}

/** HS256 keys (JWT_SECRET, JWT_PREVIOUS_SECRET). */
const SIGNING_SECRET_LENGTH = 32;

function jwtPreviousSecret(env: NodeJS.ProcessEnv): string | undefined {
  const previous = secret(env, 'JWT_PREVIOUS_SECRET', SIGNING_SECRET_LENGTH);
  if (previous && !env.JWT_SECRET) throw new Error('JWT_PREVIOUS_SECRET needs JWT_SECRET (the key that replaced it)');
  return previous;
}

function s3Config(env: NodeJS.ProcessEnv): S3Config | undefined {
  const bucket = env.S3_BUCKET || undefined;
  const related = ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].filter((name) => env[name]);
  if (!bucket) {
    if (related.length > 0) throw new Error(`${related.join(', ')} set without S3_BUCKET: name the bucket, or unset them to keep files in FILES_DIR`);
    return undefined;
  }
  const endpoint = env.S3_ENDPOINT || undefined;
  if (endpoint && !/^https?:\/\/[^\s]+$/.test(endpoint)) throw new Error(`S3_ENDPOINT must be an http:// or https:// URL, got "${endpoint}"`);
  const accessKeyId = env.S3_ACCESS_KEY_ID || undefined;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY || undefined;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both or neither');
  return {
    endpoint,
    bucket,
    region: env.S3_REGION || 'us-east-1',
    accessKeyId,
    secretAccessKey,
    forcePathStyle: (env.S3_FORCE_PATH_STYLE ?? (endpoint ? 'true' : 'false')) === 'true',
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  }
  const dataDir = path.resolve(env.DATA_DIR || './data');
  return {
    host: env.HOST || '127.0.0.1',
    port,
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    adminId: env.ADMIN_ID || 'admin',
    adminPassword: env.ADMIN_PASSWORD || undefined,
    seedDemo: (env.SEED_DEMO ?? 'true') !== 'false',
    jwtSecret: secret(env, 'JWT_SECRET', SIGNING_SECRET_LENGTH),
    jwtPreviousSecret: jwtPreviousSecret(env),
    https: env.HTTPS === 'true',
    trustProxy: trustProxy(env),
    logLevel: env.LOG_LEVEL || 'info',
    webDistDir: path.resolve(env.WEB_DIST_DIR || './dist/web'),
    production: env.NODE_ENV === 'production',
    apiDocs: flag(env, 'API_DOCS', env.NODE_ENV !== 'production'),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || '"인체이식형 의료기기 환자등록사업" <no-reply@localhost>',
    smsWebhookUrl: env.SMS_WEBHOOK_URL || undefined,
    rateLimits: {
      signin: positiveInteger(env, 'RATE_LIMIT_SIGNIN', 30),
      check: positiveInteger(env, 'RATE_LIMIT_CHECK', 60),
      pincode: positiveInteger(env, 'RATE_LIMIT_PINCODE', 10),
      find: positiveInteger(env, 'RATE_LIMIT_FIND', 20),
      write: positiveInteger(env, 'RATE_LIMIT_WRITE', 30),
    },
    pincodeResendMs: seconds(env, 'PINCODE_RESEND_SECONDS', 60) * 1000,
    housekeepingIntervalMs: minutes(env, 'HOUSEKEEPING_INTERVAL_MINUTES', 60) * 60_000,
    // Two cores keep six connections busy; each idle PostgreSQL backend holds about 10 MB.
    databasePoolMax: positiveInteger(env, 'DATABASE_POOL_MAX', 6),
    viewFlushMs: positiveInteger(env, 'VIEW_FLUSH_SECONDS', 3) * 1000,
    cacheMaxBytes: megabytes(env, 'CACHE_SIZE_MB', 32) * 1024 * 1024,
    metricsToken: secret(env, 'METRICS_TOKEN'),
    redisUrl: redisUrl(env),
    shutdownTimeoutMs: positiveInteger(env, 'SHUTDOWN_TIMEOUT_SECONDS', 10) * 1000,
    filesDir: path.resolve(env.FILES_DIR || path.join(dataDir, 'files')),
    s3: s3Config(env),
    databaseStatementTimeoutMs: seconds(env, 'DATABASE_STATEMENT_TIMEOUT_SECONDS', 30) * 1000,
    databaseSslCaFile: env.DATABASE_SSL_CA_FILE ? path.resolve(env.DATABASE_SSL_CA_FILE) : undefined,
    corsOrigins: corsOrigins(env),
    adminIdleMs: minutes(env, 'ADMIN_IDLE_MINUTES', 15) * 60_000,
    adminAllowedIps: adminAllowedIps(env),
    clientTimeouts: clientTimeouts(env),
  };
}
