import { hash, verify } from '@node-rs/argon2';

// @node-rs/argon2 defaults to argon2id with OWASP-recommended cost (19 MiB, t=2).
export const hashPassword = (password: string) => hash(password);

/** False for a wrong password and for a stored value that is no hash at all (a retired member's). */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  if (!passwordHash.startsWith('$argon2')) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
