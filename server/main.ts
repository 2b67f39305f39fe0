import { ConfigError, loadConfig } from './config';
import { createLogger } from './logger';
import { openDatabase } from './db/client';
import { canRewriteAccessRecords } from './db/app-role';
import { acquireDataDirLock, DataDirLockedError } from './db/lock';
import { buildApp } from './app';
import { loadTokenKeys } from './auth/tokens';
import { previousSecretWarning } from './auth/signing-keys';
import { seedIfEmpty } from './seed';
import { housekeepingSchedule } from '@server/modules/housekeeping';
import { viewFoldSchedule } from '@server/modules/board';
import { prepareStoredSecrets } from '@server/modules/two-factor';
import { FieldKeyMissing, KEY_FILE_NAME } from './lib/field-encryption';

async function main() {
  const config = loadConfig();
  const log = createLogger(config.logLevel);
  // One server process per data directory: two would fight over one embedded PostgreSQL cluster
  // (and stop each other's). A PostgreSQL server of its own needs no lock from us.
  const releaseLock = config.databaseUrl ? () => {} : acquireDataDirLock(config.dataDir);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    ownerUrl: config.databaseOwnerUrl,
    applicationRole: true,
    dataDir: config.dataDir,
    poolMax: config.databasePoolMax,
    statementTimeoutMs: config.databaseStatementTimeoutMs,
    sslCaFile: config.databaseSslCaFile,
    log: { warn: (msg) => log.warn(msg), debug: (msg) => log.debug(msg) },
  });
  // Issue 25: an application that could rewrite its own access records is told so at every start.
  if (await canRewriteAccessRecords(database.pool)) {
    log.warn(
      'The application connects to PostgreSQL as a role that can change or remove access records (their owner or a superuser): ' +
        'connect with a role of its own in DATABASE_URL and give the owner in DATABASE_OWNER_URL (docs/operations.md, "Database roles").',
    );
  }
  const keys = await loadTokenKeys(database.db, config.jwtSecret, config.jwtPreviousSecret);
  const previousSecret = previousSecretWarning(config.jwtPreviousSecret);
  if (previousSecret) log.warn(previousSecret);
  const app = await buildApp({ db: database.db, config, keys }, { loggerInstance: log });
  await seedIfEmpty(
    database.db,
    app.deps.files,
    { adminId: config.adminId, adminPassword: config.adminPassword, dataDir: config.dataDir, seedDemo: config.seedDemo },
    app.log,
  );

  // Second-factor secrets sealed at rest (issue 25): the ones stored plain before are sealed now, and
  // an instance without the key the others sealed with stops here rather than refuse every code.
  try {
    const { sealed } = await prepareStoredSecrets(database.db, app.deps.fieldEncryption);
    if (sealed > 0) app.log.info({ sealed, key: app.deps.fieldEncryption.currentKeyId }, 'second-factor secrets sealed');
  } catch (err) {
    if (err instanceof FieldKeyMissing) {
      throw new Error(
        `Second-factor secrets in the database are sealed with field encryption key ${err.keyId}, which this instance does not have: ` +
          `set FIELD_ENCRYPTION_KEY as on the other instances, or copy ${KEY_FILE_NAME} from the DATA_DIR of the instance that made it.`,
        { cause: err },
      );
    }
    throw err;
  }

  // Deletes data no longer needed (expired tokens, old outbox records, unattached uploads...).
  const housekeeping = housekeepingSchedule(app);
  // Moves the views counted beside the posts into the posts' rows (issue 24).
  const viewFold = viewFoldSchedule(app);

  // SIGTERM/SIGINT (issue 10): /readyz turns 503 so the load balancer moves traffic away, the
  // listening socket closes, requests in flight finish (connections kept alive close after their
  // answer), bounded by SHUTDOWN_TIMEOUT_SECONDS; then the app's onClose hooks (view flush, cache
  // bus, housekeeping, pool) and last the embedded PostgreSQL server (docs/decisions/0010).
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.operations.readiness.startDraining();
    app.log.info({ signal, timeoutMs: config.shutdownTimeoutMs }, 'shutting down: draining requests in flight');
    const cutConnections = setTimeout(() => {
      app.log.warn('requests still running at the shutdown deadline: closing their connections');
      app.server.closeAllConnections();
    }, config.shutdownTimeoutMs);
    // Closing the pools and the database gets as long again; a shutdown that hangs past that fails.
    const giveUp = setTimeout(() => {
      app.log.error('shutdown did not finish in time');
      process.exit(1);
    }, config.shutdownTimeoutMs * 2 + 10_000);
    giveUp.unref();
    try {
      await app.close();
      clearTimeout(cutConnections);
      await database.close();
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
    releaseLock();
    app.log.info('shut down');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  housekeeping.start();
  viewFold.start();
  app.log.info(
    `${database.kind === 'embedded' ? `embedded PostgreSQL in ${config.dataDir}` : 'PostgreSQL server'}; site at http://${config.host}:${config.port}/`,
  );
}

main().catch((err: unknown) => {
  if (err instanceof DataDirLockedError) {
    console.error(`\n${err.message}\n`);
  } else if (err instanceof ConfigError) {
    // A setting the server cannot use (README "Configuration"): what to fix, without a stack.
    console.error(`\nThe server cannot start with this environment:\n${err.message}\n`);
  } else {
    console.error(err);
  }
  process.exit(1);
});
