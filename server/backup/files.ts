import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { checkStoredName, isSiteStoredName, type FileStore } from '@server/modules/file';
import { DigestStream, eachLimited } from './digest';
import { BackupError } from './errors';
import { FILES_PREFIX, type ManifestEntry } from './manifest';

/**
 * Uploaded files, through the FileStore interface only, so a directory store and S3 storage are
 * backed up and restored alike: every stored name under `files/`, streamed (never a whole file in
 * memory), a few at a time.
 */
const PARALLEL = 4;

export interface FilesBackup {
  entries: ManifestEntry[];
  bytes: number;
  /** Listed, then gone before they could be read: the site deleted them meanwhile. */
  vanished: number;
  /** Names in the store that the site never makes (a stray file in FILES_DIR), left out. */
  foreign: number;
}

async function storedNames(files: FileStore): Promise<{ names: string[]; foreign: number }> {
  const names: string[] = [];
  let foreign = 0;
  for await (const name of files.list()) {
    if (isSiteStoredName(name)) names.push(name);
    else foreign++;
  }
  return { names: names.sort(), foreign };
}

export async function backupFiles(files: FileStore, dir: string): Promise<FilesBackup> {
  const { names, foreign } = await storedNames(files);
  const entries: ManifestEntry[] = [];
  let vanished = 0;
  await eachLimited(names, PARALLEL, async (name) => {
    const source = await files.read(name);
    if (!source) {
      vanished++;
      return;
    }
    const target = path.join(dir, FILES_PREFIX, name);
    await fs.promises.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    const digest = new DigestStream();
    await pipeline(source, digest, fs.createWriteStream(target, { mode: 0o600, flags: 'wx' }));
    entries.push({ path: `${FILES_PREFIX}${name}`, ...digest.result() });
  });
  entries.sort((a, b) => (a.path < b.path ? -1 : 1));
  return { entries, bytes: entries.reduce((sum, e) => sum + e.bytes, 0), vanished, foreign };
}

/** How many files the store holds (a restore target must hold none, unless forced). */
export async function countStoredFiles(files: FileStore): Promise<number> {
  return (await storedNames(files)).names.length;
}

export async function removeStoredFiles(files: FileStore): Promise<number> {
  const { names } = await storedNames(files);
  await eachLimited(names, PARALLEL, (name) => files.remove(name));
  return names.length;
}

/** Writes every stored file of the backup back into the store under its own name. */
export async function restoreFiles(files: FileStore, dir: string, entries: ManifestEntry[]): Promise<void> {
  const stored = entries.filter((e) => e.path.startsWith(FILES_PREFIX));
  await eachLimited(stored, PARALLEL, async (entry) => {
    const name = checkStoredName(entry.path.slice(FILES_PREFIX.length));
    const written = await files.write(name, fs.createReadStream(path.join(dir, entry.path)));
    if (written !== entry.bytes) {
      throw new BackupError(`${entry.path} was written with ${written} bytes instead of ${entry.bytes}.`);
    }
  });
}
