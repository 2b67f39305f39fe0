import { execFile } from 'node:child_process';
import { hkdfSync } from 'node:crypto';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { generateKeyPair, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages, type TokenPair } from '@contract';
import { buildApp } from '../app';
import { openDatabase } from '../db/client';
import { serverSecret } from '../db/schema';
import { signIn } from '../test/accounts';
import { createMember, type TestMember } from '../test/factories';
import { body, createTestApp, TestClock, type TestApp } from '../test/harness';
import { foreignKeys, startSession } from '../test/tokens';
import {
  CLOCK_TOLERANCE_SECONDS,
  environmentKeyRing,
  KEY_RING_MAX_AGE_MS,
  LONGEST_TOKEN_LIFE_MS,
  rotateSigningKey,
  ROTATION_DELAY_MS,
} from './signing-keys';
import { loadTokenKeys, signAccessToken, TOKEN_ISSUER, verifyAccessToken, type TokenSession } from './tokens';

/**
 * Token verification (issue 12, ASVS 5.0 level 2): every way a token can be wrong is a 401 with
 * the session-expired sentence, never a 500; keys rotate without signing anyone out.
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const clock = new TestClock();
let t: TestApp;
let member: TestMember;
/** A sign-in of `member` (a live refresh-token family): what every token below is made for. */
let session: TokenSession;

beforeAll(async () => {
  t = await createTestApp({ clock });
  member = await createMember(t.db);
  session = await startSession(t.db, member.id, clock.now());
});
afterAll(async () => {
  await t?.close();
});

const me = (token: string) => t.app.inject({ method: 'GET', url: `/api/user/${member.id}`, headers: t.auth(token) });

async function expectRefused(token: string, what: string): Promise<void> {
  const res = await me(token);
  expect(res.statusCode, what).toBe(401);
  expect(body(res), what).toEqual({ code: 'UNAUTHORIZED', message: accountMessages.sessionExpired });
}

async function expectAccepted(token: string, what: string): Promise<void> {
  expect((await me(token)).statusCode, what).toBe(200);
}

/** The secret and kid the server signs with now: what only the server holds. */
const serverKey = () => t.keys.signing.signingKey(clock.now());

/** A token made like the server's, with any header or claim changed. */
async function craft(opts: { header?: Record<string, unknown>; claims?: JWTPayload; secret?: Uint8Array; omit?: string[] } = {}): Promise<string> {
  const key = await serverKey();
  const iat = Math.floor(clock.now().getTime() / 1000);
  const claims: JWTPayload = { typ: 'access', sub: String(member.id), sid: session.sessionId, iss: TOKEN_ISSUER, aud: 'nids-api', iat, nbf: iat, exp: iat + 1800, ...opts.claims };
  for (const name of opts.omit ?? []) delete claims[name];
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'at+jwt', kid: key.kid, ...opts.header }).sign(opts.secret ?? key.secret);
}

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('a token made exactly like the server\'s', () => {
  it('is accepted (so every refusal below is for the one thing changed)', async () => {
    await expectAccepted(await craft(), 'crafted with the server key');
    await expectAccepted(await signAccessToken(t.keys, session, clock.now()), 'signed by the server');
  });

  it('names its key, its use and its audience', async () => {
    const token = await signAccessToken(t.keys, session, clock.now());
    const [header, payload] = token.split('.').slice(0, 2).map((part) => JSON.parse(Buffer.from(part!, 'base64url').toString()) as Record<string, unknown>);
    expect(header).toEqual({ alg: 'HS256', typ: 'at+jwt', kid: (await serverKey()).kid });
    expect(payload).toMatchObject({ typ: 'access', iss: 'nids', aud: 'nids-api', sub: String(member.id) });
    expect((payload!.exp as number) - (payload!.iat as number)).toBe(30 * 60);
  });
});

