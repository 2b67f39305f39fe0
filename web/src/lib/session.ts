import type { LoginUser, TokenPair } from '@contract';
import { readLoginUser } from './login-user';

/**
 * The browser session (spec §3, §4): what is kept in localStorage, when it counts as signed in,
 * and a tiny external store the UI subscribes to (useSyncExternalStore). Everything here except
 * `getSessionStore()` is pure and works against any Storage, so it is unit-tested in node.
 */

/** The localStorage items of spec §3. */
export const storageKeys = {
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  loginUser: 'loginUser',
  guest: 'guest',
  rememberId: 'rememberId',
  /** An administrator's last API call and the server's idle limit (issue 12): `{ at, idleMs }`. */
  adminActivity: 'adminActivity',
} as const;

/** Items that make up the signed-in session (spec §4: cleared on logout and when not logged in). */
const sessionItemKeys = [storageKeys.accessToken, storageKeys.refreshToken, storageKeys.loginUser] as const;
const watchedKeys: readonly string[] = [...sessionItemKeys, storageKeys.guest, storageKeys.adminActivity];

/** Spec §9: the access token is exchanged when it expires within 10 minutes. */
export const REFRESH_WINDOW_MS = 10 * 60_000;

/**
 * KWCAG 2.2.1 (timing adjustable): the session ends when the 30-minute access token does (the
 * server's ACCESS_TOKEN_TTL_SECONDS; any call in its last 10 minutes renews it, so only a member
 * who makes no call for that long gets here). The member is warned this long before, and may extend.
 */
export const SESSION_WARNING_MS = 5 * 60_000;
/** The member is signed out this much before the token runs out, while its sign-out still counts. */
export const SESSION_END_EARLY_MS = 1000;
/**
 * A warning due as a page opens waits this long: the page's own first calls usually renew a token
 * that is inside the refresh window, and the warning would only flash.
 */
export const SESSION_WARNING_SETTLE_MS = 2000;

/**
 * When, in ms from now, to warn and to end a session that expires at `expiresAt`: the warning
 * comes SESSION_WARNING_MS before (not before `notBefore`), the end SESSION_END_EARLY_MS before,
 * and the warning never after the end. Both are 0 when already due.
 */
export function sessionTimeline(expiresAt: number, now: number, notBefore = 0): { warnIn: number; endIn: number } {
  const endIn = Math.max(expiresAt - SESSION_END_EARLY_MS - now, 0);
  const warnIn = Math.max(Math.max(expiresAt - SESSION_WARNING_MS, notBefore) - now, 0);
  return { warnIn: Math.min(warnIn, endIn), endIn };
}

/**
 * The server records an administrator's activity at most once a minute (server/auth/admin-idle.ts),
 * so its idea of the last request may be this much older than ours: the session ends that early.
 */
export const ADMIN_IDLE_MARGIN_MS = 60_000;
/** Calls closer together than this do not rewrite the stored activity (an older time is on the safe side). */
const ADMIN_ACTIVITY_WRITE_MS = 5_000;

interface AdminActivity {
  at: number;
  idleMs: number;
}

function readAdminActivity(storage: StorageLike): AdminActivity | null {
  const value = parseJson(storage.getItem(storageKeys.adminActivity)) as Partial<AdminActivity> | null;
  if (typeof value?.at !== 'number' || typeof value.idleMs !== 'number' || !(value.idleMs > 0)) return null;
  return { at: value.at, idleMs: value.idleMs };
}

/**
 * When the session ends: the access token's expiry, or for an administrator (issue 12) the last
 * call plus the server's idle limit (less the margin), whichever comes first.
 */
export function sessionDeadline(tokenExpiresAt: number, user: Pick<LoginUser, 'role'>, activity: AdminActivity | null): number {
  if (!activity || !isAdmin(user)) return tokenExpiresAt;
  return Math.min(tokenExpiresAt, activity.at + activity.idleMs - ADMIN_IDLE_MARGIN_MS);
}

export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The guest record of spec §3: the role unauthenticated visitors hold (roleCodeForGuest). */
export interface GuestRecord {
  role: { roleCode: string };
}

export type Session =
  | { signedIn: true; user: LoginUser; accessToken: string; expiresAt: number }
  | { signedIn: false; guest: GuestRecord | null };

function base64UrlDecode(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(segment.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/**
 * When a JWT expires, in ms since the epoch, read from its payload's `exp` (seconds). The client
 * does not verify the signature: the server does on every call; this only decides what to show
 * and when to refresh. Anything unreadable gives null (treated as expired).
 */
export function tokenExpiresAt(token: string): number | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const payload: unknown = JSON.parse(base64UrlDecode(parts[1]));
    if (typeof payload !== 'object' || payload === null) return null;
    const exp = (payload as { exp?: unknown }).exp;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
  } catch {
    return null;
  }
}

/** Spec §4: logged in means an access token is present and not expired. */
export function isTokenAlive(token: string | null | undefined, now: number): boolean {
  if (!token) return false;
  const expiresAt = tokenExpiresAt(token);
  return expiresAt !== null && expiresAt > now;
}

