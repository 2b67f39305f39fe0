/**
 * Lazy screens that survive deploys (spec §8-§9): a chunk import waits up to 120 s; if it fails,
 * the page reloads once to pick up the new build's chunk names; if it fails again, the route's
 * error screen offers a retry. No alert is shown.
 */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
const RELOAD_KEY = 'chunkReloadAt';
const RELOAD_WINDOW_MS = 60_000;

export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super('화면을 불러오지 못했습니다.', { cause });
    this.name = 'ChunkLoadError';
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`chunk load timed out after ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(err);
      },
    );
  });
}

type LocationLike = { pathname: string; search: string; hash: string };
let pendingLocation: () => LocationLike | undefined = () => undefined;

/**
 * The router only changes the address after the lazy screen has loaded, so a plain reload would
 * go back to the page the visitor came from. The router registers how to read where it is going.
 */
export function setPendingLocationGetter(getter: () => LocationLike | undefined): void {
  pendingLocation = getter;
}

function reloadTowardsTarget(): void {
  const target = pendingLocation();
  if (target) window.location.assign(`${target.pathname}${target.search}${target.hash}`);
  else window.location.reload();
}

function recentlyReloaded(): boolean {
  const at = Number(sessionStorage.getItem(RELOAD_KEY) ?? 0);
  return Date.now() - at < RELOAD_WINDOW_MS;
}

export function lazyRoute<T>(load: () => Promise<T>): () => Promise<T> {
  return async () => {
    try {
      return await withTimeout(load(), CHUNK_LOAD_TIMEOUT_MS);
    } catch (err) {
      if (!recentlyReloaded()) {
        sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
        reloadTowardsTarget();
        // Keep the router waiting while the page reloads.
        return new Promise<T>(() => {});
      }
      throw new ChunkLoadError(err);
    }
  };
}

/** The retry button: forget the last reload and try the page afresh. */
export function retryAfterChunkError(): void {
  sessionStorage.removeItem(RELOAD_KEY);
  window.location.reload();
}