describe('forged and tampered tokens are 401', () => {
  it('alg: none, with or without a signature', async () => {
    const iat = Math.floor(clock.now().getTime() / 1000);
    const payload = b64({ typ: 'access', sub: String(member.id), sid: session.sessionId, iss: 'nids', aud: 'nids-api', iat, nbf: iat, exp: iat + 1800 });
    const kid = (await serverKey()).kid;
    for (const alg of ['none', 'None', 'NONE']) {
      await expectRefused(`${b64({ alg, typ: 'at+jwt', kid })}.${payload}.`, `alg ${alg}`);
    }
    const real = (await craft()).split('.')[2];
    await expectRefused(`${b64({ alg: 'none', typ: 'at+jwt', kid })}.${payload}.${real}`, 'alg none with a signature');
  });

  it('another HMAC algorithm with the server\'s own key (HS512, HS384): the allow-list is HS256 only', async () => {
    for (const alg of ['HS512', 'HS384']) await expectRefused(await craft({ header: { alg } }), alg);
  });

  it('RS256 and ES256 with a key pair of the attacker\'s, and HS256 with a foreign secret', async () => {
    for (const alg of ['RS256', 'ES256']) {
      const { privateKey } = await generateKeyPair(alg);
      const iat = Math.floor(clock.now().getTime() / 1000);
      const token = await new SignJWT({ typ: 'access', sid: session.sessionId })
        .setProtectedHeader({ alg, typ: 'at+jwt', kid: (await serverKey()).kid })
        .setSubject(String(member.id))
        .setIssuer('nids')
        .setAudience('nids-api')
        .setIssuedAt(iat)
        .setNotBefore(iat)
        .setExpirationTime(iat + 1800)
        .sign(privateKey);
      await expectRefused(token, alg);
    }
    await expectRefused(await signAccessToken(foreignKeys(t.keys, (await serverKey()).kid), session, clock.now()), 'foreign HS256 secret under the server kid');
    await expectRefused(await craft({ secret: new TextEncoder().encode('some-other-secret-that-is-long-enough!') }), 'foreign HS256 secret');
  });

  it('a tampered payload or header keeps the old signature and fails', async () => {
    const other = await createMember(t.db);
    const [header, payload, signature] = (await signAccessToken(t.keys, session, clock.now())).split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as JWTPayload;
    await expectRefused(`${header}.${b64({ ...claims, sub: String(other.id) })}.${signature}`, 'another member in sub');
    await expectRefused(`${header}.${b64({ ...claims, exp: claims.exp! + 3600 })}.${signature}`, 'a later exp');
    await expectRefused(`${b64({ alg: 'HS256', typ: 'at+jwt', kid: 'k999' })}.${payload}.${signature}`, 'another kid');
    await expectRefused(`${header}.${payload}.${signature!.slice(0, -2)}AA`, 'a changed signature');
    await expectRefused(`${header}.${payload}`, 'no signature part');
  });

  it('garbage of every shape is a 401, never a 500', async () => {
    for (const token of ['x', 'a.b.c', '...', `${b64({ alg: 'HS256' })}.e30.`, `${b64([1])}.${b64([2])}.AA`, `${b64({ alg: 'HS256', kid: 7 })}.e30.AA`, 'a'.repeat(8000)]) {
      await expectRefused(token, token.slice(0, 30));
    }
  });
});

