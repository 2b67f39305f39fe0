import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { acquireDataDirLock, DataDirLockedError } from './db/lock';
import { buildApp } from './app';
import { loadTokenKeys } from './auth/tokens';
import { seedIfEmpty } from './seed';
import { housekeepingSchedule } from './modules/housekeeping/schedule';

async function main() {
  const config = loadConfig();
  // PGlite has no lock of its own; a PostgreSQL server needs none from us.
  const releaseLock = config.databaseUrl ? () => {} : acquireDataDirLock(config.dataDir);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const keys = await loadTokenKeys(database.db, config.jwtSecret);
  const app = await buildApp(
    { db: database.db, config, keys },
    { logger: { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] } },
  );
  await seedIfEmpty(
    database.db,
    app.deps.files,
    { adminId: config.adminId, adminPassword: config.adminPassword, dataDir: config.dataDir, seedDemo: config.seedDemo },
    app.log,
  );

  // Deletes data no longer needed (expired tokens, old outbox records, unattached uploads...).
  const housekeeping = housekeepingSchedule(app);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    releaseLock();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  housekeeping.start();
  app.log.info(
    `${database.kind === 'pglite' ? `embedded PostgreSQL in ${config.dataDir}` : 'PostgreSQL server'}; site at http://${config.host}:${config.port}/`,
  );
}

main().catch((err: unknown) => {
  if (err instanceof DataDirLockedError) {
    console.error(`\n${err.message}\n`);
  } else {
    console.error(err);
  }
  process.exit(1);
});
