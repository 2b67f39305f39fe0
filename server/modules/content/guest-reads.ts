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
 * answer expires at the next moment any page changes by itself, the earliest effective date still
 * to come (read with the answer, FreshAnswer.expiresAt): the first read at or after that moment,
 * on any instance, by the app's clock, reads again. A test that moves the clock sees the change as
 * a visitor would.
 */

type Deps = Pick<AppDeps, 'db' | 'clock' | 'boardCaching'>;

const viewEnvelope = endpointSchemas['content.get'].response[200];
const versionsEnvelope = endpointSchemas['content.versions'].response[200];

function cached(deps: Deps, key: string, read: () => Promise<unknown>, envelope: z.ZodType): Promise<CachedAnswer> {
  return deps.boardCaching.cache.answer(key, CONTENT_CACHE, async () => {
    const [data, boundary] = await Promise.all([read(), repo.nextBoundary(deps.db, deps.clock.now())]);
    return { body: JSON.stringify(z.encode(envelope, { code: 'SUCCESS', data })), keep: true, expiresAt: boundary?.getTime() };
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