describe('issuer, audience and use', () => {
  it('another issuer, a missing issuer, another audience or none are 401', async () => {
    await expectRefused(await craft({ claims: { iss: 'https://evil.example' } }), 'wrong iss');
    await expectRefused(await craft({ omit: ['iss'] }), 'no iss');
    await expectRefused(await craft({ claims: { aud: 'nids-file' } }), 'the file cookie audience');
    await expectRefused(await craft({ claims: { aud: 'another-api' } }), 'wrong aud');
    await expectRefused(await craft({ omit: ['aud'] }), 'no aud');
  });

  it('a file cookie token is refused as a bearer token, and an access token as the file cookie', async () => {
    await expectRefused(await signAccessToken(t.keys, session, clock.now(), 'file'), 'file token as bearer');
    await expectRefused(await craft({ claims: { typ: 'file' } }), 'typ file in an access token\'s header and audience');
    await expectRefused(await craft({ header: { typ: 'file+jwt' } }), 'file header type');
    await expectRefused(await craft({ omit: ['typ'] }), 'no typ claim');
    const access = await signAccessToken(t.keys, session, clock.now());
    expect(await verifyAccessToken(t.keys, access, clock.now(), 'file')).toBeNull();
    const file = await signAccessToken(t.keys, session, clock.now(), 'file');
    expect(await verifyAccessToken(t.keys, file, clock.now(), 'file')).toMatchObject({ userId: member.id });
  });

  it('a refresh token is refused as a bearer token, and an access token as a refresh token', async () => {
    const pair: TokenPair = await signIn(t, member.userKeyCode, member.password);
    await expectRefused(pair.refreshToken, 'refresh token as bearer');
    const refresh = (refreshToken: string) => t.app.inject({ method: 'POST', url: '/api/user/signin-by-refresh-token', payload: { refreshToken } });
    // An access token is longer than a refresh token may be (200 characters, contract/account.ts): a 400 before any lookup.
    const asRefresh = await refresh(pair.accessToken);
    expect(asRefresh.statusCode).toBe(400);
    expect(body(asRefresh)).toMatchObject({ code: 'BAD_REQUEST' });
    // One that fits is looked up like any refresh token, found nowhere, and refused.
    const fitting = pair.accessToken.slice(-200);
    expect(body(await refresh(fitting))).toEqual({ code: 'UNAUTHORIZED', message: accountMessages.sessionExpired });
    // Neither mistake cost the real pair anything.
    await expectAccepted(pair.accessToken, 'the access token still works');
    expect((await t.app.inject({ method: 'POST', url: '/api/user/signin-by-refresh-token', payload: { refreshToken: pair.refreshToken } })).statusCode).toBe(200);
  });

  it('a subject that is not a member id is refused', async () => {
    await expectRefused(await craft({ claims: { sub: 'admin' } }), 'sub admin');
    await expectRefused(await craft({ claims: { sub: '1 OR 1=1' } }), 'sub injection');
    await expectRefused(await craft({ omit: ['sub'] }), 'no sub');
  });
});

describe('the sign-in a token belongs to (sid)', () => {
  it('a sid of no sign-in, of another member\'s sign-in, or none at all is refused', async () => {
    const other = await createMember(t.db);
    const othersSession = await startSession(t.db, other.id, clock.now());
    await expectRefused(await craft({ claims: { sid: '00000000-0000-4000-8000-000000000000' } }), 'a sid of no sign-in');
    await expectRefused(await craft({ claims: { sid: othersSession.sessionId } }), 'another member\'s sign-in');
    await expectRefused(await craft({ claims: { sid: 'x' } }), 'a sid that is no uuid');
    await expectRefused(await craft({ omit: ['sid'] }), 'no sid');
  });

  it('sign-out ends the access token of that sign-in at once, not the member\'s other sign-ins', async () => {
    const ended = await signIn(t, member.userKeyCode, member.password);
    const kept = await signIn(t, member.userKeyCode, member.password);
    await expectAccepted(ended.accessToken, 'before sign-out');
    expect((await t.app.inject({ method: 'POST', url: '/api/user/signout', payload: { refreshToken: ended.refreshToken } })).statusCode).toBe(200);
    await expectRefused(ended.accessToken, 'after sign-out');
    await expectAccepted(kept.accessToken, 'another sign-in of the same member');
  });

  it('a copied refresh token used twice ends the access tokens of its sign-in', async () => {
    const first = await signIn(t, member.userKeyCode, member.password);
    const refresh = (refreshToken: string) => t.app.inject({ method: 'POST', url: '/api/user/signin-by-refresh-token', payload: { refreshToken } });
    const second = body<{ data: TokenPair }>(await refresh(first.refreshToken)).data;
    await expectAccepted(second.accessToken, 'after a rotation');
    expect((await refresh(first.refreshToken)).statusCode).toBe(401);
    await expectRefused(second.accessToken, 'the newest access token of the family, once the family is revoked');
    await expectRefused(first.accessToken, 'the first one too');
  });
});

