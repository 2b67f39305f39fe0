import { describe, expect, it, vi } from 'vitest';

// The hashing library replaced by tasks that count how many run at once (the real one takes 20 ms
// and 19 MiB a call; what is tested here is the gate around it).
const seen = vi.hoisted(() => ({ running: 0, most: 0 }));
vi.mock('@node-rs/argon2', () => {
  const counted = async <T>(value: T): Promise<T> => {
    seen.running++;
    seen.most = Math.max(seen.most, seen.running);
    await new Promise((resolve) => setTimeout(resolve, 5));
    seen.running--;
    return value;
  };
  return {
    hash: (password: string) => counted(`$argon2id$${password}`),
    verify: async (stored: string, password: string) => {
      if (stored === '$argon2id$broken') throw new Error('not a hash');
      return counted(stored === `$argon2id$${password}`);
    },
  };
});

const { hashPassword, verifyPassword, PASSWORD_HASHES_AT_ONCE } = await import('./password');

describe('password hashing', () => {
  it('computes at most PASSWORD_HASHES_AT_ONCE hashes at once, one a core and at most three', async () => {
    expect(PASSWORD_HASHES_AT_ONCE).toBeGreaterThanOrEqual(1);
    expect(PASSWORD_HASHES_AT_ONCE).toBeLessThanOrEqual(3);
    seen.most = 0;
    const results = await Promise.all([
      ...Array.from({ length: 6 }, () => verifyPassword('$argon2id$right', 'right')),
      ...Array.from({ length: 6 }, () => hashPassword('new')),
    ]);
    expect(results).toEqual([...Array<boolean>(6).fill(true), ...Array<string>(6).fill('$argon2id$new')]);
    expect(seen.most).toBe(PASSWORD_HASHES_AT_ONCE);
  });

  it('answers false for a wrong password, a stored value that is no hash, and a hash the library refuses', async () => {
    await expect(verifyPassword('$argon2id$right', 'wrong')).resolves.toBe(false);
    await expect(verifyPassword('retired', 'retired')).resolves.toBe(false);
    await expect(verifyPassword('$argon2id$broken', 'x')).resolves.toBe(false);
    // A refusal frees its place: the gate still lets every hash through.
    await expect(Promise.all(Array.from({ length: 4 }, () => verifyPassword('$argon2id$ok', 'ok')))).resolves.toEqual([true, true, true, true]);
  });
});
