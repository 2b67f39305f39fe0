import path from 'node:path';

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
  /** True behind TLS: turns on HSTS and upgrade-insecure-requests. */
  https: boolean;
  trustProxy: boolean;
  logLevel: string;
  webDistDir: string;
  production: boolean;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  }
  return {
    host: env.HOST || '127.0.0.1',
    port,
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    adminId: env.ADMIN_ID || 'admin',
    adminPassword: env.ADMIN_PASSWORD || undefined,
    seedDemo: (env.SEED_DEMO ?? 'true') !== 'false',
    jwtSecret: env.JWT_SECRET || undefined,
    https: env.HTTPS === 'true',
    trustProxy: env.TRUST_PROXY === 'true',
    logLevel: env.LOG_LEVEL || 'info',
    webDistDir: path.resolve(env.WEB_DIST_DIR || './dist/web'),
    production: env.NODE_ENV === 'production',
  };
}
