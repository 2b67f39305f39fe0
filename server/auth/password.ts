import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { concurrencyLimit } from '../lib/concurrency';

/**
 * Password hashes computed at once. Each is about 20 ms of one core and 19 MiB (argon2id at
 * OWASP's cost), run on libuv's thread pool (four threads unless UV_THREADPOOL_SIZE says
 * otherwise). A burst of sign-ins would take every pool thread, holding 19 MiB each, while more at
 * once than there are cores only queue for the cores; the pool's other work (file reads, DNS,
 * compression) would wait behind them. So at most one a core, and never the whole default pool.
 * On two cores under 16 sign-ins at once, three alternated rounds against no gate: 115-117 against
 * 112-120 sign-ins a second, the server's RSS at the end 182-194 against 168-217 MB (within the
 * noise: what the gate bounds is the peak, 2 x 19 MiB against 4; docs/performance.md, session 30).
 */
export const PASSWORD_HASHES_AT_ONCE = Math.max(1, Math.min(availableParallelism(), 3));

/** What hashes passwords: @node-rs/argon2's functions (tests give their own). */
export interface PasswordHashing {
  hash(password: string): Promise<string>;
  verify(passwordHash: string, password: string): Promise<boolean>;
}

/** hashPassword and verifyPassword over `hashing`, at most `atOnce` of them running at a time. */
export function gatedPasswords(hashing: PasswordHashing, atOnce: number) {
  const gate = concurrencyLimit(atOnce);
  return {
    hashPassword: (password: string): Promise<string> => gate(() => hashing.hash(password)),
    /** False for a wrong password and for a stored value that is no hash at all (a retired member's). */
    async verifyPassword(passwordHash: string, password: string): Promise<boolean> {
      if (!passwordHash.startsWith('$argon2')) return false;
      try {
        return await gate(() => hashing.verify(passwordHash, password));
      } catch {
        return false;
      }
    },
  };
}

// @node-rs/argon2 defaults to argon2id with OWASP-recommended cost (19 MiB, t=2).
export const { hashPassword, verifyPassword } = gatedPasswords({ hash, verify }, PASSWORD_HASHES_AT_ONCE);
