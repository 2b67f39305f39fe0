// `npm run verify-access-records`: recomputes the hash chain of the personal-data access records
// (issue 9; docs/decisions/0012-access-records.md) and prints one line in Korean and English.
// Exit code 0: the chain is whole (the line ends with the last hash: keep it elsewhere, see the
// decision record); 1: a record was changed or removed (the line names the first bad one);
// 2: the check could not run (no database, no connection).
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
import { describeResult, verifyAccessRecords } from '@server/modules/access-record';

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

async function main(): Promise<number> {
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
    const result = await verifyAccessRecords(database.db);
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
