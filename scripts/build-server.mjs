// Compiles the server (and its command-line tools) into dist/server with esbuild: what `npm start`,
// the systemd unit and `npm run backup`/`restore`/... run in production, without tsx.
//
// - One ES module per entry (main.js, backup.js, restore.js, verify-access-records.js,
//   rotate-token-key.js) and shared chunks beside them, all in dist/server itself: a module that
//   finds a file next to itself (`new URL('./x', import.meta.url)`) finds it there.
// - npm packages stay imports (`packages: 'external'`), resolved from node_modules at run time;
//   every one of them must be a production dependency (checked below, so a server that imports a
//   devDependency fails the build, not the production start).
// - Code splitting keeps the lazy imports lazy: a module loaded with `await import()` (the S3
//   store, nodemailer, qrcode, exceljs) stays in a chunk of its own that the start never loads.
// - tsconfig.json's `paths` aliases are resolved by esbuild itself.
// - Files the server reads at run time from beside its modules are copied next to the bundle:
//   the migrations (server/db/migrations) and the common-password list.
// - dist/server/meta.json is esbuild's metafile (what imports what), for the tests.
import fs from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverDist = path.join(root, 'dist/server');

export const entryPoints = {
  main: 'server/main.ts',
  backup: 'scripts/backup.ts',
  restore: 'scripts/restore.ts',
  'verify-access-records': 'scripts/verify-access-records.ts',
  'rotate-token-key': 'scripts/rotate-token-key.ts',
  'rotate-field-key': 'scripts/rotate-field-key.ts',
};

/** Source file or folder -> where it goes in dist/server (read at run time, not imported). */
const runtimeFiles = {
  'server/db/migrations': 'migrations',
  'server/modules/user/common-passwords.txt': 'common-passwords.txt',
};

/** What the build reads: a change to any of these makes dist/server stale. */
export const serverSources = ['server', 'contract', 'tsconfig.json', 'package.json', 'package-lock.json', 'scripts/build-server.mjs', ...Object.values(entryPoints)];

