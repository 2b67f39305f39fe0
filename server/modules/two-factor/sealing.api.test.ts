import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twoFactor } from '../../db/schema';
import { FieldEncryption, FieldKeyMissing, fieldKey, keyFilePath, readKeyFile } from '../../lib/field-encryption';
import { runTool } from '../../test/server-process';
import { ROLE_ADMIN } from '../../seed/base';
import { createMember } from '../../test/factories';
import { createTestApp, data, TestClock, type TestApp } from '../../test/harness';
import { backupSite } from '../../backup/backup';
import { prepareStoredSecrets, rotateFieldKeyFile } from './sealing';
import { codeAt } from './totp';

/**
 * Second-factor secrets at rest (issue 25): sealed with a key outside the database, so a dump or a
 * backup alone yields no valid code; plain ones from before are sealed at start; the key rotates.
 */

let t: TestApp;
const clock = new TestClock(new Date('2026-12-03T03:00:00Z'));
const STEP = 30_000;

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t?.close();
});

const signin = (userKeyCode: string, password: string, otp?: string) =>
  t.app.inject({ method: 'POST', url: '/api/user/signin', payload: { userKeyType: 'ID', userKeyCode, password, ...(otp === undefined ? {} : { otp }) } });
const storedSecret = async (userId: number) => (await t.db.select({ secret: twoFactor.secret }).from(twoFactor).where(eq(twoFactor.userId, userId)))[0]!.secret;

/** An administrator enrolled through the API; their secret as the app shows it once. */
async function enrolled() {
  const admin = await createMember(t.db, { roleCode: ROLE_ADMIN });
  const { accessToken } = data<{ accessToken: string }>(await signin(admin.userKeyCode, admin.password));
  const headers = t.auth(accessToken);
  const { secret } = data<{ secret: string }>(await t.app.inject({ method: 'POST', url: '/api/admin/two-factor/enrolment', headers, payload: { password: admin.password } }));
  await t.app.inject({ method: 'POST', url: '/api/admin/two-factor/confirmation', headers, payload: { code: codeAt(secret, clock.now()) } });
  clock.advance(STEP);
  return { admin, secret };
}

/** Signs in with the app's current code, then moves past it (each code is good once). */
async function signsInWithCode(admin: { userKeyCode: string; password: string }, secret: string): Promise<boolean> {
  const res = await signin(admin.userKeyCode, admin.password, codeAt(secret, clock.now()));
  clock.advance(STEP);
  return res.statusCode === 200;
}

describe('the secret in the database', () => {
  it('is sealed with the key outside it: the row holds no secret, and opens with no other key', async () => {
    const { admin, secret } = await enrolled();
    const stored = await storedSecret(admin.id);
    expect(stored).not.toContain(secret);
    expect(FieldEncryption.keyIdOf(stored)).toBe(t.app.deps.fieldEncryption.currentKeyId);
    // Whoever has a dump but not DATA_DIR/field-encryption.keys (nor FIELD_ENCRYPTION_KEY) has no secret to make codes with.
    expect(() => new FieldEncryption(['someone-else-s-key-of-32-characters!!']).open(stored, `two_factor:${admin.id}`)).toThrow(FieldKeyMissing);
    expect(await signsInWithCode(admin, secret)).toBe(true);
    // The key file beside the data: mode 600.
    expect(fs.statSync(keyFilePath(t.config.dataDir)).mode & 0o777).toBe(0o600);
  });

  it('a secret stored plain before is sealed at start, and its codes still work', async () => {
    const { admin, secret } = await enrolled();
    await t.db.update(twoFactor).set({ secret }).where(eq(twoFactor.userId, admin.id));
    expect(await prepareStoredSecrets(t.db, t.app.deps.fieldEncryption)).toEqual({ sealed: 1 });
    expect(FieldEncryption.isSealed(await storedSecret(admin.id))).toBe(true);
    expect(await signsInWithCode(admin, secret)).toBe(true);
  });

  it('an instance with keys of its own is refused at its start, before anything is sealed with them', async () => {
    const stranger = new FieldEncryption(['another-instance-s-own-key-32-chars!!']);
    // The site's instance sealed the key check at its start (here: the first call).
    await prepareStoredSecrets(t.db, t.app.deps.fieldEncryption);
    await expect(prepareStoredSecrets(t.db, stranger)).rejects.toThrow(FieldKeyMissing);
    await enrolled();
    await expect(prepareStoredSecrets(t.db, stranger)).rejects.toThrow(FieldKeyMissing);
    await expect(prepareStoredSecrets(t.db, t.app.deps.fieldEncryption)).resolves.toEqual({ sealed: 0 });
  });

  it('a backup names the key it needs, which it does not hold', async () => {
    const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sealed-backup-')), 'backup');
    try {
      const { manifest } = await backupSite({ database: t.database, files: t.app.deps.files, dir });
      expect(manifest.fieldEncryptionKeys).toEqual([t.app.deps.fieldEncryption.currentKeyId]);
      const everything = fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
      for (const entry of everything) {
        const bytes = fs.readFileSync(path.join(entry.parentPath, entry.name));
        for (const secret of readKeyFile(keyFilePath(t.config.dataDir))) expect(bytes.includes(secret)).toBe(false);
      }
    } finally {
      fs.rmSync(path.dirname(dir), { recursive: true, force: true });
    }
  });
});