describe('time: exp, nbf and iat with 30 seconds of clock tolerance', () => {
  const now = () => Math.floor(clock.now().getTime() / 1000);

  it('expired within the tolerance is accepted, beyond it refused', async () => {
    await expectAccepted(await craft({ claims: { exp: now() - CLOCK_TOLERANCE_SECONDS + 2 } }), 'expired 28 s ago');
    await expectRefused(await craft({ claims: { exp: now() - CLOCK_TOLERANCE_SECONDS - 1 } }), 'expired 31 s ago');
    await expectRefused(await craft({ omit: ['exp'] }), 'no exp');
  });

  it('a token signed by the server ends 30 minutes and 30 seconds after it was issued', async () => {
    const token = await signAccessToken(t.keys, session, clock.now());
    clock.advance(30 * MINUTE + (CLOCK_TOLERANCE_SECONDS - 1) * SECOND);
    try {
      await expectAccepted(token, 'within the tolerance');
      clock.advance(2 * SECOND);
      await expectRefused(token, 'beyond it');
    } finally {
      clock.advance(-(30 * MINUTE + (CLOCK_TOLERANCE_SECONDS + 1) * SECOND));
    }
  });

  it('not yet valid or issued in the future beyond the tolerance is refused; within it accepted', async () => {
    await expectAccepted(await craft({ claims: { nbf: now() + 20, iat: now() + 20 } }), 'another instance 20 s ahead');
    await expectRefused(await craft({ claims: { nbf: now() + 120 } }), 'nbf in 2 minutes');
    await expectRefused(await craft({ claims: { iat: now() + 120 } }), 'iat in 2 minutes');
    await expectRefused(await craft({ omit: ['nbf'] }), 'no nbf');
    await expectRefused(await craft({ omit: ['iat'] }), 'no iat');
  });

  it('a token that claims a life longer than 30 minutes is refused once 30 minutes are over', async () => {
    const token = await craft({ claims: { exp: now() + 24 * 3600 } });
    await expectAccepted(token, 'fresh');
    clock.advance(31 * MINUTE);
    try {
      await expectRefused(token, 'older than an access token may be');
    } finally {
      clock.advance(-31 * MINUTE);
    }
  });
});

