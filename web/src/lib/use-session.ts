import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { endpointRoutes } from '@contract/endpoint-routes';
import { apiCall, endpoint } from './api';
import { clearMemberDrafts } from './member-storage';
import { getSessionStore, type Session } from './session';
import { queryKeys } from './query-keys';

const subscribe = (listener: () => void) => getSessionStore().subscribe(listener);
const getSnapshot = () => getSessionStore().getSnapshot();
const getServerSnapshot = (): Session => ({ signedIn: false, guest: null });

/** The current session; re-renders on sign-in, sign-out, token expiry and changes in other tabs. */
export function useSession(): Session {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}

/**
 * A new caller (sign-in, sign-out from a button or another tab, an expired or refused session, an
 * administrator's idle end): the answers kept in memory for the one before that no screen shows
 * (a secret post, My page) go, so the next person at a shared computer cannot bring them back
 * (issue 12); the screens on show are asked again, since board permissions and contents depend on
 * who asks.
 */
export function forgetPreviousCaller(queryClient: QueryClient): Promise<void> {
  queryClient.removeQueries({ queryKey: queryKeys.user.all });
  queryClient.removeQueries({ predicate: (query) => !query.isActive() });
  return queryClient.invalidateQueries();
}

/**
 * What the app shell runs once: keeps the guest record (spec §3/§4, roleCodeForGuest from the
 * site info) and forgets the previous caller's answers when the caller changes.
 */
export function useSessionEffects(roleCodeForGuest: string | undefined): void {
  const queryClient = useQueryClient();
  const session = useSession();
  const caller = session.signedIn ? `user:${session.user.id}:${session.user.role.roleCode}` : 'guest';
  const previousCaller = useRef(caller);

  useEffect(() => {
    if (roleCodeForGuest) getSessionStore().setGuest(roleCodeForGuest);
  }, [roleCodeForGuest]);

  useEffect(() => {
    if (previousCaller.current === caller) return;
    previousCaller.current = caller;
    void forgetPreviousCaller(queryClient);
  }, [caller, queryClient]);
}

export interface SignOutOptions {
  /**
   * The member chose to sign out (the header's 로그아웃, the expiry warning's 로그아웃): their post
   * drafts go too, for the next person at a shared computer (issue 12). A session that merely ran
   * out keeps them, for the member to find after signing in again (features/board/write/draft.ts).
   */
  forget?: boolean;
  /**
   * Runs after the server was told and before the session is cleared (the header leaves for the
   * home page first, so a members-only screen is not asked to redirect to sign-in on the way out).
   */
  beforeClear?: () => unknown;
}

/**
 * Logout (spec §4): revokes the refresh token on the server, then clears the access token,
 * refresh token and login user whatever the server said, so the visitor is never stuck signed in.
 * The answers kept in memory go with any change of caller (useSessionEffects).
 */
/** The longest a sign-out waits for the reads already on their way (they are normally back in milliseconds). */
export const SIGN_OUT_SETTLE_MS = 2000;

/**
 * Resolves once no query is fetching, or after `limitMs`. A sign-out waits for it before the server
 * ends the sign-in: reads sent with the token a moment earlier (a screen just opened) would be
 * refused halfway, with 401s in the console, had they reached the server after it.
 */
export function fetchesSettled(client: QueryClient, limitMs: number): Promise<void> {
  if (client.isFetching() === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      unsubscribe();
      clearTimeout(timer);
      resolve();
    };
    const unsubscribe = client.getQueryCache().subscribe(() => {
      if (client.isFetching() === 0) done();
    });
    const timer = setTimeout(done, limitMs);
  });
}

export function useSignOut(): { signOut: (options?: SignOutOptions) => Promise<void>; pending: boolean } {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const signOut = useCallback(async ({ forget = false, beforeClear }: SignOutOptions = {}) => {
    const store = getSessionStore();
    const snapshot = store.getSnapshot();
    const refreshToken = store.refreshToken();
    setPending(true);
    try {
      await fetchesSettled(queryClient, SIGN_OUT_SETTLE_MS);
      if (refreshToken) await apiCall(endpoint(endpointRoutes.session.signout), { body: { refreshToken }, skipRefresh: true }).catch(() => undefined);
      await beforeClear?.();
    } finally {
      store.signOut();
      if (forget && snapshot.signedIn) clearMemberDrafts(window.localStorage, snapshot.user.id);
      setPending(false);
    }
  }, [queryClient]);
  return { signOut, pending };
}
