// `npm run backup|restore|verify-access-records|rotate-token-key -- ...`: compiles the server when
// it is stale (as `npm start` does), then runs that tool's compiled entry (dist/server/<tool>.js)
// in this same process, with the arguments after the tool's name.
import { buildServerIfNeeded } from './build-if-needed.mjs';
import { entryPoints } from './build-server.mjs';

const tool = process.argv[2];
if (!tool || !(tool in entryPoints) || tool === 'main') {
  console.error(`Usage: node scripts/cli.mjs <${Object.keys(entryPoints).filter((name) => name !== 'main').join('|')}> [arguments]`);
  process.exit(2);
}
process.argv.splice(2, 1);
// Build messages on stderr: the tools' output is what their callers read (the last line sums a run up).
await buildServerIfNeeded({ log: (line) => console.error(line) });
await import(`../dist/server/${tool}.js`);
