import { randomBytes } from 'node:crypto';
import { SigningKeyRing, type SigningKey } from '../auth/signing-keys';
import type { TokenKeys } from '../auth/tokens';

/**
 * Keys an attacker could hold: a ring with one key of a random secret under the kid the server
 * uses (`k1` by default), so a token signed with it differs from a real one only by its signature.
 */
export function foreignKeys(real: TokenKeys, kid = 'k1'): TokenKeys {
  const key: SigningKey = { kid, secret: randomBytes(32), signsFrom: new Date(0), verifiesUntil: null };
  return { ...real, signing: new SigningKeyRing({ read: async () => [key] }, [key], new Date()) };
}
