import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FieldEncryption, FieldKeyMissing, fieldKey, keyFilePath, loadKeySecrets, openFieldEncryption, readKeyFile, writeKeyFile } from './field-encryption';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'field-keys-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const KEY = 'a'.repeat(32) + '-the-current-key';
const OLD = 'b'.repeat(32) + '-the-previous-key';

describe('sealing a field (issue 25)', () => {
  it('opens what it sealed, names its key, and shows nothing of the value', () => {
    const box = new FieldEncryption([KEY]);
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'two_factor:7');
    expect(sealed).toMatch(new RegExp(`^v1\\.${fieldKey(KEY).id}\\.`));
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.open(sealed, 'two_factor:7')).toBe('JBSWY3DPEHPK3PXP');
    // A fresh IV each time: the same secret never seals to the same text.
    expect(box.seal('JBSWY3DPEHPK3PXP', 'two_factor:7')).not.toBe(sealed);
  });

  it('refuses another record\'s value, a changed value and a stranger\'s key', () => {
    const box = new FieldEncryption([KEY]);
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'two_factor:7');
    expect(() => box.open(sealed, 'two_factor:8')).toThrow();
    const [v, id, iv, body, tag] = sealed.split('.');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0]! ^= 1;
    expect(() => box.open([v, id, iv, flipped.toString('base64url'), tag].join('.'), 'two_factor:7')).toThrow();
    // A tag cut short (GCM would take 4 bytes) is refused.
    expect(() => box.open([v, id, iv, body, Buffer.from(tag!, 'base64url').subarray(0, 4).toString('base64url')].join('.'), 'two_factor:7')).toThrow();
    // Someone with the database but not the key: the key it names is not theirs.
    expect(() => new FieldEncryption([OLD]).open(sealed, 'two_factor:7')).toThrow(FieldKeyMissing);
  });

  it('seals with the newest key and opens with the older ones', () => {
    const before = new FieldEncryption([OLD]).seal('secret', 'c');
    const box = new FieldEncryption([KEY, OLD]);
    expect(box.open(before, 'c')).toBe('secret');
    expect(FieldEncryption.keyIdOf(box.seal('secret', 'c'))).toBe(fieldKey(KEY).id);
    expect(FieldEncryption.isSealed('JBSWY3DPEHPK3PXP')).toBe(false);
    // A value stored plain by an instance of the release before (a rolling upgrade) opens as it is.
    expect(box.open('JBSWY3DPEHPK3PXP', 'c')).toBe('JBSWY3DPEHPK3PXP');
  });
});

describe('where the keys are', () => {
  it('FIELD_ENCRYPTION_KEY (and the previous one) when set; the key file is not made', () => {
    const dataDir = tempDir();
    expect(loadKeySecrets({ key: KEY, previousKey: OLD, dataDir })).toEqual([KEY, OLD]);
    expect(fs.existsSync(keyFilePath(dataDir))).toBe(false);
  });

  it('else DATA_DIR/field-encryption.keys, made on the first start with mode 600 and read as it is after', () => {
    const dataDir = tempDir();
    const first = loadKeySecrets({ dataDir });
    expect(first).toHaveLength(1);
    expect(first[0]!.length).toBeGreaterThanOrEqual(32);
    expect(fs.statSync(keyFilePath(dataDir)).mode & 0o777).toBe(0o600);
    expect(loadKeySecrets({ dataDir })).toEqual(first);
  });

  it('a process meeting a key it does not hold reads the key file again (another process rotated)', () => {
    const dataDir = tempDir();
    const running = openFieldEncryption({ dataDir });
    const rotated = ['c'.repeat(40), ...readKeyFile(keyFilePath(dataDir))];
    writeKeyFile(keyFilePath(dataDir), rotated);
    const sealed = new FieldEncryption(rotated).seal('secret', 'c');
    expect(running.open(sealed, 'c')).toBe('secret');
    expect(running.currentKeyId).toBe(fieldKey(rotated[0]!).id);
  });
});