describe('key ids and rotation', () => {
  it('the first key is the secret of the release before, so its instances accept new tokens during a rolling upgrade', async () => {
    const [row] = await t.db.select({ value: serverSecret.value }).from(serverSecret).where(eq(serverSecret.name, 'jwt-access'));
    const token = await signAccessToken(t.keys, session, clock.now());
    // What the release before checked: HS256 with that secret, the issuer, `typ: 'access'`.
    const { payload } = await jwtVerify(token, new TextEncoder().encode(row!.value), { issuer: 'nids', algorithms: ['HS256'], currentDate: clock.now() });
    expect(payload.typ).toBe('access');
    expect(payload.sub).toBe(String(member.id));
  });

  it('a token without a kid, or with a kid the ring never had, is refused', async () => {
    const key = await serverKey();
    const bare = await new SignJWT({ typ: 'access', sid: session.sessionId, sub: String(member.id), iss: 'nids', aud: 'nids-api', nbf: Math.floor(clock.now().getTime() / 1000) })
      .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
      .setIssuedAt(Math.floor(clock.now().getTime() / 1000))
      .setExpirationTime('10m')
      .sign(key.secret);
    await expectRefused(bare, 'no kid (as every token before issue 12)');
    await expectRefused(await craft({ header: { kid: 'k404' } }), 'unknown kid');
    await expectRefused(await craft({ header: { kid: '../../etc/passwd' } }), 'path-like kid');
  });

  it('rotation: the old key keeps verifying until its last token expired, the new one signs after the delay, then the old one is retired', async () => {
    const start = clock.now().getTime();
    const { kid: oldKid, secret: oldSecret } = await serverKey();
    const before = await signAccessToken(t.keys, session, clock.now());
    const rotation = await rotateSigningKey(t.db, clock.now());
    expect(rotation.kid).not.toBe(oldKid);
    expect(rotation.signsFrom.getTime()).toBe(start + ROTATION_DELAY_MS);

    // An instance reads the ring again within KEY_RING_MAX_AGE_MS; until the delay is over the old key still signs.
    clock.advance(KEY_RING_MAX_AGE_MS);
    expect((await serverKey()).kid).toBe(oldKid);
    clock.advance(ROTATION_DELAY_MS - KEY_RING_MAX_AGE_MS);
    expect((await serverKey()).kid).toBe(rotation.kid);
    const after = await signAccessToken(t.keys, session, clock.now());
    await expectAccepted(after, 'signed by the new key');
    await expectAccepted(before, 'signed by the previous key before the rotation');

    // The last token the old key signed (just before the new key started) lives 30 minutes, and
    // the clocks may differ by the tolerance: the old key verifies that long, then is retired.
    const byOldKey = () => craft({ header: { kid: oldKid }, secret: oldSecret, claims: { exp: Math.floor(clock.now().getTime() / 1000) + 60 } });
    clock.advance(LONGEST_TOKEN_LIFE_MS + 2 * CLOCK_TOLERANCE_SECONDS * SECOND - SECOND);
    await expectAccepted(await byOldKey(), 'a token of the old key until its last one can have expired');
    clock.advance(2 * SECOND);
    const oldRetired = await byOldKey();
    await expectRefused(oldRetired, 'a token of the retired key, however fresh its claims');
    await expectAccepted(await signAccessToken(t.keys, session, clock.now()), 'the new key signs on');

    // The next rotation deletes the retired key from the database.
    const next = await rotateSigningKey(t.db, clock.now());
    expect(next.deleted).toEqual([oldKid]);
    clock.advance(ROTATION_DELAY_MS);
    await expectAccepted(await signAccessToken(t.keys, session, clock.now()), 'after the second rotation');
  });

  it('once a rotated key starts signing (ROTATION_DELAY_MS), both instances sign with it and accept each other\'s tokens', async () => {
    const second = await openDatabase({ databaseUrl: t.database.url, migrate: false });
    const other = await buildApp({ db: second.db, config: t.config, keys: await loadTokenKeys(second.db, undefined, undefined, clock.now()), clock });
    try {
      await other.ready();
      const rotation = await rotateSigningKey(t.db, clock.now());
      clock.advance(ROTATION_DELAY_MS);
      const fromFirst = await signAccessToken(t.keys, session, clock.now());
      const fromSecond = await signAccessToken(other.deps.keys, session, clock.now());
      for (const [token, name] of [[fromFirst, 'first'], [fromSecond, 'second']] as const) {
        expect(JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()).kid, name).toBe(rotation.kid);
        for (const app of [t.app, other]) {
          const res = await app.inject({ method: 'GET', url: `/api/user/${member.id}`, headers: t.auth(token) });
          expect(res.statusCode, `${name}'s token`).toBe(200);
        }
      }
    } finally {
      await other.close();
      await second.close();
    }
  });

  it('`--now` (a leaked key): within KEY_RING_MAX_AGE_MS of the rotation an instance refuses every older key and signs with the new one', async () => {
    // The rotation is the script's (another process): a running instance learns of it at its next read of the ring.
    const old = await signAccessToken(t.keys, session, clock.now());
    const rotation = await rotateSigningKey(t.db, clock.now(), { immediately: true });
    expect(rotation.deleted.length).toBeGreaterThan(0);
    clock.advance(KEY_RING_MAX_AGE_MS);
    await expectRefused(old, 'a token of a deleted key');
    const fresh = await signAccessToken(t.keys, session, clock.now());
    expect(JSON.parse(Buffer.from(fresh.split('.')[0]!, 'base64url').toString()).kid).toBe(rotation.kid);
    await expectAccepted(fresh, 'a token of the new key');
  });

  it('`npm run rotate-token-key` adds a key to the database it is pointed at', async () => {
    const kidsBefore = await storedKids();
    // The script prints the kid (`k7`); the database row is named `token-key:k7`.
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/rotate-token-key.ts'], {
      env: { ...process.env, DATABASE_URL: t.database.url, JWT_SECRET: '' },
    });
    const kidsAfter = await storedKids();
    const added = kidsAfter.filter((kid) => !kidsBefore.includes(kid));
    expect(added).toHaveLength(1);
    expect(stdout).toContain(`New token signing key ${added[0]!.slice('token-key:'.length)} `);
  });
});

