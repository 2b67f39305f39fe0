import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

/**
 * JSON request bodies (issue 12, "Request limits"). The size limit is Fastify's `bodyLimit` (1 MB,
 * server/app.ts); here a body nested deeper than `MAX_JSON_DEPTH` arrays and objects is refused
 * with 400 before it is parsed, so no route, schema or recursive walk ever sees it. No form of the
 * site nests more than a few levels (a signup profile is two). Then Fastify's own parser, which
 * refuses `__proto__` and `constructor.prototype` keys.
 */
export const MAX_JSON_DEPTH = 32;

/** How deep arrays and objects nest in JSON text (brackets inside strings do not count); stops past `limit`. */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (++depth > limit) return true;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) depth--;
  }
  return false;
}

export function registerJsonBodies(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) {
      done(badRequest(), undefined);
      return;
    }
    parse(request, text, done);
  });
}
