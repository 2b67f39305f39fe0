import { describe, expect, it, vi } from 'vitest';
import type { LoginUser, TokenPair } from '@contract';
import {
  ADMIN_IDLE_MARGIN_MS,
  REFRESH_WINDOW_MS,
  SESSION_END_EARLY_MS,
  SESSION_WARNING_MS,
  createSessionStore,
  hasPermission,
  isAdmin,
  isSystemAdmin,
  isTokenAlive,
  readSession,
  rememberUserKey,
  rememberedUserKey,
  sessionDeadline,
  sessionTimeline,
  storageKeys,
  tokenExpiresAt,
  tokenNeedsRefresh,
  type StorageLike,
} from './session';

class FakeStorage implements StorageLike {
  readonly items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, String(value));
  removeItem = (key: string) => void this.items.delete(key);
}

const NOW = Date.parse('2026-11-22T05:00:00Z');
const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** A token shaped like the server's (HS256, exp in seconds); the signature is never checked here. */
const jwt = (payload: Record<string, unknown>) => `${b64url({ alg: 'HS256' })}.${b64url(payload)}.c2lnbmF0dXJl`;
const tokenExpiringIn = (ms: number) => jwt({ sub: '7', typ: 'access', exp: Math.floor((NOW + ms) / 1000) });

const member: LoginUser = { id: 7, userKeyCode: 'hong1234', name: '홍길동', userType: 'Member', role: { roleCode: 'MEMBER', permissions: ['MEMBER_Access'] } };
const pair = (accessToken: string, user: LoginUser = member): TokenPair => ({ accessToken, refreshToken: 'refresh-1', user });

function signedInStorage(accessToken: string): FakeStorage {
  const storage = new FakeStorage();
  storage.setItem(storageKeys.accessToken, accessToken);
  storage.setItem(storageKeys.refreshToken, 'refresh-1');
  storage.setItem(storageKeys.loginUser, JSON.stringify(member));
  return storage;
}

describe('tokenExpiresAt', () => {
  it('reads exp (seconds) from the payload as milliseconds', () => {
    expect(tokenExpiresAt(jwt({ exp: 1_800_000_000 }))).toBe(1_800_000_000_000);
  });

  it('reads payloads with Korean text and base64url characters', () => {
    expect(tokenExpiresAt(jwt({ exp: 1_800_000_000, name: '홍길동~~??>>' }))).toBe(1_800_000_000_000);
  });

  it('gives null for anything that is not a JWT with a numeric exp', () => {
    expect(tokenExpiresAt('')).toBeNull();
    expect(tokenExpiresAt('not-a-token')).toBeNull();
    expect(tokenExpiresAt('a.b')).toBeNull();
    expect(tokenExpiresAt('a.%%%.c')).toBeNull();
    expect(tokenExpiresAt(jwt({ sub: '7' }))).toBeNull();
    expect(tokenExpiresAt(jwt({ exp: '1800000000' }))).toBeNull();
    expect(tokenExpiresAt(`${b64url({})}.${Buffer.from('[1,2]').toString('base64url')}.x`)).toBeNull();
  });
});

describe('isTokenAlive (spec §4: logged in = a token that has not expired)', () => {
  it('is true before exp and false at or after it', () => {
    expect(isTokenAlive(tokenExpiringIn(1000), NOW)).toBe(true);
    expect(isTokenAlive(tokenExpiringIn(0), NOW)).toBe(false);
    expect(isTokenAlive(tokenExpiringIn(-1000), NOW)).toBe(false);
  });

  it('is false without a token or with an unreadable one', () => {
    expect(isTokenAlive(null, NOW)).toBe(false);
    expect(isTokenAlive(undefined, NOW)).toBe(false);
    expect(isTokenAlive('garbage', NOW)).toBe(false);
  });
});

describe('tokenNeedsRefresh (spec §9: 10 minutes before expiry)', () => {
  it('is false with more than 10 minutes left', () => {
    expect(REFRESH_WINDOW_MS).toBe(600_000);
    expect(tokenNeedsRefresh(tokenExpiringIn(30 * 60_000), NOW)).toBe(false);
    expect(tokenNeedsRefresh(tokenExpiringIn(10 * 60_000 + 1000), NOW)).toBe(false);
  });

  it('is true within 10 minutes of expiry, at the boundary, and after it', () => {
    expect(tokenNeedsRefresh(tokenExpiringIn(10 * 60_000), NOW)).toBe(true);
    expect(tokenNeedsRefresh(tokenExpiringIn(9 * 60_000 + 59_000), NOW)).toBe(true);
    expect(tokenNeedsRefresh(tokenExpiringIn(1000), NOW)).toBe(true);
    expect(tokenNeedsRefresh(tokenExpiringIn(-1000), NOW)).toBe(true);
  });

  it('treats an unreadable token as due', () => {
    expect(tokenNeedsRefresh('garbage', NOW)).toBe(true);
  });
});

