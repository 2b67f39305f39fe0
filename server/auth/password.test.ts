import { describe, expect, it } from 'vitest';
import { gatedPasswords, PASSWORD_HASHES_AT_ONCE, verifyPassword, type PasswordHashing } from './password';

/** A stand-in for argon2 that counts how many of its calls run at once (the real one takes 20 ms and 19 MiB a call). */
function countedHashing(): PasswordHashing & { most: number } {
  let running = 0;
  const counted = async <T>(value: T): Promise<T> => {
    running++;
    fake.most = Math.max(fake.most, running);
    await new Promise((resolve) => setTimeout(resolve, 5));
    running--;
    return value;
  };
  const fake = {
    most: 0,
    hash: (password: string) => counted(`$argon2id$${password}`),
    verify: async (stored: string, password: string) => {
      if (stored === '$argon2id$broken') throw new Error('not a hash');
      return counted(stored === `$argon2id$${password}`);
    },
  };
  return fake;
}

describe('password hashing', () => {
  it('computes at most its limit of hashes at once: one a core, never more than three', async () => {
    expect(PASSWORD_HASHES_AT_ONCE).toBeGreaterThanOrEqual(1);
    expect(PASSWORD_HASHES_AT_ONCE).toBeLessThanOrEqual(3);
    const hashing = countedHashing();
    const { hashPassword, verifyPassword: verify } = gatedPasswords(hashing, 2);
    const results = await Promise.all([
      ...Array.from({ length: 6 }, () => verify('$argon2id$right', 'right')),
      ...Array.from({ length: 6 }, () => hashPassword('new')),
    ]);
    expect(results).toEqual([...Array<boolean>(6).fill(true), ...Array<string>(6).fill('$argon2id$new')]);
    expect(hashing.most).toBe(2);
  });

  it('answers false for a wrong password, a stored value that is no hash, and a hash the library refuses', async () => {
    const hashing = countedHashing();
    const { verifyPassword: verify } = gatedPasswords(hashing, 1);
    await expect(verify('$argon2id$right', 'wrong')).resolves.toBe(false);
    await expect(verify('retired', 'retired')).resolves.toBe(false);
    await expect(verify('$argon2id$broken', 'x')).resolves.toBe(false);
    // A refusal frees its place: the gate still lets every hash through.
    await expect(Promise.all(Array.from({ length: 4 }, () => verify('$argon2id$ok', 'ok')))).resolves.toEqual([true, true, true, true]);
    expect(hashing.most).toBe(1);
  });

  it('verifies with argon2id itself', async () => {
    // The exported functions over the real library: its own hash (argon2id, 19 MiB, t=2) verifies.
    const { hash } = await import('@node-rs/argon2');
    const stored = await hash('bench!member1');
    expect(stored.startsWith('$argon2id$')).toBe(true);
    await expect(verifyPassword(stored, 'bench!member1')).resolves.toBe(true);
    await expect(verifyPassword(stored, 'bench!member2')).resolves.toBe(false);
  });
});
