import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { checkStoredName } from '@server/modules/file';
import { eachLimited, fileDigest } from './digest';
import { BackupError } from './errors';

/**
 * `manifest.json` describes a backup directory (docs/decisions/0014-backup-and-restore.md): what
 * made it, the database's migrations, rows per table, and the length and SHA-256 of every file
 * written beside it (the database dump and each stored file). It is written last, so a directory
 * without one is an unfinished backup.
 */
export const MANIFEST_FILE = 'manifest.json';
export const BACKUP_FORMAT = 'nids-site-backup';
export const FORMAT_VERSION = 1;

/** Where a file of the backup may sit: the dump under database/, stored files under files/. */
const databaseEntry = /^database\/[A-Za-z0-9_.%-]{1,200}$/;
export const FILES_PREFIX = 'files/';

const entrySchema = z.object({
  path: z.string().refine(isEntryPath, 'not a path inside the backup'),
  bytes: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

const migrationSchema = z.object({
  /** The migration's name (`0008_admin_console`), or `unknown` when the backing-up code did not know it. */
  id: z.string(),
  /** drizzle's key for the migration (`when` in meta/_journal.json, `created_at` in the database). */
  createdAt: z.number().int(),
});

const tableSchema = z.object({
  name: z.string(),
  rows: z.number().int().nonnegative(),
  /** App dumps: the columns in the order the dump file holds them, and that file. */
  columns: z.array(z.string()).optional(),
  file: z.string().optional(),
});

const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.literal(FORMAT_VERSION),
  createdAt: z.string(),
  app: z.object({ name: z.string(), version: z.string() }),
  database: z.object({
    /** `pg_dump`: one custom-format archive; `app`: one gzipped COPY text file per table. */
    method: z.enum(['pg_dump', 'app']),
    serverVersion: z.string(),
    pgDumpVersion: z.string().optional(),
    /** The pg_dump archive (method pg_dump). */
    archive: z.string().optional(),
    migrations: z.array(migrationSchema),
    tables: z.array(tableSchema),
    /** App dumps: every sequence's state (pg_dump archives carry their own). */
    sequences: z.array(z.object({ name: z.string(), lastValue: z.string(), isCalled: z.boolean() })),
  }),
  files: z.object({ count: z.number().int().nonnegative(), bytes: z.number().int().nonnegative() }),
  /**
   * The field encryption keys the second-factor secrets in the dump are sealed with (issue 25): a
   * restore needs them (FIELD_ENCRYPTION_KEY or DATA_DIR/field-encryption.keys), which the backup
   * does not hold. Absent in backups made before.
   */
  fieldEncryptionKeys: z.array(z.string()).optional(),
  entries: z.array(entrySchema),
}).superRefine((m, ctx) => {
  // Every dump file restore opens is one of the checksummed entries (so it was verified, and it
  // lies inside the backup).
  const listed = new Set(m.entries.map((e) => e.path));
  const opened = [m.database.archive, ...m.database.tables.map((t) => t.file)].filter((f): f is string => f !== undefined);
  for (const file of opened) {
    if (!listed.has(file)) ctx.addIssue({ code: 'custom', path: ['database'], message: `${file} is not among the checksummed entries` });
  }
});

export type Manifest = z.infer<typeof manifestSchema>;
export type ManifestEntry = z.infer<typeof entrySchema>;
export type MigrationId = z.infer<typeof migrationSchema>;
export type DatabaseSection = Manifest['database'];
export type TableSection = z.infer<typeof tableSchema>;

function isEntryPath(entryPath: string): boolean {
  if (databaseEntry.test(entryPath)) return !entryPath.includes('..');
  if (!entryPath.startsWith(FILES_PREFIX)) return false;
  try {
    checkStoredName(entryPath.slice(FILES_PREFIX.length));
    return true;
  } catch {
    return false;
  }
}

export function appVersion(): { name: string; version: string } {
  const file = path.resolve(import.meta.dirname, '..', '..', 'package.json');
  const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as { name: string; version: string };
  return { name: pkg.name, version: pkg.version };
}

/** Written beside and renamed: a manifest is either whole or absent. */
export function writeManifest(dir: string, manifest: Manifest): void {
  const file = path.join(dir, MANIFEST_FILE);
  const partial = `${file}.partial`;
  fs.writeFileSync(partial, `${JSON.stringify(manifestSchema.parse(manifest), null, 2)}\n`, { mode: 0o600 });
  fs.renameSync(partial, file);
}

export function readManifest(dir: string): Manifest {
  const file = path.join(dir, MANIFEST_FILE);
  if (!fs.existsSync(dir)) throw new BackupError(`There is no directory ${dir}.`);
  if (!fs.existsSync(file)) {
    throw new BackupError(
      `${dir} has no ${MANIFEST_FILE}: it is not a backup made by "npm run backup", or that backup did not finish.`,
    );
  }
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    throw new BackupError(`${file} is not valid JSON (${(err as Error).message}).`, { cause: err });
  }
  const header = z.object({ format: z.string(), formatVersion: z.number() }).safeParse(raw);
  if (!header.success || header.data.format !== BACKUP_FORMAT) {
    throw new BackupError(`${file} does not describe a backup of this site (format "${BACKUP_FORMAT}").`);
  }
  if (header.data.formatVersion !== FORMAT_VERSION) {
    throw new BackupError(
      `${file} has format version ${header.data.formatVersion}; this version of the site reads version ${FORMAT_VERSION}. ` +
        'Restore it with the version of the site that made it.',
    );
  }
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success) {
    const first = parsed.error.issues[0]!;
    // zod's sentences end with their own full stop (contract/zod-ko.ts).
    throw new BackupError(`${file} is damaged: ${first.path.join('.')}: ${first.message.replace(/\.$/, '')}.`);
  }
  return parsed.data;
}

/**
 * Checks every file the manifest lists against its length and SHA-256; throws naming the files
 * that are missing or differ. Restore runs this before it writes anything.
 */
export async function verifyEntries(dir: string, manifest: Manifest): Promise<void> {
  const problems: string[] = [];
  await eachLimited(manifest.entries, 4, async (entry) => {
    const file = path.join(dir, entry.path);
    if (!fs.existsSync(file)) {
      problems.push(`${entry.path} is missing`);
      return;
    }
    const actual = await fileDigest(file);
    if (actual.bytes !== entry.bytes || actual.sha256 !== entry.sha256) {
      problems.push(`${entry.path} does not match its checksum`);
    }
  });
  if (problems.length > 0) {
    problems.sort();
    const shown = problems.slice(0, 5).join('; ');
    const more = problems.length > 5 ? `; and ${problems.length - 5} more` : '';
    throw new BackupError(
      `The backup in ${dir} is damaged (${problems.length} of ${manifest.entries.length} files): ${shown}${more}. Nothing was restored.`,
    );
  }
}
