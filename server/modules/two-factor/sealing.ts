import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { serverSecret, twoFactor } from '../../db/schema';
import { FieldEncryption, FieldKeyMissing, fieldKey, keyFilePath, newKeySecret, readKeyFile, writeKeyFile } from '../../lib/field-encryption';
import { secretContext } from './service';

/**
 * The second-factor secrets at rest (issue 25): sealed with the field encryption key
 * (lib/field-encryption.ts). These run at start-up and from `npm run rotate-field-key`.
 */

type FactorSecret = { userId: number; secret: string };

const factorSecrets = (db: Db): Promise<FactorSecret[]> => db.select({ userId: twoFactor.userId, secret: twoFactor.secret }).from(twoFactor);

/** The keys the secrets are sealed with, and how many are still plain (stored before issue 25). */
function keysOf(rows: FactorSecret[]): { keyIds: string[]; plain: number } {
  const keyIds = new Set<string>();
  let plain = 0;
  for (const { secret } of rows) {
    const id = FieldEncryption.keyIdOf(secret);
    if (id) keyIds.add(id);
    else plain++;
  }
  return { keyIds: [...keyIds].sort(), plain };
}

/** The keys the stored secrets are sealed with (backups name them), and how many are still plain. */
export const storedSecretKeys = async (db: Db) => keysOf(await factorSecrets(db));

/**
 * Seals `rows` with the current key unless they already are, each row compared and replaced in one
 * statement (a row changed meanwhile, by an enrolment started again, is left to the next run).
 * Throws FieldKeyMissing when a secret's key is not held here.
 */
async function sealRows(db: Db, encryption: FieldEncryption, rows: FactorSecret[]): Promise<number> {
  let sealed = 0;
  for (const row of rows) {
    if (FieldEncryption.keyIdOf(row.secret) === encryption.currentKeyId) continue;
    const context = secretContext(row.userId);
    const changed = await db
      .update(twoFactor)
      .set({ secret: encryption.seal(encryption.open(row.secret, context), context) })
      .where(sql`${eq(twoFactor.userId, row.userId)} AND ${twoFactor.secret} = ${row.secret}`)
      .returning({ userId: twoFactor.userId });
    sealed += changed.length;
  }
  return sealed;
}

/**
 * A known text sealed by the first instance to start (server_secret), so an instance holding other
 * keys is refused at its start, before anything is sealed: instances with DATA_DIRs of their own
 * would otherwise each make a key, and a factor enrolled through one would not open on another.
 */
const KEY_CHECK = 'field-encryption-check';

/** The key check as this process seals it: kept where there is one, unless `replace` (the rotation). */
async function writeKeyCheck(db: Db, encryption: FieldEncryption, replace: boolean): Promise<void> {
  const value = encryption.seal(KEY_CHECK, KEY_CHECK);
  const insert = db.insert(serverSecret).values({ name: KEY_CHECK, value });
  await (replace ? insert.onConflictDoUpdate({ target: serverSecret.name, set: { value } }) : insert.onConflictDoNothing());
}

/** Every secret sealed with the current key, the key check too (the rotation). */
export async function sealSecrets(db: Db, encryption: FieldEncryption): Promise<{ sealed: number }> {
  const sealed = await sealRows(db, encryption, await factorSecrets(db));
  await writeKeyCheck(db, encryption, true);
  return { sealed };
}

/**
 * At start-up: refuses to start when this instance's keys are not the ones the site seals with
 * (the key check, and every stored secret's key: an administrator with such a factor could not
 * sign in here), then seals the secrets still plain; sealing again under a newer key is the
 * rotation command's.
 */
export async function prepareStoredSecrets(db: Db, encryption: FieldEncryption): Promise<{ sealed: number }> {
  await writeKeyCheck(db, encryption, false);
  const [check] = await db.select({ value: serverSecret.value }).from(serverSecret).where(eq(serverSecret.name, KEY_CHECK));
  encryption.open(check!.value, KEY_CHECK);
  const rows = await factorSecrets(db);
  const missing = keysOf(rows).keyIds.filter((id) => !encryption.keyIds.includes(id));
  if (missing.length > 0) throw new FieldKeyMissing(missing.join(', '));
  return { sealed: await sealRows(db, encryption, rows.filter((row) => !FieldEncryption.isSealed(row.secret))) };
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
