import type { FastifyInstance } from 'fastify';
import { endpointList, findEndpoint, isConsoleAccess, type Endpoint } from '@contract';
import { isTableRoute } from '../auth/access';

/**
 * The app's routes from Fastify's route tree (`printRoutes({ commonPrefix: false })`), where each
 * line adds a segment to its parent's path: "├── /api/admin/users (GET, HEAD)" then
 * "│   └── /:id (GET, HEAD)". A line the parser does not understand throws rather than being
 * skipped, so a sweep over the routes never silently misses one.
 */
export function registeredRoutes(tree: string): { method: string; url: string }[] {
  const found: { method: string; url: string }[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    if (!line.trim()) continue;
    const match = /^((?:│ {3}| {4})*)[├└]── (.+?) \(([A-Z, ]+)\)$/.exec(line) ?? /^((?:│ {3}| {4})*)[├└]── (.+)$/.exec(line);
    if (!match) throw new Error(`route tree line not understood: ${line}`);
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    const methods = match[3]?.split(',').map((m) => m.trim()) ?? [];
    for (const method of methods) found.push({ method, url: stack.join('') });
  }
  return found;
}

/** One operation of the API's OpenAPI document (/api/docs/json), as the sweeps need it. */
export interface ApiOperation {
  method: string;
  /** OpenAPI path, `{name}` for parameters. */
  path: string;
  pathParams: string[];
  queryParams: string[];
  /** Top-level fields of the JSON body schema, when it has one. */
  bodyFields: string[];
  hasBody: boolean;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<string, { parameters?: { in: string; name: string }[]; requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> } }>
  >;
}

/**
 * Every operation the API documents, read from the app's own OpenAPI document, so a sweep over
 * them covers a route added later (the document is made from the routes' schemas).
 */
export async function apiOperations(app: FastifyInstance): Promise<ApiOperation[]> {
  const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json<OpenApiDocument>();
  return Object.entries(doc.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      pathParams: (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
      queryParams: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      bodyFields: Object.keys(op.requestBody?.content?.['application/json']?.schema?.properties ?? {}),
      hasBody: op.requestBody !== undefined,
    })),
  );
}

/**
 * A console route by its table entry (contract/endpoints.ts): ADMIN_ALLOWED_IPS, guests 401 and
 * members 403 before the body is read. `url` is Fastify's pattern (`:name`).
 */
export function isConsoleRoute(method: string, url: string): boolean {
  const entry = findEndpoint(method === 'HEAD' ? 'GET' : method, url);
  return entry !== undefined && isConsoleAccess(entry.access);
}

/** A route that never looks at the bearer token: an entry with `tokenBlind` access, or the API documentation (outside the table). */
export function isTokenBlind(method: string, url: string): boolean {
  if (url.startsWith('/api/') && !isTableRoute(url)) return true;
  return findEndpoint(method === 'HEAD' ? 'GET' : method, url)?.access.kind === 'tokenBlind';
}

/** `METHOD path` of every entry whose access is `tokenBlind`. */
export const tokenBlindEntries = endpointList.filter((entry) => entry.access.kind === 'tokenBlind').map((entry) => `${entry.method} ${entry.path}`);

/** The OpenAPI spelling of a table path: `{name}` for `:name`. */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z]+)/g, '{$1}');

/** One entry of the table as the sweeps key it: `METHOD /openapi/{path}`, its path parameters and its entry. */
export interface TableOperation {
  method: string;
  path: string;
  pathParams: string[];
  entry: Endpoint;
}

/** Every entry of contract/endpoints.ts (the route-table test holds the app to it). */
export function tableOperations(): TableOperation[] {
  return endpointList.map((entry) => ({
    method: entry.method,
    path: openApiPath(entry.path),
    pathParams: [...entry.path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!),
    entry,
  }));
}

/**
 * Options of a route a test registers under /api (a handler that throws, a slow answer): an entry
 * of its own, since the app refuses an /api route outside the table (server/auth/access.ts).
 * Anyone may call it; a write's answer is `noStore`, as every write of the table's is.
 */
export function testRoute(method: Endpoint['method'], path: string): { config: { endpoint: Endpoint } } {
  const entry = { id: 'test.route', method, path, access: { kind: 'anyone' }, answer: { kind: method === 'GET' ? 'shared' : 'noStore' } };
  return { config: { endpoint: entry as unknown as Endpoint } };
}
