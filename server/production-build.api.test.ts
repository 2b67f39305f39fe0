import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, entryPoints, externalPackages, packageOf, type Metafile } from '@scripts/build-server.mjs';
import { SERVER_NODE_FLAGS } from '@scripts/server-node-flags.mjs';
import { freePort } from './lib/process';
import { repoRoot } from './test/server-process';

/**
 * The production build (docs/operations.md, "Build and run"): the server compiled by
 * scripts/build-server.mjs, started by `npm start`'s own script in a tree whose node_modules holds
 * only the production dependencies (what `npm ci --omit=dev` installs: the packages of
 * package-lock.json not marked dev, linked from this checkout's node_modules). No tsx, no Vite,
 * no esbuild there: a server that imported a devDependency would not start. On a fresh DATA_DIR,
 * so the migrations are found from the compiled tree and the seed runs.
 */
const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'nids-production-'));
// As root the embedded PostgreSQL runs as the user postgres, which must pass through it.
fs.chmodSync(parent, 0o711);
const app = path.join(parent, 'app');
const dataDir = path.join(parent, 'data');
let server: ChildProcess | undefined;
let output = '';
let port = 0;

interface LockPackage {
  dev?: boolean;
  link?: boolean;
}
const lock = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockPackage> };
const pkg = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };

/** Top-level packages `npm ci --omit=dev` installs (nested ones come inside their parents' folders). */
function productionPackages(): string[] {
  return Object.entries(lock.packages)
    .filter(([key, entry]) => key.startsWith('node_modules/') && !key.slice('node_modules/'.length).includes('node_modules/') && !entry.dev)
    .map(([key]) => key.slice('node_modules/'.length));
}

/** The processes under `pid` (itself included) with their command lines. */
function processTree(pid: number): { pid: number; command: string }[] {
  const all = fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => {
      try {
        const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        return { pid: Number(name), ppid, command: fs.readFileSync(`/proc/${name}/cmdline`, 'utf8').replace(/\0/g, ' ').trim() };
      } catch {
        return undefined;
      }
    })
    .filter((p) => p !== undefined);
  const tree = new Set([pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const p of all) {
      if (tree.has(p.ppid) && !tree.has(p.pid)) {
        tree.add(p.pid);
        grew = true;
      }
    }
  }
  return all.filter((p) => tree.has(p.pid)).map(({ pid: id, command }) => ({ pid: id, command }));
}

async function waitForReady(timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (server?.exitCode !== null) throw new Error(`the server exited (${server?.exitCode}):\n${output}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no /readyz 200 within ${timeoutMs} ms:\n${output}`);
}

beforeAll(async () => {
  await buildServer({ outdir: path.join(app, 'dist/server'), log: () => {} });
  // What a release directory holds: the build, package files, npm start's scripts (not the sources).
  for (const file of ['package.json', 'package-lock.json', 'scripts/start.mjs', 'scripts/build-if-needed.mjs', 'scripts/build-server.mjs']) {
    fs.mkdirSync(path.dirname(path.join(app, file)), { recursive: true });
    fs.copyFileSync(path.join(repoRoot, file), path.join(app, file));
  }
  for (const name of productionPackages()) {
    const link = path.join(app, 'node_modules', name);
    fs.mkdirSync(path.dirname(link), { recursive: true });
    if (fs.existsSync(path.join(repoRoot, 'node_modules', name))) fs.symlinkSync(path.join(repoRoot, 'node_modules', name), link);
  }
  fs.mkdirSync(dataDir);
  port = await freePort();
  // `npm start` is `node <SERVER_NODE_FLAGS> scripts/start.mjs` (scripts/server-node-flags.test.ts).
  server = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'scripts/start.mjs'], {
    cwd: app,
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      DATABASE_URL: '',
      REDIS_URL: '',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: 'production-Test-Passw0rd!',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  server.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  await waitForReady(150_000);
}, 240_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    const timer = setTimeout(() => server!.kill('SIGKILL'), 30_000);
    await exited;
    clearTimeout(timer);
  }
  fs.rmSync(parent, { recursive: true, force: true });
}, 60_000);

describe('the compiled server with production dependencies only', () => {
  it('the production tree has none of the build tools', () => {
    for (const tool of ['tsx', 'vite', 'esbuild', 'typescript', 'autocannon', 'react']) {
      expect(fs.existsSync(path.join(app, 'node_modules', tool)), tool).toBe(false);
    }
    expect(fs.existsSync(path.join(app, 'node_modules', 'fastify'))).toBe(true);
  });

  it('starts with `npm start` on a fresh DATA_DIR (migrated and seeded from the compiled tree) and answers', async () => {
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
    expect(ready.status).toBe(200);
    const info = await fetch(`http://127.0.0.1:${port}/api/site-setting/info`);
    expect(info.status).toBe(200);
    expect(((await info.json()) as { data: unknown }).data).toBeTruthy();
    // The seed's demo posts (their images drawn by sharp).
    const notices = await fetch(`http://127.0.0.1:${port}/api/board-item?boardCode=notice&size=1`);
    expect(((await notices.json()) as { data: { totalElements: number } }).data.totalElements).toBeGreaterThan(0);
    // A page of its own: the API documentation, files served from @fastify/swagger-ui's package.
    const docs = await fetch(`http://127.0.0.1:${port}/api/docs/static/swagger-ui-bundle.js`);
    expect(docs.status).toBe(200);
  });

  it('runs no tsx: the start script and every process under it run compiled JavaScript', () => {
    const tree = processTree(server!.pid!);
    const node = tree.find((p) => p.pid === server!.pid);
    expect(node?.command).toBe(`${process.execPath} ${SERVER_NODE_FLAGS.join(' ')} scripts/start.mjs`);
    expect(tree.filter((p) => /tsx|\.ts\b/.test(p.command))).toEqual([]);
    // The only node process is the server itself (the rest are PostgreSQL's).
    expect(tree.filter((p) => p.command.startsWith(process.execPath)).map((p) => p.pid)).toEqual([server!.pid]);
  });
});

