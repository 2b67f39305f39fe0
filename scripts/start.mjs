// `npm start`: build what is stale (the web app, the compiled server in dist/server), then run the
// compiled server in this same process (so stopping `npm start` stops the server and releases
// the data directory lock). No tsx: production runs the JavaScript esbuild wrote
// (scripts/build-server.mjs; docs/operations.md, "Build and run").
import { buildServerIfNeeded, buildWebIfNeeded } from './build-if-needed.mjs';

buildWebIfNeeded();
await buildServerIfNeeded();
await import('../dist/server/main.js');
