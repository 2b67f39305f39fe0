import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { serverSecret, twoFactor } from '../../db/schema';
import { FieldEncryption, FieldKeyMissing, fieldKey, keyFilePath, newKeySecret, readKeyFile, writeKeyFile } from '../../lib/field-encryption';
import { secretContext } from './service';

/**
 * The second-factor secrets at rest (issue 25): sealed with the field encryption key
 * (lib/field-encryption.ts). These run at start-up and from `npm run rotate-field-key`.
 */

/** The keys the stored secrets are sealed with, and how many are still plain (stored before issue 25). */
export async function storedSecretKeys(db: Db): Promise<{ keyIds: string[]; plain: number }> {
  const rows = await db.select({ secret: twoFactor.secret }).from(twoFactor);
  const keyIds = new Set<string>();
  let plain = 0;
  for (const { secret } of rows) {
    const id = FieldEncryption.keyIdOf(secret);
    if (id) keyIds.add(id);
    else plain++;
  }
  return { keyIds: [...keyIds].sort(), plain };
}

/**
 * Seals every secret that is plain or sealed with another key than the current one, each row
 * compared and replaced in one statement (a row changed meanwhile, by an enrolment started again,
 * is left to the next run). Throws FieldKeyMissing when a secret's key is not held here: the
 * instance was started without the key the others use.
 */
export async function sealSecrets(db: Db, encryption: FieldEncryption, only: 'plain' | 'not current' = 'not current'): Promise<{ sealed: number }> {
  const rows = await db.select({ userId: twoFactor.userId, secret: twoFactor.secret }).from(twoFactor);
  let sealed = 0;
  for (const row of rows) {
    const keyId = FieldEncryption.keyIdOf(row.secret);
    if (keyId === encryption.currentKeyId || (only === 'plain' && keyId !== undefined)) continue;
    const context = secretContext(row.userId);
    const plain = FieldEncryption.isSealed(row.secret) ? encryption.open(row.secret, context) : row.secret;
    const changed = await db
      .update(twoFactor)
      .set({ secret: encryption.seal(plain, context) })
      .where(sql`${eq(twoFactor.userId, row.userId)} AND ${twoFactor.secret} = ${row.secret}`)
      .returning({ userId: twoFactor.userId });
    sealed += changed.length;
  }
  if (only === 'not current') await resealKeyCheck(db, encryption);
  return { sealed };
}

/**
 * A known text sealed by the first instance to start (server_secret), so an instance holding other
 * keys is refused at its start, before anything is sealed: instances with DATA_DIRs of their own
 * would otherwise each make a key, and a factor enrolled through one would not open on another.
 */
const KEY_CHECK = 'field-encryption-check';

async function checkKey(db: Db, encryption: FieldEncryption): Promise<void> {
  await db.insert(serverSecret).values({ name: KEY_CHECK, value: encryption.seal(KEY_CHECK, KEY_CHECK) }).onConflictDoNothing();
  const [row] = await db.select({ value: serverSecret.value }).from(serverSecret).where(eq(serverSecret.name, KEY_CHECK));
  encryption.open(row!.value, KEY_CHECK);
}

/** Seals the key check again with the current key (the rotation: the key it was sealed with may go). */
async function resealKeyCheck(db: Db, encryption: FieldEncryption): Promise<void> {
  await db
    .insert(serverSecret)
    .values({ name: KEY_CHECK, value: encryption.seal(KEY_CHECK, KEY_CHECK) })
    .onConflictDoUpdate({ target: serverSecret.name, set: { value: encryption.seal(KEY_CHECK, KEY_CHECK) } });
}

/**
 * At start-up: refuses to start when this instance's keys are not the ones the site seals with
 * (the key check, and every stored secret's key: an administrator with such a factor could not
 * sign in here), then seals the secrets still plain.
 */
export async function prepareStoredSecrets(db: Db, encryption: FieldEncryption): Promise<{ sealed: number }> {
  await checkKey(db, encryption);
  const { keyIds, plain } = await storedSecretKeys(db);
  const missing = keyIds.filter((id) => !encryption.keyIds.includes(id));
  if (missing.length > 0) {
    throw new FieldKeyMissing(missing.join(', '));
  }
  // Only the plain ones here: sealing again under a newer key is the rotation command's.
  return plain === 0 ? { sealed: 0 } : sealSecrets(db, encryption, 'plain');
}

/**
 * `npm run rotate-field-key` with the key file (DATA_DIR/field-encryption.keys): a new key goes
 * first, every secret is sealed with it, and the file keeps the key it replaced, which instances
 * started before the rotation still seal with until they restart; keys older than that are dropped
 * once nothing is sealed with them.
 */
export async function rotateFieldKeyFile(db: Db, dataDir: string): Promise<{ keyId: string; sealed: number; dropped: string[] }> {
  const file = keyFilePath(dataDir);
  const before = readKeyFile(file);
  if (before.length === 0) throw new Error(`there is no ${file}: start the site once, or set FIELD_ENCRYPTION_KEY`);
  // First the new key beside every old one: running instances find it there when they meet it.
  const during = [newKeySecret(), ...before];
  writeKeyFile(file, during);
  const encryption = new FieldEncryption(during);
  const { sealed } = await sealSecrets(db, encryption);
  const kept = during.slice(0, 2);
  const dropped = during.slice(2).map((secret) => fieldKey(secret).id);
  const stillUsed = (await storedSecretKeys(db)).keyIds.filter((id) => dropped.includes(id));
  // A secret sealed meanwhile with a dropped key (an instance two rotations old): keep every key.
  writeKeyFile(file, stillUsed.length > 0 ? during : kept);
  return { keyId: encryption.currentKeyId, sealed, dropped: stillUsed.length > 0 ? [] : dropped };
}
