import { paths } from '@contract';

/** Where a screen that needs sign-in sends a guest, and how sign-in knows where to return. */
export interface ReturnState {
  from?: string;
}

/**
 * Where to go after login: the page that sent the visitor to sign in, if it is a path of this site,
 * else the home page (spec §2). Account recovery screens are not worth returning to.
 */
export function returnPathAfterSignin(state: unknown): string {
  const from = typeof state === 'object' && state !== null && 'from' in state ? (state as ReturnState).from : undefined;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.includes('\\')) return paths.home;
  const path = from.split(/[?#]/)[0]!.toLowerCase();
  const dontReturn = [paths.signin, paths.signup, paths.signupWelcome, paths.findId, paths.findPassword].map((p) => p.toLowerCase());
  return dontReturn.some((p) => path === p || path === `${p}/`) ? paths.home : from;
}