describe('sessionTimeline (KWCAG 2.2.1: warned before the session ends)', () => {
  const MIN = 60_000;

  it('warns five minutes before the token expires and ends the session just before it does', () => {
    expect(SESSION_WARNING_MS).toBeGreaterThanOrEqual(2 * MIN);
    expect(sessionTimeline(NOW + 30 * MIN, NOW)).toEqual({ warnIn: 30 * MIN - SESSION_WARNING_MS, endIn: 30 * MIN - SESSION_END_EARLY_MS });
  });

  it('warns at once inside the last five minutes, and both are due once the time has passed', () => {
    expect(sessionTimeline(NOW + 3 * MIN, NOW)).toEqual({ warnIn: 0, endIn: 3 * MIN - SESSION_END_EARLY_MS });
    expect(sessionTimeline(NOW - MIN, NOW)).toEqual({ warnIn: 0, endIn: 0 });
  });

  it('holds a warning back until notBefore, but never past the end', () => {
    expect(sessionTimeline(NOW + 3 * MIN, NOW, NOW + 2000).warnIn).toBe(2000);
    expect(sessionTimeline(NOW + 20 * MIN, NOW, NOW + 2000).warnIn).toBe(20 * MIN - SESSION_WARNING_MS);
    expect(sessionTimeline(NOW + 1500, NOW, NOW + 5000)).toEqual({ warnIn: 500, endIn: 500 });
  });
});

describe('readSession', () => {
  it('is signed in with a live token and a stored login user', () => {
    const token = tokenExpiringIn(60_000);
    expect(readSession(signedInStorage(token), NOW)).toEqual({ signedIn: true, user: member, accessToken: token, expiresAt: NOW + 60_000 });
  });

  it('is a guest with an expired token, a missing or broken login user', () => {
    expect(readSession(signedInStorage(tokenExpiringIn(-1)), NOW).signedIn).toBe(false);
    const noUser = signedInStorage(tokenExpiringIn(60_000));
    noUser.removeItem(storageKeys.loginUser);
    expect(readSession(noUser, NOW).signedIn).toBe(false);
    const broken = signedInStorage(tokenExpiringIn(60_000));
    broken.setItem(storageKeys.loginUser, '{"id":');
    expect(readSession(broken, NOW).signedIn).toBe(false);
  });

  it('reads the guest record { role: { roleCode } }', () => {
    const storage = new FakeStorage();
    expect(readSession(storage, NOW)).toEqual({ signedIn: false, guest: null });
    storage.setItem(storageKeys.guest, JSON.stringify({ role: { roleCode: 'GUEST' } }));
    expect(readSession(storage, NOW)).toEqual({ signedIn: false, guest: { role: { roleCode: 'GUEST' } } });
    storage.setItem(storageKeys.guest, 'nonsense');
    expect(readSession(storage, NOW)).toEqual({ signedIn: false, guest: null });
  });
});

