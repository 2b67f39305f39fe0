/**
 * A route's own hooks of one kind (Fastify takes one function or a list) as a list, to add to:
 * the access hook (server/auth/access.ts) and the answer rule (server/private-answers.ts) add
 * theirs to whatever the route brought.
 */
export function hooksOf<T>(hooks: T | T[] | undefined): T[] {
  if (hooks === undefined) return [];
  return Array.isArray(hooks) ? hooks : [hooks];
}
