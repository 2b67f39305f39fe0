import { storedSecretKeys } from '@server/modules/two-factor';
import fs from 'node:fs';
import type { Database } from '../db/client';
import type { FileStore } from '@server/modules/file';
import { chooseMethod, dumpDatabase, type DumpMethod } from './database-dump';
import { BackupError } from './errors';
import { backupFiles } from './files';
import { appVersion, BACKUP_FORMAT, FORMAT_VERSION, writeManifest, type Manifest } from './manifest';

/** `npm run backup -- <dir>`: the database and the stored files into a new directory, with a manifest. */
export interface BackupOptions {
  database: Database;
  files: FileStore;
  /** A directory that does not exist yet, or is empty. */
  dir: string;
  method?: DumpMethod | 'auto';
  /** DATABASE_SSL_CA_FILE, for pg_dump's connection. */
  sslCaFile?: string;
  /** Progress lines for the operator (counts and places only). */
  log?: (line: string) => void;
}

export interface BackupResult {
  manifest: Manifest;
  /** Files deleted by the running site between listing and reading them. */
  vanished: number;
  seconds: number;
}

export async function backupSite(opts: BackupOptions): Promise<BackupResult> {
  const started = Date.now();
  const log = opts.log ?? (() => {});
  prepareDirectory(opts.dir);
  try {
    const choice = await chooseMethod(opts.database.pool, opts.method ?? 'auto');
    log(`Database: PostgreSQL ${choice.serverVersion}, dumped with ${choice.description}.`);
    // The database first, then the files: every file the snapshot refers to is still stored when
    // listed (uploads write the file before its row), unless the site deletes it meanwhile.
    const database = await dumpDatabase(opts.database, opts.dir, { choice, sslCaFile: opts.sslCaFile });
    log(`Database: ${database.section.tables.length} tables, ${formatCount(totalRows(database.section.tables))} rows.`);
    log(`Files: copying from the ${opts.files.location}.`);
    const files = await backupFiles(opts.files, opts.dir);
    if (files.vanished > 0) log(`Files: ${files.vanished} were deleted by the site during the backup and are not in it.`);
    if (files.foreign > 0) log(`Files: ${files.foreign} entries in the file store are not files the site stored; left out.`);
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      formatVersion: FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      app: appVersion(),
      database: database.section,
      files: { count: files.entries.length, bytes: files.bytes },
      fieldEncryptionKeys: (await storedSecretKeys(opts.database.db)).keyIds,
      entries: [...database.entries, ...files.entries],
    };
    writeManifest(opts.dir, manifest);
    return { manifest, vanished: files.vanished, seconds: (Date.now() - started) / 1000 };
  } catch (err) {
    throw new BackupError(`${(err as Error).message}\n${opts.dir} holds an unfinished backup (no manifest.json): delete it before trying again.`, {
      cause: err,
    });
  }
}

/** A backup never mixes with another: its directory is new or empty. Mode 700: it holds personal data. */
function prepareDirectory(dir: string): void {
  if (fs.existsSync(dir)) {
    if (!fs.statSync(dir).isDirectory()) throw new BackupError(`${dir} is a file, not a directory.`);
    if (fs.readdirSync(dir).length > 0) throw new BackupError(`${dir} is not empty: give a new or empty directory for the backup.`);
    fs.chmodSync(dir, 0o700);
  } else {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  }
}

export const totalRows = (tables: { rows: number }[]) => tables.reduce((sum, t) => sum + t.rows, 0);

export const formatCount = (n: number) => n.toLocaleString('en-US');

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

/** The one line the command prints at the end. */
export function contentsLine(manifest: Manifest): string {
  const { database, files } = manifest;
  return (
    `${database.tables.length} tables, ${formatCount(totalRows(database.tables))} rows, ` +
    `${formatCount(files.count)} files (${formatBytes(files.bytes)})` +
    (manifest.fieldEncryptionKeys?.length
      ? `; its second-factor secrets open only with field encryption key ${manifest.fieldEncryptionKeys.join(', ')}, which is not in it: keep that key apart`
      : '')
  );
}