/** The package an import names: `@aws-sdk/client-s3/x` -> `@aws-sdk/client-s3`, `pg/lib` -> `pg`. */
export function packageOf(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** The npm packages the compiled files import (statically or with `import()`), from the metafile. */
export function externalPackages(metafile) {
  const names = new Set();
  for (const output of Object.values(metafile.outputs)) {
    for (const imported of output.imports) {
      if (imported.external && !isBuiltin(imported.path)) names.add(packageOf(imported.path));
    }
  }
  return [...names].sort();
}

/** Each `class X extends Y` of `text` as [X, Y], Y by its last name (`errors.HttpError`: HttpError). */
const classParents = (text) =>
  [...text.matchAll(/\bclass\s+([A-Za-z_$][\w$]*)\s+extends\s+(?:[\w$]+\.)*([A-Za-z_$][\w$]*)/g)].map((match) => [match[1], match[2]]);

/**
 * The error classes among `parents` ([class, superclass] pairs of every source): those extending
 * Error or a class named ...Error, and those extending one of these, at any depth (a class that
 * extends `ApiError` through a `Refusal` is an error class too).
 */
function errorClasses(parents) {
  const errors = new Set();
  for (let grew = true; grew; ) {
    grew = false;
    for (const [name, parent] of parents) {
      if (!errors.has(name) && (/Error$/.test(parent) || errors.has(parent))) {
        errors.add(name);
        grew = true;
      }
    }
  }
  return errors;
}

// Of the characters of a JavaScript name, only `$` means something in a pattern.
const escapeRegExp = (text) => text.replace(/[$]/g, '\\$&');

/**
 * The error classes of the server's sources (the metafile's inputs; packages stay external) that
 * the bundle names otherwise: esbuild renames a top-level name two bundled modules share (`Twin`
 * becomes `Twin2`), and binds a class that names itself in its body as `var X = class _X`, whose
 * name is then `_X`. The logs give an error's type by its class's name (pino err.type).
 */
export function renamedErrorClasses(metafile) {
  const parents = Object.keys(metafile.inputs)
    .filter((input) => /\.[cm]?[jt]sx?$/.test(input))
    .flatMap((input) => classParents(fs.readFileSync(path.resolve(root, input), 'utf8')));
  const declared = errorClasses(parents);
  const bundled = Object.keys(metafile.outputs)
    .filter((output) => output.endsWith('.js'))
    .map((output) => fs.readFileSync(path.resolve(root, output), 'utf8'))
    .join('\n');
  // Bundled, `class X` is written `var X = class`, whose name is the binding's (X2 where renamed),
  // or `var X = class _X`, whose name is _X.
  return [...declared]
    .filter((name) => {
      const e = escapeRegExp(name);
      return new RegExp(`\\b(?:var|let|const)\\s+${e}\\d+\\s*=\\s*class\\b|\\bclass\\s+(?:${e}\\d+|_${e})\\b`).test(bundled);
    })
    .sort();
}

/**
 * @param {{ log?: (line: string) => void, outdir?: string, entries?: Record<string, string> }} [options]
 *   where to write (default dist/server; the tests build into a directory of their own) and
 *   which entries (default all of `entryPoints`)
 */
export async function buildServer({ log = console.log, outdir = serverDist, entries = entryPoints } = {}) {
  const { build } = await import('esbuild');
  const started = Date.now();
  // Written beside the target, then swapped in whole: a start never finds half a build.
  const staging = `${outdir}.building-${process.pid}`;
  fs.rmSync(staging, { recursive: true, force: true });
  const result = await build({
    absWorkingDir: root,
    entryPoints: entries,
    outdir: staging,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    packages: 'external',
    tsconfig: path.join(root, 'tsconfig.json'),
    chunkNames: 'chunk-[hash]',
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
    // No keepNames: it wraps every named function in a call that sets its name where it is made,
    // each closure a request makes included (defineProperty, about 1.8 % of a post page's CPU when
    // nobody asked for it lately; session 44). Esbuild renames only a name two modules share (a
    // function `list` becomes `list2` in a stack trace); an error class renamed would change the
    // type the logs give its errors (pino's err.type), so the build refuses that below.
  });

  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  const notProduction = externalPackages(result.metafile).filter((name) => !(pkg.dependencies ?? {})[name]);
  if (notProduction.length > 0) {
    fs.rmSync(staging, { recursive: true, force: true });
    throw new Error(
      `The server imports ${notProduction.join(', ')}, which ${notProduction.length > 1 ? 'are not production dependencies' : 'is not a production dependency'}: ` +
        'move it from devDependencies to dependencies in package.json (a production install, npm ci --omit=dev, would not have it).',
    );
  }

  const renamed = renamedErrorClasses(result.metafile);
  if (renamed.length > 0) {
    fs.rmSync(staging, { recursive: true, force: true });
    throw new Error(
      `Bundling renamed the error class${renamed.length > 1 ? 'es' : ''} ${renamed.join(', ')} (a name two of the server's modules share, ` +
        'or a class naming itself in its body): rename one, or refer to it otherwise, as the logs give an error the name of its class (pino err.type).',
    );
  }

  for (const [from, to] of Object.entries(runtimeFiles)) {
    fs.cpSync(path.join(root, from), path.join(staging, to), { recursive: true });
  }
  fs.writeFileSync(path.join(staging, 'meta.json'), JSON.stringify(result.metafile));
  fs.rmSync(outdir, { recursive: true, force: true });
  fs.renameSync(staging, outdir);
  log(`Server compiled into ${path.relative(root, outdir) || outdir} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

// `node scripts/build-server.mjs [--outdir DIR]`
if (import.meta.url === `file://${process.argv[1]}`) {
  const at = process.argv.indexOf('--outdir');
  await buildServer(at > 0 ? { outdir: path.resolve(process.argv[at + 1]) } : {});
}