describe('the build', () => {
  const meta = () => JSON.parse(fs.readFileSync(path.join(app, 'dist/server/meta.json'), 'utf8')) as Metafile;

  it('imports production dependencies only, and every production dependency is imported', () => {
    const imported = externalPackages(meta());
    expect(imported.filter((name) => !pkg.dependencies[name])).toEqual([]);
    expect(Object.keys(pkg.dependencies).filter((name) => !imported.includes(name))).toEqual([]);
  });

  it('refuses a server that imports a devDependency', async () => {
    const entry = path.join(parent, 'uses-dev.ts');
    fs.writeFileSync(entry, "import { register } from 'tsx/esm/api';\nregister();\n");
    await expect(buildServer({ outdir: path.join(parent, 'refused'), entries: { main: entry }, log: () => {} })).rejects.toThrow(
      /imports tsx, which is not a production dependency/,
    );
    expect(fs.existsSync(path.join(parent, 'refused'))).toBe(false);
  });

  it("keeps every error class's own name (the logs' err.type): a build that would rename one is refused, and the server's is built without esbuild's name-keeping calls", async () => {
    // Two modules declaring one name: bundled together, esbuild names the second class Twin2. A
    // class naming itself in its body is bound as `var Selfish = class _Selfish`, named _Selfish.
    // Kin, twice too, is an error class through Selfish, though its superclass's name says nothing.
    // The specifiers spelt out of line: server/test/embedded-only.test.ts reads this file's imports.
    const [a, b, self, kinA, kinB] = ['./twin-a', './twin-b', './selfish', './kin-a', './kin-b'].map((specifier) => JSON.stringify(specifier));
    for (const side of ['a', 'b']) {
      fs.writeFileSync(path.join(parent, `twin-${side}.ts`), `export class Twin extends Error { side = '${side}'; }\n`);
      fs.writeFileSync(path.join(parent, `kin-${side}.ts`), `import { Selfish } from ${self};\nexport class Kin extends Selfish { side = '${side}'; }\n`);
    }
    fs.writeFileSync(path.join(parent, 'selfish.ts'), 'export class Selfish extends Error { static make() { return new Selfish(); } }\n');
    const entry = path.join(parent, 'twins.ts');
    fs.writeFileSync(
      entry,
      `import { Twin as A } from ${a};\nimport { Twin as B } from ${b};\nimport { Selfish } from ${self};\n` +
        `import { Kin as KinA } from ${kinA};\nimport { Kin as KinB } from ${kinB};\nconsole.log(new A(), new B(), Selfish.make(), new KinA(), new KinB());\n`,
    );
    await expect(buildServer({ outdir: path.join(parent, 'twins'), entries: { main: entry }, log: () => {} })).rejects.toThrow(/renamed the error classes Kin, Selfish, Twin /);
    expect(fs.existsSync(path.join(parent, 'twins'))).toBe(false);
    // keepNames wraps each named function in __name() where it is made, a request's closures too.
    const built = fs.readdirSync(path.join(app, 'dist/server')).filter((file) => file.endsWith('.js'));
    expect(built.filter((file) => fs.readFileSync(path.join(app, 'dist/server', file), 'utf8').includes('__name('))).toEqual([]);
  });

  it('keeps the AWS SDK, nodemailer, qrcode and exceljs out of the start: imported only with import(), in chunks the start does not load', () => {
    const { outputs } = meta();
    const staticClosure = new Set<string>();
    const queue = Object.keys(outputs).filter((key) => outputs[key]!.entryPoint === entryPoints.main);
    expect(queue).toHaveLength(1);
    const externalAtStart = new Set<string>();
    while (queue.length > 0) {
      const file = queue.pop()!;
      if (staticClosure.has(file)) continue;
      staticClosure.add(file);
      for (const imported of outputs[file]!.imports) {
        if (imported.kind !== 'import-statement') continue;
        if (imported.external) externalAtStart.add(packageOf(imported.path));
        else queue.push(imported.path);
      }
    }
    const lazy = ['@aws-sdk/client-s3', '@aws-sdk/lib-storage', 'nodemailer', 'qrcode', 'exceljs'];
    expect(lazy.filter((name) => externalAtStart.has(name))).toEqual([]);
    // ...and the bundle does import them (a check that found none would prove nothing).
    expect(lazy.filter((name) => !externalPackages(meta()).includes(name))).toEqual([]);
    expect(externalAtStart.has('fastify')).toBe(true);
  });

  it('has every file a module reads from beside itself (new URL(..., import.meta.url)) and the migrations', () => {
    const dist = path.join(app, 'dist/server');
    const missing: string[] = [];
    let found = 0;
    for (const file of fs.readdirSync(dist).filter((name) => name.endsWith('.js'))) {
      for (const match of fs.readFileSync(path.join(dist, file), 'utf8').matchAll(/new URL\(\s*["'](\.\/[^"']+)["'],\s*import\.meta\.url\s*\)/g)) {
        found += 1;
        if (!fs.existsSync(path.join(dist, match[1]!))) missing.push(`${file}: ${match[1]}`);
      }
    }
    expect(missing).toEqual([]);
    expect(found).toBeGreaterThan(0);
    expect(fs.existsSync(path.join(dist, 'migrations/meta/_journal.json'))).toBe(true);
    expect(Object.keys(entryPoints).filter((name) => !fs.existsSync(path.join(dist, `${name}.js`)))).toEqual([]);
  });
});
