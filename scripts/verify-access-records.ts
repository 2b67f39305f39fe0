// `npm run verify-access-records`: recomputes the hash chain of the personal-data access records
// (issue 9; docs/decisions/0012-access-records.md) and prints one line in Korean and English.
// Exit code 0: the chain is whole (the line ends with the count and the last hash: keep them
// elsewhere, see the decision record); 1: a record was changed or removed (the line names the
// first bad one), or, with `--expect-count N --expect-hash H` (a point written down earlier), the
// chain is shorter or its Nth record's hash is another (records cut from its end);
// 2: the check could not run (no database, no connection, bad arguments).
//
// The database is the one the server uses: DATABASE_URL, or else the embedded server in DATA_DIR
// (default ./data). The check only reads, so it runs while the app is running: it then connects
// to the app's own embedded server through the socket or port that server wrote into
// postmaster.pid, with the password in DATA_DIR/postgres-password. When no app holds the data
// directory, it takes the directory's lock (so no app starts meanwhile), starts the embedded
// server, checks and stops it again.
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '@server/config';
import { openDatabase, type Database } from '@server/db/client';
import { EMBEDDED_DATABASE } from '@server/db/embedded';
import { acquireDataDirLock, DataDirLockedError } from '@server/db/lock';
import { describeResult, verifyAccessRecords, type ChainCheckpoint } from '@server/modules/access-record';
import { parseArgs } from 'node:util';

class CannotCheck extends Error {}

/** The URL of the embedded server a running app started in `dataDir`, from its postmaster.pid. */
function runningServerUrl(dataDir: string): string {
  const pgdata = path.join(dataDir, 'pgdata');
  const pidFile = path.join(pgdata, 'postmaster.pid');
  const passwordFile = path.join(dataDir, 'postgres-password');
  if (!fs.existsSync(pidFile)) {
    throw new CannotCheck(
      `서버가 데이터 디렉터리를 사용 중이지만 데이터베이스가 아직 시작되지 않았습니다. 잠시 후 다시 실행하세요. / ` +
        `The server holds ${dataDir} but its database has not started yet (no ${pidFile}); try again in a moment.`,
    );
  }
  // Lines of postmaster.pid: pid, data directory, start time, port, socket directory, listen address, ...
  const lines = fs.readFileSync(pidFile, 'utf8').split('\n');
  const port = Number(lines[3]);
  const socketDir = (lines[4] ?? '').trim();
  const listen = (lines[5] ?? '').trim().split(/[\s,]+/)[0] || '127.0.0.1';
  const password = encodeURIComponent(fs.readFileSync(passwordFile, 'utf8').trim());
  if (socketDir) return `postgres://postgres:${password}@localhost:${port}/${EMBEDDED_DATABASE}?host=${encodeURIComponent(socketDir)}`;
  return `postgres://postgres:${password}@${listen === '*' ? '127.0.0.1' : listen}:${port}/${EMBEDDED_DATABASE}`;
}

/** Opens the database read by the check, and what to do when done. */
async function open(): Promise<{ database: Database; release: () => void }> {
  const config = loadConfig(process.env);
  if (config.databaseUrl) {
    return { database: await openDatabase({ databaseUrl: config.databaseUrl, migrate: false, poolMax: 1 }), release: () => {} };
  }
  if (!fs.existsSync(path.join(config.dataDir, 'pgdata', 'PG_VERSION'))) {
    throw new CannotCheck(
      `${config.dataDir}에 데이터베이스가 없습니다. DATA_DIR 또는 DATABASE_URL을 확인하세요. / ` +
        `There is no database in ${config.dataDir}: set DATA_DIR or DATABASE_URL.`,
    );
  }
  let release: () => void;
  try {
    release = acquireDataDirLock(config.dataDir);
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    // The app is running: read through its own server (reading does not disturb it).
    const url = runningServerUrl(config.dataDir);
    return { database: await openDatabase({ databaseUrl: url, migrate: false, poolMax: 1 }), release: () => {} };
  }
  try {
    return { database: await openDatabase({ dataDir: config.dataDir, migrate: false, poolMax: 1 }), release };
  } catch (err) {
    release();
    throw err;
  }
}

const usage = 'Usage: npm run verify-access-records [-- --expect-count N [--expect-hash H]]';

/**
 * `--expect-count N --expect-hash H`: a point of the chain written down earlier (the console's
 * access-record screen shows it, as does this script's last line): the chain must still hold at
 * least N records, and its Nth must have hash H. Without it, records cut from the end go unseen.
 */
function checkpointOf(argv: string[]): ChainCheckpoint | undefined {
  const { values } = parseArgs({ args: argv, options: { 'expect-count': { type: 'string' }, 'expect-hash': { type: 'string' } } });
  const count = values['expect-count'];
  const hash = values['expect-hash'];
  if (count === undefined && hash === undefined) return undefined;
  if (count === undefined || !/^\d+$/.test(count)) throw new CannotCheck(`--expect-count에 기록 수를 적어주세요. / --expect-count needs the number of records. ${usage}`);
  if (hash !== undefined && !/^[0-9a-fA-F]{64}$/.test(hash)) throw new CannotCheck(`--expect-hash는 64자리 16진수입니다. / --expect-hash is 64 hex digits. ${usage}`);
  return { count: Number(count), ...(hash ? { hash } : {}) };
}

async function main(): Promise<number> {
  let checkpoint: ChainCheckpoint | undefined;
  try {
    checkpoint = checkpointOf(process.argv.slice(2));
  } catch (err) {
    console.error(err instanceof CannotCheck ? err.message : `${(err as Error).message} ${usage}`);
    return 2;
  }
  let opened: Awaited<ReturnType<typeof open>> | undefined;
  try {
    opened = await open();
    await opened.database.pool.query('SELECT 1'); // the pool connects lazily: fail here, not mid-check
  } catch (err) {
    await opened?.database.close().catch(() => {});
    opened?.release();
    console.error(err instanceof CannotCheck ? err.message : `접근기록 검사를 시작하지 못했습니다. / The check could not start: ${(err as Error).message}`);
    return 2;
  }
  const { database, release } = opened;
  try {
    const { rows } = await database.pool.query<{ present: boolean }>(`SELECT to_regclass('access_record') IS NOT NULL AS present`);
    if (!rows[0]!.present) {
      console.error('접근기록 테이블이 없습니다. 서버를 한 번 시작해 데이터베이스를 갱신하세요. / There is no access_record table: start the server once to migrate the database.');
      return 2;
    }
    const result = await verifyAccessRecords(database.db, { checkpoint });
    const line = describeResult(result);
    if (result.ok) console.log(line);
    else console.error(line);
    return result.ok ? 0 : 1;
  } catch (err) {
    console.error(`접근기록 검사 중 오류가 났습니다. / The check failed: ${(err as Error).message}`);
    return 2;
  } finally {
    await database.close();
    release();
  }
}

process.exitCode = await main();
