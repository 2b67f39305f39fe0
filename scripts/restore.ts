// `npm run restore -- <dir> [--force]`: the database and uploaded files of a backup made by
// `npm run backup`, into the site the environment names (DATABASE_URL or DATA_DIR; S3 or FILES_DIR).
// Every checksum is checked before anything is written; a target holding any row or stored file is
// refused unless --force (which deletes them first); the embedded database needs the site stopped.
// docs/decisions/0014-backup-and-restore.md. Exit code 0: done (the last line sums it up); 1: not.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '@server/config';
import { lockSiteForRestore, openSiteForRestore } from '@server/backup/connect';
import { openBackup, restoredLine, restoreSite } from '@server/backup/restore';

const usage = 'Usage: npm run restore -- <directory> [--force]';

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    args: process.argv.slice(2),
    options: { force: { type: 'boolean', default: false }, help: { type: 'boolean', default: false } },
    allowPositionals: true,
  });
  if (values.help) {
    console.log(usage);
    return 0;
  }
  if (positionals.length !== 1) {
    console.error(usage);
    return 1;
  }
  const dir = path.resolve(process.env.INIT_CWD ?? process.cwd(), positionals[0]!);
  const config = loadConfig();
  const log = (line: string) => console.log(line);
  // Refuse at once under a running site, before minutes of checksum reading.
  const release = lockSiteForRestore(config);
  try {
    log(`Checking the backup in ${dir}.`);
    const backup = await openBackup(dir);
    const site = await openSiteForRestore(config, release, log);
    try {
      log(`Restoring into ${site.description}.`);
      const { seconds } = await restoreSite(backup, {
        database: site.database,
        files: site.files,
        force: values.force,
        sslCaFile: site.sslCaFile,
        log,
      });
      console.log(restoredLine(backup, seconds));
      return 0;
    } finally {
      await site.close();
    }
  } finally {
    release();
  }
}

process.exitCode = await main().catch((err: unknown) => {
  console.error(`Restore failed: ${(err as Error).message}`);
  return 1;
});
