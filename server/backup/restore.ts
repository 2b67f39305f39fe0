import type { Database } from '../db/client';
import type { FileStore } from '@server/modules/file';
import { contentsLine, formatCount, totalRows } from './backup';
import { tablesWithRows } from './catalog';
import { checkRestoreTools, restoreDatabase } from './database-dump';
import { BackupError } from './errors';
import { countStoredFiles, removeStoredFiles, restoreFiles } from './files';
import { readManifest, verifyEntries, type Manifest } from './manifest';
import { codeMigrations, migrationMismatch } from './migrations';

/** `npm run restore -- <dir>`: the database and the stored files of a backup, into an empty site. */

declare const verified: unique symbol;

/** A backup whose every checksum was found right: only `openBackup` makes one. */
export interface VerifiedBackup {
  readonly dir: string;
  readonly manifest: Manifest;
  readonly [verified]: true;
}

/**
 * Reads the manifest and checks, before anything is written anywhere, that this version of the
 * site can restore the backup (same migrations, the tools its dump needs) and that every file is
 * whole (length and SHA-256).
 */
export async function openBackup(dir: string): Promise<VerifiedBackup> {
  const manifest = readManifest(dir);
  const mismatch = migrationMismatch(manifest.database.migrations, codeMigrations());
  if (mismatch) throw new BackupError(mismatch);
  checkRestoreTools(manifest.database);
  await verifyEntries(dir, manifest);
  return { dir, manifest } as VerifiedBackup;
}

export interface RestoreOptions {
  database: Database;
  files: FileStore;
  /** Delete what the target holds first; without it a target with any row or file is refused. */
  force?: boolean;
  sslCaFile?: string;
  log?: (line: string) => void;
}

export async function restoreSite(backup: VerifiedBackup, opts: RestoreOptions): Promise<{ seconds: number }> {
  const started = Date.now();
  const log = opts.log ?? (() => {});
  const { manifest, dir } = backup;
  const filled = await tablesWithRows(opts.database.pool);
  const storedFiles = await countStoredFiles(opts.files);
  if (filled.length > 0 || storedFiles > 0) {
    const what = `${filled.length} tables with rows${filled.length ? ` (${filled.slice(0, 5).join(', ')}${filled.length > 5 ? ', ...' : ''})` : ''} and ${storedFiles} stored files`;
    if (!opts.force) {
      throw new BackupError(
        `The target is not empty: ${what}. A restore replaces the whole site: run it again with --force to delete ` +
          'them first, or restore into an empty database and file store.',
      );
    }
    log(`--force: deleting the target's ${what}.`);
  }
  try {
    // The database is dropped and made again by restoreDatabase; stored files are removed here.
    if (storedFiles > 0) await removeStoredFiles(opts.files);
    const { database } = manifest;
    const made = database.method === 'pg_dump' ? `a pg_dump ${database.pgDumpVersion} archive` : "the site's own dump";
    log(`Database: restoring ${database.tables.length} tables, ${formatCount(totalRows(database.tables))} rows from ${made}.`);
    await restoreDatabase(opts.database, dir, manifest.database, { sslCaFile: opts.sslCaFile });
    log(`Files: writing ${manifest.files.count} files to the ${opts.files.location}.`);
    await restoreFiles(opts.files, dir, manifest.entries);
  } catch (err) {
    throw new BackupError(
      `${(err as Error).message}\nThe restore stopped part of the way, so the site may be incomplete: fix the cause, then run it again with --force.`,
      { cause: err },
    );
  }
  return { seconds: (Date.now() - started) / 1000 };
}

export const restoredLine = (backup: VerifiedBackup, seconds: number) =>
  `Restore complete: ${contentsLine(backup.manifest)} from ${backup.dir} in ${seconds.toFixed(1)} s.`;