/** Spec §4, §9: refresh when the token expires within the window (or already has). */
export function tokenNeedsRefresh(token: string, now: number, windowMs = REFRESH_WINDOW_MS): boolean {
  const expiresAt = tokenExpiresAt(token);
  return expiresAt === null || expiresAt - now <= windowMs;
}

function parseJson(raw: string | null): unknown {
  if (raw === null) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

function readGuest(storage: StorageLike): GuestRecord | null {
  const value = parseJson(storage.getItem(storageKeys.guest)) as { role?: { roleCode?: unknown } } | null;
  const roleCode = value?.role?.roleCode;
  return typeof roleCode === 'string' && roleCode ? { role: { roleCode } } : null;
}

/** The session as stored right now. */
export function readSession(storage: StorageLike, now: number): Session {
  const accessToken = storage.getItem(storageKeys.accessToken);
  const expiresAt = accessToken ? tokenExpiresAt(accessToken) : null;
  const user = readLoginUser(parseJson(storage.getItem(storageKeys.loginUser)));
  const deadline = expiresAt !== null && user ? sessionDeadline(expiresAt, user, readAdminActivity(storage)) : null;
  if (accessToken && deadline !== null && deadline > now && user) {
    return { signedIn: true, user, accessToken, expiresAt: deadline };
  }
  return { signedIn: false, guest: readGuest(storage) };
}

/** Spec §4: logout clears the access token, refresh token and login user. */
export function clearSession(storage: StorageLike): void {
  for (const key of sessionItemKeys) storage.removeItem(key);
  storage.removeItem(storageKeys.adminActivity);
}

/** Spec §4: login with rememberId set stores the user key code; unset removes it. */
export function rememberUserKey(storage: StorageLike, userKeyCode: string | null): void {
  if (userKeyCode) storage.setItem(storageKeys.rememberId, userKeyCode);
  else storage.removeItem(storageKeys.rememberId);
}

export function rememberedUserKey(storage: StorageLike): string {
  return storage.getItem(storageKeys.rememberId) ?? '';
}

/** Spec §6: a role check tests whether the role's permissions contain the permission. */
export function hasPermission(role: { permissions?: readonly string[] } | null | undefined, permission: string): boolean {
  return role?.permissions?.includes(permission) ?? false;
}

/** Spec §6: admin = the role's permissions include ADMIN_Access. */
export const isAdmin = (user: Pick<LoginUser, 'role'> | null | undefined) => hasPermission(user?.role, 'ADMIN_Access');

/** Spec §6: system admin = userType Admin. */
export const isSystemAdmin = (user: Pick<LoginUser, 'userType'> | null | undefined) => user?.userType === 'Admin';

export interface SessionStore {
  subscribe(listener: () => void): () => void;
  getSnapshot(): Session;
  /** The access token to send, only while it is alive. */
  accessToken(): string | null;
  refreshToken(): string | null;
  /** App start (spec §4): a session that is not logged in is cleared. */
  start(): void;
  /** Re-reads storage (another tab changed it, or the token expired) and notifies on change. */
  sync(): void;
  signIn(pair: TokenPair): void;
  /** New tokens from a refresh; the user record is replaced too. */
  replaceTokens(pair: TokenPair): void;
  signOut(): void;
  /** Spec §3/§4: the guest record `{ role: { roleCode } }` from roleCodeForGuest. */
  setGuest(roleCode: string): void;
  /**
   * An API call the server answered as to an administrator, with its idle limit (issue 12): the
   * session's end moves to that call plus the limit. Written at most every few seconds.
   */
  noteAdminActivity(at: number, idleMs: number): void;
  /** Keeps the stored user in step after the member edits the profile or changes the key. */
  updateUser(patch: Partial<Pick<LoginUser, 'name' | 'userKeyCode'>>): void;
}

export interface SessionStoreOptions {
  now?: () => number;
  /** Schedules the re-check at the token's expiry; returns a cancel function. Omitted in tests. */
  schedule?: (callback: () => void, delayMs: number) => () => void;
}

const MAX_TIMER_MS = 2 ** 31 - 1;

export function createSessionStore(storage: StorageLike, options: SessionStoreOptions = {}): SessionStore {
  const now = options.now ?? Date.now;
  const listeners = new Set<() => void>();
  let snapshot: Session = readSession(storage, now());
  let signature = signatureOf(snapshot);
  let cancelTimer: (() => void) | null = null;

  function signatureOf(session: Session): string {
    return session.signedIn
      ? `in:${session.accessToken}:${session.expiresAt}:${JSON.stringify(session.user)}`
      : `out:${session.guest?.role.roleCode ?? ''}`;
  }

  function scheduleExpiryCheck() {
    cancelTimer?.();
    cancelTimer = null;
    if (!options.schedule || !snapshot.signedIn) return;
    const delay = Math.min(Math.max(snapshot.expiresAt - now() + 50, 0), MAX_TIMER_MS);
    cancelTimer = options.schedule(() => {
      cancelTimer = null;
      sync();
    }, delay);
  }

  function sync() {
    const next = readSession(storage, now());
    // A token that ran out leaves nothing behind (spec §4: not logged in means cleared). Only an
    // expired token clears: another tab may be half-way through writing a new sign-in.
    const stored = storage.getItem(storageKeys.accessToken);
    if (stored !== null && !isTokenAlive(stored, now())) clearSession(storage);
    else if (stored !== null && !next.signedIn && readAdminActivity(storage)) endIdleAdmin(stored);
    const nextSignature = signatureOf(next);
    if (nextSignature === signature) return;
    snapshot = next;
    signature = nextSignature;
    scheduleExpiryCheck();
    for (const listener of [...listeners]) listener();
  }

  /**
   * An administrator idle past the limit (the token itself still alive): the record goes, or a new
   * sign-in would read as idle at once, and so do the token and user it ended. The refresh token
   * stays for the sign-out that revokes it on the server (SessionExpiryWarning); start() clears it
   * otherwise. Only if the token is still the one read: another tab may be signing in.
   */
  function endIdleAdmin(token: string) {
    if (storage.getItem(storageKeys.accessToken) !== token) return;
    storage.removeItem(storageKeys.adminActivity);
    storage.removeItem(storageKeys.accessToken);
    storage.removeItem(storageKeys.loginUser);
  }

  function storeTokens(pair: TokenPair) {
    // The user first: other tabs see a token only once its user is there.
    storage.setItem(storageKeys.loginUser, JSON.stringify(pair.user));
    storage.setItem(storageKeys.refreshToken, pair.refreshToken);
    storage.setItem(storageKeys.accessToken, pair.accessToken);
  }

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    accessToken() {
      // From the snapshot (asked on every API call): its end is the token's expiry or an
      // administrator's idle limit, so an idle administrator's late call cannot revive the session.
      // Past that end, or with a token another tab wrote, storage is read again once.
      const token = storage.getItem(storageKeys.accessToken);
      if (!token) return null;
      const live = () => snapshot.signedIn && snapshot.accessToken === token && now() < snapshot.expiresAt;
      if (live()) return token;
      sync();
      return live() ? token : null;
    },
    refreshToken: () => storage.getItem(storageKeys.refreshToken),
    start() {
      if (!readSession(storage, now()).signedIn) clearSession(storage);
      sync();
      scheduleExpiryCheck();
    },
    sync,
    signIn(pair) {
      // A new sign-in starts a new idle period: an old record (an administrator who idled on a
      // page without the warning) would end it at once.
      storage.removeItem(storageKeys.adminActivity);
      storeTokens(pair);
      sync();
    },
    replaceTokens(pair) {
      storeTokens(pair);
      sync();
    },
    signOut() {
      clearSession(storage);
      sync();
    },
    setGuest(roleCode) {
      if (readGuest(storage)?.role.roleCode === roleCode) return;
      storage.setItem(storageKeys.guest, JSON.stringify({ role: { roleCode } } satisfies GuestRecord));
      sync();
    },
    noteAdminActivity(at, idleMs) {
      const before = readAdminActivity(storage);
      if (before && before.idleMs === idleMs && at >= before.at && at - before.at < ADMIN_ACTIVITY_WRITE_MS) return;
      if (before && at < before.at) return;
      storage.setItem(storageKeys.adminActivity, JSON.stringify({ at, idleMs } satisfies AdminActivity));
      // Every subscriber re-renders on a sync (and the expiry warning resets its timers): only when
      // the end moved by more than the margin. Until then the snapshot's end is the earlier, safe
      // one, and the check scheduled at it reads the later one from storage.
      if (snapshot.signedIn && isAdmin(snapshot.user)) {
        const token = tokenExpiresAt(snapshot.accessToken);
        const deadline = token === null ? null : sessionDeadline(token, snapshot.user, { at, idleMs });
        if (deadline !== null && Math.abs(deadline - snapshot.expiresAt) <= ADMIN_IDLE_MARGIN_MS) return;
      }
      sync();
    },
    updateUser(patch) {
      if (!snapshot.signedIn) return;
      storage.setItem(storageKeys.loginUser, JSON.stringify({ ...snapshot.user, ...patch }));
      sync();
    },
  };
}

let browserStore: SessionStore | null = null;

/**
 * The one store of this tab, made on first use (app start): it clears a session that is not
 * logged in, re-checks at the token's expiry and follows other tabs through the `storage` event.
 */
export function getSessionStore(): SessionStore {
  if (browserStore) return browserStore;
  const store = createSessionStore(window.localStorage, {
    schedule: (callback, delay) => {
      const timer = window.setTimeout(callback, delay);
      return () => window.clearTimeout(timer);
    },
  });
  window.addEventListener('storage', (event) => {
    if (event.storageArea !== window.localStorage) return;
    if (event.key === null || watchedKeys.includes(event.key)) store.sync();
  });
  store.start();
  browserStore = store;
  return store;
}
