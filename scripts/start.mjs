// `npm start`: build the web app if needed, then run the server in this same process
// (so stopping `npm start` stops the server and releases the data directory lock).
import { register } from 'tsx/esm/api';
import { buildWebIfNeeded } from './build-if-needed.mjs';

buildWebIfNeeded();
register();
await import('../server/main.ts');