describe('the pincode key', () => {
  it('is a database secret of its own: the same on every instance, and nothing a signing key (k1 is `jwt-access`) gives away', async () => {
    const stored = async (name: string) => (await t.db.select({ value: serverSecret.value }).from(serverSecret).where(eq(serverSecret.name, name)))[0]?.value;
    const own = await stored('pincode-key');
    expect(own).toBeTruthy();
    const fromSecret = (secret: string) => Buffer.from(hkdfSync('sha256', new TextEncoder().encode(secret), Buffer.alloc(0), 'nids pincode', 32));
    expect(t.keys.pincodeKey.equals(fromSecret(own!))).toBe(true);
    expect(t.keys.pincodeKey.equals(fromSecret((await stored('jwt-access'))!))).toBe(false);
    // Another instance on the database, and a start after a rotation, hash pincodes alike.
    await rotateSigningKey(t.db, clock.now(), { immediately: true });
    const other = await loadTokenKeys(t.db, undefined, undefined, clock.now());
    expect(other.pincodeKey.equals(t.keys.pincodeKey)).toBe(true);
  });
});

describe('keys from the environment (JWT_SECRET, JWT_PREVIOUS_SECRET)', () => {
  it('the previous secret still verifies, a kid never shows the secret, and without it the old tokens are refused', async () => {
    const oldSecret = 'old-secret-for-the-environment-ring-0123';
    const newSecret = 'new-secret-for-the-environment-ring-4567';
    const before = { ...t.keys, signing: environmentKeyRing(oldSecret, undefined, clock.now()) };
    const during = { ...t.keys, signing: environmentKeyRing(newSecret, oldSecret, clock.now()) };
    const after = { ...t.keys, signing: environmentKeyRing(newSecret, undefined, clock.now()) };
    const oldToken = await signAccessToken(before, session, clock.now());
    const newToken = await signAccessToken(during, session, clock.now());
    expect(oldToken.split('.')[0]).not.toBe(newToken.split('.')[0]);
    expect(Buffer.from(oldToken.split('.')[0]!, 'base64url').toString()).not.toContain(oldSecret.slice(0, 8));
    expect(await verifyAccessToken(during, oldToken, clock.now())).toMatchObject({ userId: member.id });
    expect(await verifyAccessToken(during, newToken, clock.now())).toMatchObject({ userId: member.id });
    expect(await verifyAccessToken(after, oldToken, clock.now())).toBeNull();
    expect(await verifyAccessToken(after, newToken, clock.now())).toMatchObject({ userId: member.id });
  });
});

async function storedKids(): Promise<string[]> {
  const rows = await t.db.select({ name: serverSecret.name }).from(serverSecret);
  return rows.map((r) => r.name).filter((name) => name.startsWith('token-key:'));
}
