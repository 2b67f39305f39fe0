import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Files live under DATA_DIR/files with server-made names in two-level folders; the uploaded
 * name is only ever kept in the database.
 */
export class FileStore {
  constructor(readonly root: string) {}

  newName(extension: string): string {
    const id = randomUUID();
    return `${id.slice(0, 2)}/${id}${extension}`;
  }

  pathOf(storedName: string): string {
    const full = path.resolve(this.root, storedName);
    if (!full.startsWith(path.resolve(this.root) + path.sep)) throw new Error('stored name escapes the file root');
    return full;
  }

  async write(storedName: string, data: Buffer): Promise<void> {
    const full = this.pathOf(storedName);
    await fs.promises.mkdir(path.dirname(full), { recursive: true });
    await fs.promises.writeFile(full, data);
  }

  async remove(storedName: string): Promise<void> {
    await fs.promises.rm(this.pathOf(storedName), { force: true });
  }

  exists(storedName: string): boolean {
    return fs.existsSync(this.pathOf(storedName));
  }

  stream(storedName: string): fs.ReadStream {
    return fs.createReadStream(this.pathOf(storedName));
  }
}
