import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { migrationsFolder } from '../db/client';
import { BackupError } from './errors';
import type { MigrationId } from './manifest';

interface Journal {
  entries: { tag: string; when: number }[];
}

/** The migrations this code carries, in order (drizzle's meta/_journal.json). */
export function codeMigrations(folder: string = migrationsFolder): MigrationId[] {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as Journal;
  return journal.entries.map((e) => ({ id: e.tag, createdAt: e.when }));
}

/** The migrations applied to a database, named after this code's journal where it knows them. */
export async function databaseMigrations(client: pg.ClientBase, folder: string = migrationsFolder): Promise<MigrationId[]> {
  const { rows: present } = await client.query<{ ok: boolean }>(`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS ok`);
  if (!present[0]!.ok) {
    throw new BackupError('The database has no migrations table (drizzle.__drizzle_migrations): it is not this site\'s database, or the site never started on it.');
  }
  const names = new Map(codeMigrations(folder).map((m) => [m.createdAt, m.id]));
  const { rows } = await client.query<{ created_at: string }>('SELECT created_at::text FROM drizzle.__drizzle_migrations ORDER BY created_at, id');
  return rows.map((r) => {
    const createdAt = Number(r.created_at);
    return { id: names.get(createdAt) ?? 'unknown', createdAt };
  });
}

const label = (m: MigrationId | undefined) => (m ? `${m.id} (${m.createdAt})` : 'none');

/**
 * Why a backup cannot be restored by this code, or null when both have the same migrations. A dump
 * restores into the schema it was made from; this code then runs on it, so both must agree.
 */
export function migrationMismatch(backup: MigrationId[], code: MigrationId[]): string | null {
  const differsAt = Array.from({ length: Math.max(backup.length, code.length) }, (_, i) => i).find(
    (i) => backup[i]?.createdAt !== code[i]?.createdAt,
  );
  if (differsAt === undefined) return null;
  const lastBackup = label(backup.at(-1));
  const lastCode = label(code.at(-1));
  if (differsAt === backup.length) {
    return (
      `The backup was made from a database at migration ${lastBackup}, ${backup.length} migrations; this version of the site ` +
      `has ${code.length}, up to ${lastCode}. Restore it with the version of the site that made it (see "app" in ` +
      'manifest.json), then start this version, which migrates the database.'
    );
  }
  if (differsAt === code.length) {
    return (
      `The backup was made by a newer version of the site: its database is at migration ${lastBackup}, which this version ` +
      `(up to ${lastCode}) does not have. Restore it with that version (see "app" in manifest.json) or a newer one.`
    );
  }
  return (
    `The backup's migrations differ from this version's at number ${differsAt + 1}: the backup has ${label(backup[differsAt])}, ` +
    `this version ${label(code[differsAt])}. Restore it with the version of the site that made it (see "app" in manifest.json).`
  );
}
