// `npm run bench`: the benchmark of issue 8 (docs/performance.md). The bench is TypeScript under
// scripts/bench/ so it can use the server's own code (schema, search tokens, sanitiser, seed);
// tsx runs it in this same process (it is a development tool; the server it measures runs
// compiled, or under tsx with --server tsx), so Ctrl-C reaches its cleanup directly.
import { register } from 'tsx/esm/api';
import { buildServerIfNeeded, buildWebIfNeeded } from './build-if-needed.mjs';

// The post page path loads the screens' HTML, which only a built web app has (on a fresh clone
// the API tests run the bench before the browser tests have built it). The server runs compiled
// (dist/server), as `npm start` runs it, unless --server tsx.
buildWebIfNeeded();
await buildServerIfNeeded();
register();
await import('./bench/main.ts');
