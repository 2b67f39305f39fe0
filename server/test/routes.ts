import type { FastifyInstance } from 'fastify';

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
