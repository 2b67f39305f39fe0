// `npm run bench`: the benchmark of issue 8 (docs/performance.md). The bench is TypeScript under
// scripts/bench/ so it can use the server's own code (schema, search tokens, sanitiser, seed);
// tsx runs it in this same process, as scripts/start.mjs runs the server, so Ctrl-C reaches
// its cleanup directly.
import { register } from 'tsx/esm/api';

register();
await import('./bench/main.ts');
