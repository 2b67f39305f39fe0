import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

/**
 * JSON request bodies (issue 12, "Request limits"). The size limit is Fastify's `bodyLimit` (1 MB,
 * server/app.ts); here, before it is parsed, a body nested deeper than `MAX_JSON_DEPTH` arrays and
 * objects is refused with 400, so no route, schema or recursive walk ever sees it. No form of the
 * site nests more than a few levels (a signup profile is two). The same pass refuses the escape
 * `\u0000` in any string, key or value (server/lib/text-guard.ts: PostgreSQL text cannot hold
 * U+0000); the raw character is invalid JSON already. Then Fastify's own parser, which refuses
 * `__proto__` and `constructor.prototype` keys.
 */
export const MAX_JSON_DEPTH = 32;

/** The escape `\u0000` starting at `i` (just after its backslash). */
function nulEscapeAt(text: string, i: number): boolean {
  return text.startsWith('u0000', i);
}

/**
 * Whether JSON text must be refused before parsing: arrays and objects nested deeper than `limit`
 * (brackets inside strings do not count), or a `\u0000` escape inside a string. Stops at the
 * first. A backslash inside a string always escapes the next character, so in `\\u0000` the
 * second backslash is the escaped one and `u0000` is plain text.
 */
function refusedJson(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) {
        if (nulEscapeAt(text, i + 1)) return true;
        i++;
      } else if (c === 0x22 /* " */) inString = false;
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
    if (refusedJson(text, MAX_JSON_DEPTH)) {
      done(badRequest(), undefined);
      return;
    }
    parse(request, text, done);
  });
}
