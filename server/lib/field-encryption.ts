import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Fields encrypted at rest with a key kept outside the database (issue 25): a dump or a backup of
 * the database alone does not give an administrator's authenticator secret, so it yields no valid
 * code. AES-256-GCM; the sealed value names its key, and the record it belongs to is bound in as
 * associated data (a value copied to another account's row does not open there).
 *
 * Keys come from FIELD_ENCRYPTION_KEY (and FIELD_ENCRYPTION_PREVIOUS_KEY while rotating), or else
 * from DATA_DIR/field-encryption.keys (mode 600, made on the first start): one key a line, the
 * newest first, which seals; the others only open. `npm run rotate-field-key` adds a key there and
 * seals every value again (scripts/rotate-field-key.ts).
 */

export const KEY_FILE_NAME = 'field-encryption.keys';
const VERSION = 'v1';
const TAG_BYTES = 16;

export interface FieldKey {
  /** What a sealed value and a backup's manifest name it by: not secret (a hash's first 12 hex digits). */
  id: string;
  key: Buffer;
}

/** A sealed value's key is not among those this process holds. */
export class FieldKeyMissing extends Error {
  constructor(readonly keyId: string) {
    super(`field encryption key ${keyId} is not available here`);
  }
}

/** A key from its secret (any printable string of 32 or more characters, or a line of the key file). */
export function fieldKey(secret: string): FieldKey {
  const key = Buffer.from(crypto.hkdfSync('sha256', secret, 'nids-field-encryption', VERSION, 32));
  return { id: crypto.createHash('sha256').update(key).digest('hex').slice(0, 12), key };
}

/** A new random key secret, as the key file holds it. */
export const newKeySecret = () => crypto.randomBytes(48).toString('base64url');

export interface FieldKeySource {
  /** FIELD_ENCRYPTION_KEY, and the key it replaced. */
  key?: string;
  previousKey?: string;
  /** DATA_DIR: where the key file is, when no key is given. */
  dataDir: string;
}

export const keyFilePath = (dataDir: string) => path.join(dataDir, KEY_FILE_NAME);

/** The key file's secrets, newest first; [] when there is none. */
export function readKeyFile(file: string): string[] {
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

/** Writes the key file (mode 600) through a temporary file, so a reader never sees half of it. */
export function writeKeyFile(file: string, secrets: string[]): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(partial, `${secrets.join('\n')}\n`, { mode: 0o600 });
  fs.renameSync(partial, file);
}

/** The key secrets in use, newest first: from the environment, or the key file (made when missing). */
export function loadKeySecrets(source: FieldKeySource): string[] {
  if (source.key) return [source.key, ...(source.previousKey ? [source.previousKey] : [])];
  const file = keyFilePath(source.dataDir);
  const secrets = readKeyFile(file);
  if (secrets.length > 0) return secrets;
  // Made exclusively: of two processes starting on one DATA_DIR, the second reads the first's key.
  fs.mkdirSync(path.dirname(file), { recursive: true });
  try {
    fs.writeFileSync(file, `${newKeySecret()}\n`, { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return readKeyFile(file);
}

export class FieldEncryption {
  private keys: FieldKey[];

  /** `reload` reads the keys again (the key file may have gained one since this process started). */
  constructor(
    secrets: string[],
    private readonly reload: () => string[] = () => secrets,
  ) {
    this.keys = secrets.map(fieldKey);
    if (this.keys.length === 0) throw new Error('no field encryption key');
  }

  /** The key that seals. */
  get currentKeyId(): string {
    return this.keys[0]!.id;
  }

  get keyIds(): string[] {
    return this.keys.map((k) => k.id);
  }

  /** `v1.<key id>.<iv>.<ciphertext>.<tag>`, base64url; `context` names the record (e.g. `two_factor:12`). */
  seal(plain: string, context: string): string {
    const { id, key } = this.keys[0]!;
    const iv = crypto.randomBytes(12);
    const cipher = crypto.createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(context));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, id, iv.toString('base64url'), body.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
  }

  /**
   * The plain value; throws FieldKeyMissing for a key not held here, and on any tampering. A value
   * stored before encryption (not sealed) is given back as it is: during a rolling upgrade an
   * instance of the release before may still store one; the next start seals it.
   */
  open(sealed: string, context: string): string {
    if (!FieldEncryption.isSealed(sealed)) return sealed;
    const [version, id, iv, body, tag] = sealed.split('.');
    if (version !== VERSION || !id || iv === undefined || body === undefined || tag === undefined) throw new Error('not a sealed value');
    const key = this.keyFor(id);
    const authTag = Buffer.from(tag, 'base64url');
    // The full 16 bytes only: GCM would also take a tag cut to 4, which a forger could guess.
    if (authTag.length !== TAG_BYTES) throw new Error('not a sealed value');
    const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(authTag);
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }

  /** Whether `value` was sealed here (a value stored before encryption is plain). */
  static isSealed(value: string): boolean {
    return value.startsWith(`${VERSION}.`);
  }

  /** The key a sealed value names. */
  static keyIdOf(sealed: string): string | undefined {
    return FieldEncryption.isSealed(sealed) ? sealed.split('.')[1] : undefined;
  }

  private keyFor(id: string): Buffer {
    let found = this.keys.find((k) => k.id === id);
    if (!found) {
      // Another process may have rotated: the key file holds the new key now.
      const reloaded = this.reload();
      if (reloaded.length > 0) this.keys = reloaded.map(fieldKey);
      found = this.keys.find((k) => k.id === id);
    }
    if (!found) throw new FieldKeyMissing(id);
    return found.key;
  }
}

/** The process's field encryption, from the configuration. */
export function openFieldEncryption(source: FieldKeySource): FieldEncryption {
  const secrets = loadKeySecrets(source);
  return new FieldEncryption(secrets, () => (source.key ? secrets : readKeyFile(keyFilePath(source.dataDir))));
}
