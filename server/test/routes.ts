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
