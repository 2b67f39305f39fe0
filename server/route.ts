import type {
  ContextConfigDefault, FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault,
  RouteGenericInterface, RouteHandlerMethod, RouteOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointSchemas, type Endpoint, type EndpointId } from '@contract';

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

export interface RouteOwnOptions {
  /** The OpenAPI document's words for the operation. */
  docs: { tags: string[]; summary: string; description?: string };
  /** Per-route settings (a rate limit: server/lib/rate-limit.ts perMinute). */
  config?: { rateLimit?: { max: number; timeWindow: number } };
  exposeHeadRoute?: boolean;
}

/** A route's own hooks of one kind (Fastify takes one function or a list) as a list, to add to. */
export function hooksOf<T>(hooks: T | T[] | undefined): T[] {
  if (hooks === undefined) return [];
  return Array.isArray(hooks) ? hooks : [hooks];
}

/** Rules under which the caller must present a token: the OpenAPI document says `bearer` for them. */
const signedIn = new Set<Endpoint['access']['kind']>(['member', 'admin', 'systemAdmin', 'enrolling']);

/**
 * Registers the route of a table entry (contract/endpoints.ts): method, path and schemas come from
 * the entry, the handler and the documentation's words from the module that owns the route. The
 * entry rides in the route's config, where the access and answer hooks read it.
 */
export function route<Id extends EndpointId>(app: ZodApp, entry: Endpoint & { id: Id }, options: RouteOwnOptions, handler: EndpointHandler<Id>): void {
  const schemas: Schemas[EndpointId] = endpointSchemas[entry.id];
  app.route({
    method: entry.method,
    url: entry.path,
    ...(options.exposeHeadRoute === undefined ? {} : { exposeHeadRoute: options.exposeHeadRoute }),
    config: { ...options.config, endpoint: entry },
    schema: {
      ...options.docs,
      ...(signedIn.has(entry.access.kind) ? { security: [{ bearer: [] }] } : {}),
      'x-access': entry.access,
      'x-answer': entry.answer,
      ...schemas,
    },
    handler,
  } as unknown as RouteOptions);
}