describe('session store', () => {
  const at = () => NOW;

  it('on start keeps a live session untouched', () => {
    const storage = signedInStorage(tokenExpiringIn(60_000));
    const store = createSessionStore(storage, { now: at });
    store.start();
    expect(store.getSnapshot()).toMatchObject({ signedIn: true, user: member });
    expect(storage.items.size).toBe(3);
  });

  it('on start clears accessToken, refreshToken and loginUser when not logged in, keeping guest and rememberId (spec §4)', () => {
    const storage = signedInStorage(tokenExpiringIn(-1));
    storage.setItem(storageKeys.guest, JSON.stringify({ role: { roleCode: 'GUEST' } }));
    storage.setItem(storageKeys.rememberId, 'hong1234');
    const store = createSessionStore(storage, { now: at });
    store.start();
    expect([...storage.items.keys()].sort()).toEqual([storageKeys.guest, storageKeys.rememberId]);
    expect(store.getSnapshot()).toEqual({ signedIn: false, guest: { role: { roleCode: 'GUEST' } } });
  });

  it('on start clears a refresh token or user left without an access token', () => {
    const storage = new FakeStorage();
    storage.setItem(storageKeys.refreshToken, 'refresh-1');
    storage.setItem(storageKeys.loginUser, JSON.stringify(member));
    createSessionStore(storage, { now: at }).start();
    expect(storage.items.size).toBe(0);
  });

  it('stores the guest record from roleCodeForGuest once, and notifies', () => {
    const storage = new FakeStorage();
    const store = createSessionStore(storage, { now: at });
    const listener = vi.fn();
    store.subscribe(listener);
    store.setGuest('GUEST');
    store.setGuest('GUEST');
    expect(storage.getItem(storageKeys.guest)).toBe('{"role":{"roleCode":"GUEST"}}');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('signs in and out, notifying subscribers with a new snapshot each time', () => {
    const storage = new FakeStorage();
    const store = createSessionStore(storage, { now: at });
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    const token = tokenExpiringIn(30 * 60_000);

    store.signIn(pair(token));
    expect(store.getSnapshot()).toMatchObject({ signedIn: true, user: member, accessToken: token });
    expect(storage.getItem(storageKeys.accessToken)).toBe(token);
    expect(storage.getItem(storageKeys.refreshToken)).toBe('refresh-1');
    expect(JSON.parse(storage.getItem(storageKeys.loginUser)!)).toEqual(member);
    expect(store.accessToken()).toBe(token);
    expect(store.refreshToken()).toBe('refresh-1');

    store.signOut();
    expect(store.getSnapshot().signedIn).toBe(false);
    expect(storage.getItem(storageKeys.accessToken)).toBeNull();
    expect(storage.getItem(storageKeys.refreshToken)).toBeNull();
    expect(storage.getItem(storageKeys.loginUser)).toBeNull();
    expect(listener).toHaveBeenCalledTimes(2);

    unsubscribe();
    store.signIn(pair(token));
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('keeps the same snapshot object while nothing changed (useSyncExternalStore)', () => {
    const store = createSessionStore(signedInStorage(tokenExpiringIn(60_000)), { now: at });
    const first = store.getSnapshot();
    store.sync();
    expect(store.getSnapshot()).toBe(first);
  });

  it('follows another tab: sync() picks up what was written to storage', () => {
    const storage = new FakeStorage();
    const store = createSessionStore(storage, { now: at });
    const listener = vi.fn();
    store.subscribe(listener);
    const other = createSessionStore(storage, { now: at });
    other.signIn(pair(tokenExpiringIn(60_000)));
    expect(store.getSnapshot().signedIn).toBe(false);
    store.sync();
    expect(store.getSnapshot().signedIn).toBe(true);
    other.signOut();
    store.sync();
    expect(store.getSnapshot().signedIn).toBe(false);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('does not clear a sign-in another tab is half-way through writing', () => {
    const storage = new FakeStorage();
    const store = createSessionStore(storage, { now: at });
    storage.setItem(storageKeys.accessToken, tokenExpiringIn(60_000));
    store.sync();
    expect(storage.getItem(storageKeys.accessToken)).not.toBeNull();
  });

  it('gives no access token once it has expired, and ends the session at expiry', () => {
    let now = NOW;
    const scheduled: { callback: () => void; delay: number }[] = [];
    const storage = new FakeStorage();
    const store = createSessionStore(storage, {
      now: () => now,
      schedule: (callback, delay) => {
        scheduled.push({ callback, delay });
        return () => undefined;
      },
    });
    store.signIn(pair(tokenExpiringIn(5 * 60_000)));
    expect(scheduled.at(-1)!.delay).toBeGreaterThanOrEqual(5 * 60_000);
    now = NOW + 5 * 60_000;
    expect(store.accessToken()).toBeNull();
    scheduled.at(-1)!.callback();
    expect(store.getSnapshot().signedIn).toBe(false);
    expect(storage.getItem(storageKeys.refreshToken)).toBeNull();
  });

  it('replaces the tokens after a refresh', () => {
    const storage = new FakeStorage();
    const store = createSessionStore(storage, { now: at });
    store.signIn(pair(tokenExpiringIn(60_000)));
    const next = tokenExpiringIn(30 * 60_000);
    store.replaceTokens({ accessToken: next, refreshToken: 'refresh-2', user: member });
    expect(store.accessToken()).toBe(next);
    expect(store.refreshToken()).toBe('refresh-2');
  });

  it('updates the stored user after a profile or key change', () => {
    const storage = new FakeStorage();
    const store = createSessionStore(storage, { now: at });
    store.updateUser({ name: '김철수' });
    expect(storage.getItem(storageKeys.loginUser)).toBeNull();
    store.signIn(pair(tokenExpiringIn(60_000)));
    store.updateUser({ name: '김철수' });
    expect(store.getSnapshot()).toMatchObject({ signedIn: true, user: { ...member, name: '김철수' } });
    expect(JSON.parse(storage.getItem(storageKeys.loginUser)!).name).toBe('김철수');
  });
});

describe('rememberId (spec §4)', () => {
  it('stores the key code when set and removes it when unset', () => {
    const storage = new FakeStorage();
    expect(rememberedUserKey(storage)).toBe('');
    rememberUserKey(storage, 'hong1234');
    expect(storage.getItem('rememberId')).toBe('hong1234');
    expect(rememberedUserKey(storage)).toBe('hong1234');
    rememberUserKey(storage, null);
    expect(storage.getItem('rememberId')).toBeNull();
  });
});

describe('role helpers (spec §6)', () => {
  const admin: LoginUser = { ...member, role: { roleCode: 'ADMIN', permissions: ['ADMIN_Access', 'MEMBER_Access'] } };
  const systemAdmin: LoginUser = { ...member, userType: 'Admin', role: { roleCode: 'MEMBER', permissions: [] } };

  it.each([
    ['member', member, { admin: false, system: false, member: true }],
    ['admin role', admin, { admin: true, system: false, member: true }],
    ['system admin', systemAdmin, { admin: false, system: true, member: false }],
    ['nobody', null, { admin: false, system: false, member: false }],
  ] as const)('%s', (_, user, expected) => {
    expect(isAdmin(user)).toBe(expected.admin);
    expect(isSystemAdmin(user)).toBe(expected.system);
    expect(hasPermission(user?.role, 'MEMBER_Access')).toBe(expected.member);
  });
});

describe('an administrator idle limit (issue 12)', () => {
  const manager: LoginUser = { ...member, role: { roleCode: 'ADMIN', permissions: ['ADMIN_Access', 'MEMBER_Access'] } };
  const MINUTE = 60_000;

  it('ends the session at the last call plus the limit, less the server minute, when that comes before the token', () => {
    const activity = { at: NOW, idleMs: 15 * MINUTE };
    expect(sessionDeadline(NOW + 30 * MINUTE, manager, activity)).toBe(NOW + 15 * MINUTE - ADMIN_IDLE_MARGIN_MS);
    expect(sessionDeadline(NOW + 5 * MINUTE, manager, activity)).toBe(NOW + 5 * MINUTE);
    // Members keep the token's lifetime; so does an administrator before the server has named a limit.
    expect(sessionDeadline(NOW + 30 * MINUTE, member, activity)).toBe(NOW + 30 * MINUTE);
    expect(sessionDeadline(NOW + 30 * MINUTE, manager, null)).toBe(NOW + 30 * MINUTE);
  });

  it('moves the end with each call, rewrites storage at most every few seconds, and is cleared on sign-out', () => {
    let now = NOW;
    const storage = new FakeStorage();
    const store = createSessionStore(storage, { now: () => now });
    store.signIn(pair(tokenExpiringIn(30 * MINUTE), manager));
    store.noteAdminActivity(now, 15 * MINUTE);
    const first = store.getSnapshot();
    expect(first.signedIn && first.expiresAt).toBe(NOW + 14 * MINUTE);
    const listener = vi.fn();
    store.subscribe(listener);
    now += 2000;
    store.noteAdminActivity(now, 15 * MINUTE);
    expect(listener).not.toHaveBeenCalled();
    now += 10 * MINUTE;
    store.noteAdminActivity(now, 15 * MINUTE);
    expect(listener).toHaveBeenCalledTimes(1);
    const later = store.getSnapshot();
    expect(later.signedIn && later.expiresAt).toBe(now + 14 * MINUTE);
    // Idle past the end: no longer signed in.
    now += 15 * MINUTE;
    store.sync();
    expect(store.getSnapshot().signedIn).toBe(false);
    store.signOut();
    expect(storage.getItem(storageKeys.adminActivity)).toBeNull();
  });

  it('a call that moves the end by no more than the margin is stored without re-rendering anyone; the later end is read at the earlier one', () => {
    let now = NOW;
    const storage = new FakeStorage();
    const scheduled: Array<{ callback: () => void; delay: number }> = [];
    const store = createSessionStore(storage, { now: () => now, schedule: (callback, delay) => (scheduled.push({ callback, delay }), () => undefined) });
    store.signIn(pair(tokenExpiringIn(30 * MINUTE), manager));
    store.noteAdminActivity(now, 15 * MINUTE);
    const listener = vi.fn();
    store.subscribe(listener);
    now += 30_000;
    store.noteAdminActivity(now, 15 * MINUTE);
    expect(JSON.parse(storage.getItem(storageKeys.adminActivity)!)).toEqual({ at: now, idleMs: 15 * MINUTE });
    expect(listener).not.toHaveBeenCalled();
    const snapshot = store.getSnapshot();
    expect(snapshot.signedIn && snapshot.expiresAt).toBe(NOW + 14 * MINUTE);
    // At the snapshot's end the scheduled check finds the later one: still signed in, and told.
    now = NOW + 14 * MINUTE + 50;
    scheduled.at(-1)!.callback();
    const later = store.getSnapshot();
    expect(later.signedIn && later.expiresAt).toBe(NOW + 30_000 + 14 * MINUTE);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.accessToken()).toBe(storage.getItem(storageKeys.accessToken));
  });

  it('a new sign-in after an administrator idled on a page without the warning is not read as idle', () => {
    let now = NOW;
    const storage = new FakeStorage();
    const store = createSessionStore(storage, { now: () => now });
    store.signIn(pair(tokenExpiringIn(60 * MINUTE), manager));
    store.noteAdminActivity(now, 15 * MINUTE);
    // The record left behind as another tab (or a page without the warning) saw it.
    const stale = storage.getItem(storageKeys.adminActivity);
    now += 20 * MINUTE;
    const fresh = jwt({ sub: '7', typ: 'access', exp: Math.floor((now + 30 * MINUTE) / 1000) });
    store.signIn(pair(fresh, manager));
    expect(store.getSnapshot().signedIn).toBe(true);
    expect(store.accessToken()).toBe(fresh);
    expect(storage.getItem(storageKeys.adminActivity)).toBeNull();
    // Even with the old record written back by another tab before the sign-in, it is removed.
    storage.setItem(storageKeys.adminActivity, stale!);
    store.signIn(pair(fresh, manager));
    expect(store.getSnapshot().signedIn).toBe(true);
  });

  it('past the idle end the record, the token and the user go; the refresh token stays for the sign-out to revoke', () => {
    let now = NOW;
    const storage = new FakeStorage();
    const store = createSessionStore(storage, { now: () => now });
    store.signIn(pair(tokenExpiringIn(60 * MINUTE), manager));
    store.noteAdminActivity(now, 15 * MINUTE);
    now += 15 * MINUTE;
    store.sync();
    expect(store.getSnapshot().signedIn).toBe(false);
    expect(store.accessToken()).toBeNull();
    expect(storage.getItem(storageKeys.adminActivity)).toBeNull();
    expect(storage.getItem(storageKeys.accessToken)).toBeNull();
    expect(storage.getItem(storageKeys.loginUser)).toBeNull();
    expect(store.refreshToken()).toBe('refresh-1');
  });
});

describe('the token to send', () => {
  it('comes from the snapshot: one storage read per call, nothing decoded or parsed', () => {
    const token = tokenExpiringIn(20 * 60_000);
    const storage = signedInStorage(token);
    const store = createSessionStore(storage, { now: () => NOW });
    const getItem = vi.spyOn(storage, 'getItem');
    // The unit files share their processes: the global spy is undone even when the test fails.
    const atob = vi.spyOn(globalThis, 'atob');
    try {
      for (let i = 0; i < 3; i += 1) expect(store.accessToken()).toBe(token);
      expect(getItem.mock.calls).toEqual([[storageKeys.accessToken], [storageKeys.accessToken], [storageKeys.accessToken]]);
      expect(atob).not.toHaveBeenCalled();
    } finally {
      atob.mockRestore();
    }
  });

  it('a token another tab wrote is read from storage once and sent; none past the end', () => {
    let now = NOW;
    const storage = signedInStorage(tokenExpiringIn(20 * 60_000));
    const store = createSessionStore(storage, { now: () => now });
    const renewed = tokenExpiringIn(40 * 60_000);
    storage.setItem(storageKeys.accessToken, renewed);
    expect(store.accessToken()).toBe(renewed);
    const snapshot = store.getSnapshot();
    expect(snapshot.signedIn && snapshot.accessToken).toBe(renewed);
    now += 40 * 60_000;
    expect(store.accessToken()).toBeNull();
  });
});