describe('npm run rotate-field-key (the key file)', () => {
  it('seals every secret with a new key while the site runs; the one before stays a rotation, older ones go', async () => {
    const { admin, secret } = await enrolled();
    const file = keyFilePath(t.config.dataDir);
    const [original] = readKeyFile(file);
    const first = await rotateFieldKeyFile(t.db, t.config.dataDir);
    expect(FieldEncryption.keyIdOf(await storedSecret(admin.id))).toBe(first.keyId);
    expect(first.sealed).toBeGreaterThanOrEqual(1);
    expect(readKeyFile(file)).toHaveLength(2);
    expect(readKeyFile(file)[1]).toBe(original);
    // The running app meets the new key and finds it in the file.
    expect(await signsInWithCode(admin, secret)).toBe(true);
    const second = await rotateFieldKeyFile(t.db, t.config.dataDir);
    expect(readKeyFile(file)).not.toContain(original);
    expect(second.dropped).toHaveLength(1);
    expect(await signsInWithCode(admin, secret)).toBe(true);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });
});

describe('npm run rotate-field-key with FIELD_ENCRYPTION_KEY', () => {
  it('prints the steps without --reseal (exit 1); with it, seals every secret and the key check with the variable\'s key', async () => {
    const { admin } = await enrolled();
    const newKey = 'rotation-test-new-field-key-0123456789';
    const env = {
      DATABASE_URL: t.database.url,
      DATA_DIR: t.config.dataDir,
      FIELD_ENCRYPTION_KEY: newKey,
      // What the site sealed with so far: its key file's current key.
      FIELD_ENCRYPTION_PREVIOUS_KEY: readKeyFile(keyFilePath(t.config.dataDir))[0]!,
    };
    const steps = await runTool('scripts/rotate-field-key.ts', [], env);
    expect(steps.code).toBe(1);
    expect(steps.stderr).toMatch(/FIELD_ENCRYPTION_PREVIOUS_KEY.*--reseal/s);
    expect(FieldEncryption.keyIdOf(await storedSecret(admin.id))).toBe(t.app.deps.fieldEncryption.currentKeyId);
    const resealed = await runTool('scripts/rotate-field-key.ts', ['--reseal'], env);
    expect(resealed.code, resealed.stderr).toBe(0);
    expect(resealed.stdout).toContain(`field encryption key ${fieldKey(newKey).id}`);
    expect(FieldEncryption.keyIdOf(await storedSecret(admin.id))).toBe(fieldKey(newKey).id);
    // An instance started with the new key alone passes the start's checks.
    await expect(prepareStoredSecrets(t.db, new FieldEncryption([newKey]))).resolves.toEqual({ sealed: 0 });
  });
});

