import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where uploaded bytes live: a directory (`FILES_DIR`, which may be a volume every instance
 * shares) or S3-compatible object storage. Stored names are made by the server (`newName`),
 * in two-level folders; the uploaded name is only ever kept in the database.
 */
export interface FileStore {
  /** Where the bytes go, for logs and the backup manifest (no secrets). */
  readonly location: string;
  newName(extension: string): string;
  /** Stores the bytes under `storedName` (streamed when given a stream); answers their length. */
  write(storedName: string, data: Buffer | Readable): Promise<number>;
  /** The bytes as a stream, or null when nothing is stored under that name. */
  read(storedName: string): Promise<Readable | null>;
  exists(storedName: string): Promise<boolean>;
  /** Removes the bytes; a name with nothing stored is not an error. */
  remove(storedName: string): Promise<void>;
  /** Every stored name (for backup), in no particular order. */
  list(): AsyncIterable<string>;
  /** Fails, with a message for the operator, when the store cannot be used (checked at start). */
  check(): Promise<void>;
  /** Lets go of connections (on app close). */
  close(): void;
}

export function newStoredName(extension: string): string {
  const id = randomUUID();
  return `${id.slice(0, 2)}/${id}${extension}`;
}

/**
 * Exactly the names `newStoredName` makes. Backup, restore and its emptiness check handle only
 * these, so other objects in a shared bucket or directory are never copied, counted or deleted.
 */
export function isSiteStoredName(name: string): boolean {
  return /^[0-9a-f]{2}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(\.[a-z0-9]{1,10})?$/.test(name);
}

/** A stored name is two folders deep at most and never climbs out of the store. */
export function checkStoredName(storedName: string): string {
  if (!/^[0-9A-Za-z_-]{1,64}(\/[0-9A-Za-z._-]{1,200})?$/.test(storedName) || storedName.includes('..')) {
    throw new Error(`not a stored file name: ${JSON.stringify(storedName)}`);
  }
  return storedName;
}

/** The whole of a stored file in memory (small files only: import workbooks, backups' checks). */
export async function readAll(files: FileStore, storedName: string): Promise<Buffer | null> {
  const stream = await files.read(storedName);
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Files in a directory: `FILES_DIR`, by default `DATA_DIR/files`. */
export class LocalFileStore implements FileStore {
  readonly root: string;
  constructor(root: string) {
    this.root = path.resolve(root);
  }

  get location(): string {
    return `directory ${this.root}`;
  }

  newName(extension: string): string {
    return newStoredName(extension);
  }

  pathOf(storedName: string): string {
    return path.join(this.root, checkStoredName(storedName));
  }

  async write(storedName: string, data: Buffer | Readable): Promise<number> {
    const full = this.pathOf(storedName);
    await fs.promises.mkdir(path.dirname(full), { recursive: true });
    // Written beside, then renamed: a reader (or another instance) never sees half a file.
    const partial = `${full}.${process.pid}.${randomUUID().slice(0, 8)}.partial`;
    try {
      await pipeline(Buffer.isBuffer(data) ? Readable.from([data]) : data, fs.createWriteStream(partial));
      await fs.promises.rename(partial, full);
    } catch (err) {
      await fs.promises.rm(partial, { force: true });
      throw err;
    }
    return (await fs.promises.stat(full)).size;
  }

  async read(storedName: string): Promise<Readable | null> {
    const full = this.pathOf(storedName);
    try {
      const handle = await fs.promises.open(full, 'r');
      return handle.createReadStream();
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async exists(storedName: string): Promise<boolean> {
    try {
      return (await fs.promises.stat(this.pathOf(storedName))).isFile();
    } catch {
      return false;
    }
  }

  async remove(storedName: string): Promise<void> {
    await fs.promises.rm(this.pathOf(storedName), { force: true });
  }

  async check(): Promise<void> {
    try {
      await fs.promises.mkdir(this.root, { recursive: true });
      await fs.promises.access(this.root, fs.constants.W_OK);
    } catch (err) {
      throw new Error(`FILES_DIR ${this.root} cannot be written: ${(err as Error).message}`, { cause: err });
    }
  }

  close(): void {}

  async *list(): AsyncIterable<string> {
    let folders: fs.Dirent[];
    try {
      folders = await fs.promises.readdir(this.root, { withFileTypes: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    for (const folder of folders) {
      if (folder.isFile() && !folder.name.endsWith('.partial')) yield folder.name;
      if (!folder.isDirectory()) continue;
      for (const entry of await fs.promises.readdir(path.join(this.root, folder.name), { withFileTypes: true })) {
        if (entry.isFile() && !entry.name.endsWith('.partial')) yield `${folder.name}/${entry.name}`;
      }
    }
  }
}
