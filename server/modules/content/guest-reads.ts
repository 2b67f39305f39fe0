import { z } from 'zod';
import { endpointSchemas } from '@contract';
import type { AppDeps } from '../../deps';
import type { CachedAnswer } from '@server/modules/board';
import * as repo from './repo';
import { CONTENT_CACHE, publicContent, publicVersions } from './service';

/**
 * The content calls as a guest reads them, from the guest cache (server/modules/board's, under
 * the name CONTENT_CACHE): one answer per page and version, the same for every guest. A save or a
 * restore drops them here at once and, by the cache bus's NOTIFY, on every instance.
 *
 * A scheduled version takes effect by itself (issue 22): no request or write makes it. So every
 * answer is kept only until the next moment any page changes by itself, the earliest effective
 * date still to come (read with the answer): the first read at or after that moment, on any
 * instance, by the app's clock, drops the content answers and reads again. No timer is needed, and
 * a test that moves the clock sees the change as a visitor would.
 */

type Deps = Pick<AppDeps, 'db' | 'clock' | 'boardCaching'>;

const viewEnvelope = endpointSchemas['content.get'].response[200];
const versionsEnvelope = endpointSchemas['content.versions'].response[200];

/** The moment the content answers of an app's cache stop being right by themselves (ms; Infinity: none known). */
const validUntil = new WeakMap<object, number>();

async function cached(deps: Deps, key: string, read: () => Promise<unknown>, envelope: z.ZodType): Promise<CachedAnswer> {
  const { cache } = deps.boardCaching;
  const now = deps.clock.now();
  if (now.getTime() >= (validUntil.get(cache) ?? Number.POSITIVE_INFINITY)) {
    cache.invalidate([CONTENT_CACHE]);
    validUntil.delete(cache);
  }
  return cache.answer(key, CONTENT_CACHE, async () => {
    const [data, boundary] = await Promise.all([read(), repo.nextBoundary(deps.db, now)]);
    if (boundary) validUntil.set(cache, Math.min(validUntil.get(cache) ?? Number.POSITIVE_INFINITY, boundary.getTime()));
    return { body: JSON.stringify(z.encode(envelope, { code: 'SUCCESS', data })), keep: true };
  });
}

/** `GET /api/content/{code}[?version=N]` for a guest. */
export function guestContent(deps: Deps, code: string, version?: number): Promise<CachedAnswer> {
  return cached(deps, `content ${code} ${version ?? 'current'}`, () => publicContent(deps, code, version), viewEnvelope);
}

/** `GET /api/content/{code}/versions` for a guest. */
export function guestContentVersions(deps: Deps, code: string): Promise<CachedAnswer> {
  return cached(deps, `content-versions ${code}`, () => publicVersions(deps, code), versionsEnvelope);
}
