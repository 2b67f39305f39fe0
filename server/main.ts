import { pino } from 'pino';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { acquireDataDirLock, DataDirLockedError } from './db/lock';
import { buildApp } from './app';
import { loadTokenKeys } from './auth/tokens';
import { seedIfEmpty } from './seed';
import { housekeepingSchedule } from './modules/housekeeping/schedule';

async function main() {
  const config = loadConfig();
  const log = pino({ level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] });
  // One server process per data directory: two would fight over one embedded PostgreSQL cluster
  // (and stop each other's). A PostgreSQL server of its own needs no lock from us.
  const releaseLock = config.databaseUrl ? () => {} : acquireDataDirLock(config.dataDir);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolMax: config.databasePoolMax,
    log: { warn: (msg) => log.warn(msg), debug: (msg) => log.debug(msg) },
  });
  const keys = await loadTokenKeys(database.db, config.jwtSecret);
  const app = await buildApp({ db: database.db, config, keys }, { loggerInstance: log });
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
    try {
      await app.close();
      await database.close();
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
    releaseLock();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  housekeeping.start();
  app.log.info(
    `${database.kind === 'embedded' ? `embedded PostgreSQL in ${config.dataDir}` : 'PostgreSQL server'}; site at http://${config.host}:${config.port}/`,
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
