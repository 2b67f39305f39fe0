import { describe, expect, it } from 'vitest';
import { KEY_RING_MAX_AGE_MS, previousSecretWarning, SigningKeyRing, type SigningKey } from './signing-keys';

const key = (kid: string, signsFrom: Date): SigningKey => ({ kid, secret: new TextEncoder().encode(`${kid}-secret-0123456789abcdef`), signsFrom, verifiesUntil: null });

describe('the key ring read from the database', () => {
  it('tries again on the next request after a failed read, not a minute later, and keeps its keys meanwhile', async () => {
    const loadedAt = new Date('2026-11-25T00:00:00Z');
    const k1 = key('k1', new Date(0));
    const k2 = key('k2', loadedAt);
    let reads = 0;
    const source = {
      read: async () => {
        reads += 1;
        if (reads === 1) throw new Error('connection refused');
        return [k1, k2];
      },
    };
    const ring = new SigningKeyRing(source, [k1], loadedAt);
    const old = new Date(loadedAt.getTime() + KEY_RING_MAX_AGE_MS);

    // The copy is a minute old: the read fails, the request goes on with the keys it had.
    expect((await ring.signingKey(old)).kid).toBe('k1');
    expect(reads).toBe(1);
    // The next request reads again and gets the new key.
    expect((await ring.signingKey(new Date(old.getTime() + 1))).kid).toBe('k2');
    expect(reads).toBe(2);
    // A read that worked makes the copy fresh: no read until it is a minute old again.
    expect((await ring.signingKey(new Date(old.getTime() + 2))).kid).toBe('k2');
    expect(reads).toBe(2);
  });
});

describe('JWT_PREVIOUS_SECRET at start-up', () => {
  it('is a warning while it is set, saying when to remove it: 31 minutes (30 of a token, twice the clock tolerance) after the last restart', () => {
    expect(previousSecretWarning(undefined)).toBeNull();
    expect(previousSecretWarning('a-previous-signing-secret-of-32-chars')).toMatch(/JWT_PREVIOUS_SECRET is set.*Remove it.*31 minutes after the last instance restarted/);
  });
});
