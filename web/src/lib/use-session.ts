import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { apiPost } from './api';
import { clearMemberDrafts } from './member-storage';
import { getSessionStore, type Session } from './session';

const subscribe = (listener: () => void) => getSessionStore().subscribe(listener);
const getSnapshot = () => getSessionStore().getSnapshot();
const getServerSnapshot = (): Session => ({ signedIn: false, guest: null });

/** The current session; re-renders on sign-in, sign-out, token expiry and changes in other tabs. */
export function useSession(): Session {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}

/**
 * What the app shell runs once: keeps the guest record (spec §3/§4, roleCodeForGuest from the
 * site info) and refetches everything when the caller changes, since board permissions and
 * contents depend on who asks.
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
    queryClient.removeQueries({ queryKey: ['user'] });
    void queryClient.invalidateQueries();
  }, [caller, queryClient]);
}

/**
 * Logout (spec §4): revokes the refresh token on the server, then clears the access token,
 * refresh token and login user whatever the server said, so the visitor is never stuck signed in.
 * `beforeClear` runs between the two (the header leaves for the home page first, so a members-only
 * screen is not asked to redirect to sign-in on the way out).
 *
 * Shared computers (issue 12): the member's post drafts go too, and so do the answers kept in
 * memory that no screen shows now (a secret post, My page); the screens on show are asked again
 * as a guest (useSessionEffects).
 */
export function useSignOut(): { signOut: (beforeClear?: () => unknown) => Promise<void>; pending: boolean } {
  const [pending, setPending] = useState(false);
  const queryClient = useQueryClient();
  const signOut = useCallback(async (beforeClear?: () => unknown) => {
    const store = getSessionStore();
    const snapshot = store.getSnapshot();
    const refreshToken = store.refreshToken();
    setPending(true);
    try {
      if (refreshToken) await apiPost('/api/user/signout', { refreshToken }, { skipRefresh: true }).catch(() => undefined);
      await beforeClear?.();
    } finally {
      store.signOut();
      if (snapshot.signedIn) clearMemberDrafts(window.localStorage, snapshot.user.id);
      queryClient.removeQueries({ predicate: (query) => !query.isActive() });
      setPending(false);
    }
  }, [queryClient]);
  return { signOut, pending };
}
