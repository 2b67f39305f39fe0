import { adminPaths, isAtOrUnder, paths, routePatterns, screenPattern } from './paths';

/*
 * Free of zod and of anything else: the web app's beacon (web/src/lib/visit-beacon.ts) sends only
 * what `isScreenPath` takes, and the server (module visit) checks and counts with the same rules.
 */

/**
 * Which public screen a path is (issue 23), as visitor statistics count it: a fixed screen by its
 * name in contract/paths.ts (`home`, `nidsIntro`...), a board's screens as `list:<code>`,
 * `view:<code>`, `write:<code>`, and a post's view also as the post. Anything else (the console,
 * a mistyped address, a board that does not exist) is not counted: the paths the beacon sends are
 * the caller's words, and each counted value is a row.
 */
export interface ScreenVisit {
  screen: string;
  /** `boardCode/itemNo` of a post's view. */
  post?: string;
}

const fixed = new Map(
  Object.entries(paths as Record<string, unknown>).flatMap(([name, path]) =>
    typeof path === 'string' ? [[path.replace(/(.)\/$/, '$1').toLowerCase(), name] as const] : [],
  ),
);

const boardScreens = [
  ['list', screenPattern(routePatterns.boardList)],
  ['view', screenPattern(routePatterns.boardView, { itemNo: '\\d{1,9}' })],
  ['write', screenPattern(routePatterns.boardWrite)],
] as const;

/**
 * `boards`: the boards that exist, by lower-case code (routes match board codes in any case).
 * Answers undefined for a path that is no public screen.
 */
export function screenOf(pathname: string, boards: ReadonlyMap<string, string> | 'anyBoard'): ScreenVisit | undefined {
  if (pathname.length > 300 || !pathname.startsWith('/')) return undefined;
  if (isAtOrUnder(adminPaths.dashboard, pathname)) return undefined;
  const name = fixed.get(pathname.replace(/(.)\/$/, '$1').toLowerCase());
  if (name) return { screen: name };
  for (const [kind, pattern] of boardScreens) {
    const match = pattern.exec(pathname);
    if (!match) continue;
    const code = boards === 'anyBoard' ? match[2]! : boards.get(match[2]!.toLowerCase());
    if (!code) return undefined;
    if (kind === 'view') return { screen: `view:${code}`, post: `${code}/${Number(match[3])}` };
    return { screen: `${kind}:${code}` };
  }
  return undefined;
}

/**
 * The host of a referring page on another site, lower-case, without port; undefined for none,
 * for this site (`ownHost`, as the request's Host header), and for anything not http(s). Only the
 * host is kept: a full address can carry a search or someone's identifiers.
 */
export function referrerHost(referrer: string | undefined, ownHost: string | undefined): string | undefined {
  if (!referrer || referrer.length > 2000) return undefined;
  let url: URL;
  try {
    url = new URL(referrer);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  const host = url.hostname.toLowerCase();
  // By name, whatever the port (the Host header may carry a default port the URL leaves out).
  if (ownHost && host === ownHost.replace(/:\d+$/, '').toLowerCase()) return undefined;
  return /^[a-z0-9.-]{1,253}$/.test(host) ? host : undefined;
}

/** Whether a path may be a public screen, boards not looked up (the beacon's check; the flush checks the board). */
export const isScreenPath = (pathname: string): boolean => screenOf(pathname, 'anyBoard') !== undefined;
