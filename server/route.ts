import type {
  ContextConfigDefault, FastifyBaseLogger, FastifyInstance, FastifyRequest, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault,
  RouteGenericInterface, RouteHandlerMethod, RouteOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointSchemas, type Endpoint, type EndpointId } from '@contract';
import { withGuestCache, type GuestCacheOption } from './guest-answers';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's entry in contract/endpoints.ts: its access and answer rules (server/auth/access.ts, server/private-answers.ts). */
    endpoint?: Endpoint;
  }
}

/** The app as a route module sees it: zod schemas type the request and the answer. */
export type ZodApp = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;

type Schemas = typeof endpointSchemas;

/** The handler of an entry, its request and answer typed by the entry's schemas. */
export type EndpointHandler<Id extends EndpointId> = RouteHandlerMethod<
  RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, RouteGenericInterface, ContextConfigDefault, Schemas[Id],
  ZodTypeProvider, FastifyBaseLogger
>;

/** The request of an entry's handler, typed by the entry's schemas. */
export type EndpointRequest<Id extends EndpointId> = Parameters<EndpointHandler<Id>>[0];

export interface RouteOwnOptions<Id extends EndpointId = EndpointId> {
  /** The OpenAPI document's words for the operation. */
  docs: { tags: string[]; summary: string; description?: string };
  /** Per-route settings (a rate limit: server/lib/rate-limit.ts perMinute). */
  config?: { rateLimit?: { max: number; timeWindow: number } };
  exposeHeadRoute?: boolean;
  /** The largest request body in bytes, where a route takes more than the app's 1 MB (a content page, issue 22). */
  bodyLimit?: number;
  /**
   * Answers from the guest cache (server/guest-answers.ts), which every `guestCache` entry has and
   * no other GET: `{ guests: read }` answers a caller without a token from the cache and leaves
   * everyone else to the handler; `{ everyone: read }` answers every caller from it (an answer the
   * same for all) and the route has no handler. A write (the POST search) may read for its guests
   * too: its `noStore` rule still makes the answer `private, no-store`.
   */
  guestCache?: GuestCacheOption<EndpointRequest<Id>>;
}

/** Rules under which the caller must present a token: the OpenAPI document says `bearer` for them. */
const signedIn = new Set<Endpoint['access']['kind']>(['member', 'admin', 'systemAdmin', 'enrolling']);

/**
 * Registers the route of a table entry (contract/endpoints.ts): method, path and schemas come from
 * the entry, the handler and the documentation's words from the module that owns the route. The
 * entry rides in the route's config, where the access and answer hooks read it. A route whose
 * every answer comes from the guest cache (`guestCache: { everyone }`) has no handler.
 */
export function route<Id extends EndpointId>(
  app: ZodApp,
  entry: Endpoint & { id: Id },
  options: RouteOwnOptions<Id> & { guestCache: Extract<GuestCacheOption<EndpointRequest<Id>>, { everyone: unknown }> },
): void;
export function route<Id extends EndpointId>(app: ZodApp, entry: Endpoint & { id: Id }, options: RouteOwnOptions<Id>, handler: EndpointHandler<Id>): void;
export function route<Id extends EndpointId>(app: ZodApp, entry: Endpoint & { id: Id }, options: RouteOwnOptions<Id>, handler?: EndpointHandler<Id>): void {
  const schemas: Schemas[EndpointId] = endpointSchemas[entry.id];
  const { guestCache } = options;
  if ((entry.answer.kind === 'guestCache') !== (guestCache !== undefined) && entry.method === 'GET') {
    throw new Error(`${entry.id}: a guestCache entry reads from the guest cache (route()'s guestCache option), and no other GET does`);
  }
  app.route({
    method: entry.method,
    url: entry.path,
    ...(options.exposeHeadRoute === undefined ? {} : { exposeHeadRoute: options.exposeHeadRoute }),
    ...(options.bodyLimit === undefined ? {} : { bodyLimit: options.bodyLimit }),
    config: { ...options.config, endpoint: entry },
    schema: {
      ...options.docs,
      ...(signedIn.has(entry.access.kind) ? { security: [{ bearer: [] }] } : {}),
      'x-access': entry.access,
      'x-answer': entry.answer,
      // Who is answered from the guest cache (with an ETag; If-None-Match may get 304).
      ...(guestCache ? { 'x-guest-cache': 'everyone' in guestCache ? 'everyone' : 'guests' } : {}),
      ...schemas,
    },
    handler: guestCache ? withGuestCache(guestCache as GuestCacheOption<FastifyRequest>, handler as never) : handler,
  } as unknown as RouteOptions);
}
