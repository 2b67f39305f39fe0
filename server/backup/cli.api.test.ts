import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../db/client';
import { freePort } from '../lib/process';
import { recordAccess } from '../modules/access-record/record';
import { LocalFileStore, readAll } from '../modules/file/store';
import { serverQuery, withDatabase } from '../test/global-setup';
import { usingServer } from '../test/harness';
import { runTool, spawnServer, waitForApi, type ToolRun } from '../test/server-process';
import { runningServerUrl } from './connect';

/**
 * `npm run backup` and `npm run restore` as an operator runs them (`node --import tsx`), around a
 * real server process: backup while the site runs, restore refused while it runs (embedded), a
 * damaged copy refused before anything is written, a restore into a new site, refused again on the
 * now full site, and the new site serving the same posts, files and access-record chain.
 *
 * On the embedded run the sites are embedded databases in new data directories (the backup reads
 * the running site's server through its socket; the restore makes a new cluster). With
 * TEST_DATABASE_URL the same steps run on databases of that server (DATABASE_URL).
 */

const onServer = usingServer();
const tmpRoots: string[] = [];
const running: ChildProcess[] = [];
const databases: string[] = [];

function newDataDir(): string {
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'nids-backup-cli-'));
  // As root the embedded server runs as the user postgres, which must pass through (not list) it.
  fs.chmodSync(parent, 0o711);
  tmpRoots.push(parent);
  return path.join(parent, 'data');
}

interface Site {
  dataDir: string;
  /** The environment the server and the commands share. */
  env: Record<string, string>;
}

async function newSite(): Promise<Site> {
  const dataDir = newDataDir();
  if (!onServer) return { dataDir, env: { DATA_DIR: dataDir, DATABASE_URL: '' } };
  const name = `nids_cli_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  await serverQuery(inject('testServerUrl'), `CREATE DATABASE ${name}`);
  databases.push(name);
  return { dataDir, env: { DATA_DIR: dataDir, DATABASE_URL: withDatabase(inject('testServerUrl'), name) } };
}

function startSite(site: Site, port: number) {
  const server = spawnServer({ port, dataDir: site.dataDir, env: { ...site.env, SEED_DEMO: 'true', LOG_LEVEL: 'warn' } });
  running.push(server.child);
  return server;
}

async function stopSite(server: ReturnType<typeof startSite>): Promise<void> {
  server.child.kill('SIGTERM');
  expect(await server.exited, server.output()).toBe(0);
}

function run(script: string, args: string[], site: Site): Promise<ToolRun> {
  return runTool(script, args, site.env, (child) => running.push(child));
}

/** The running site's database, as a tool beside it reaches it. */
const databaseUrlOf = (site: Site) => site.env.DATABASE_URL || runningServerUrl(site.dataDir);

async function noticesWithFiles(port: number) {
  const res = await fetch(`http://127.0.0.1:${port}/api/board-item?boardCode=notice&size=50`);
  const body = (await res.json()) as { data: { totalElements: number; content: { title: string; files: { url: string }[] }[] } };
  const withFile = body.data.content.find((item) => item.files.length > 0)!;
  const file = Buffer.from(await (await fetch(`http://127.0.0.1:${port}${withFile.files[0]!.url}`)).arrayBuffer());
  return { total: body.data.totalElements, titles: body.data.content.map((i) => i.title), fileUrl: withFile.files[0]!.url, file };
}

async function storedFiles(dataDir: string): Promise<Map<string, Buffer>> {
  const store = new LocalFileStore(path.join(dataDir, 'files'));
  const files = new Map<string, Buffer>();
  for await (const name of store.list()) files.set(name, (await readAll(store, name))!);
  return files;
}

afterAll(async () => {
  // SIGTERM, so each app stops its embedded PostgreSQL before its directory goes.
  const exits = running.filter((child) => child.exitCode === null && child.signalCode === null).map((child) => new Promise((r) => child.once('exit', r)));
  for (const child of running) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  await Promise.race([Promise.all(exits), new Promise((r) => setTimeout(r, 20_000))]);
  for (const name of databases) await serverQuery(inject('testServerUrl'), `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
  for (const parent of tmpRoots) fs.rmSync(parent, { recursive: true, force: true });
});

describe(`npm run backup / restore on ${onServer ? 'a PostgreSQL server (DATABASE_URL)' : 'the embedded database (DATA_DIR)'}`, () => {
  let source: Site;
  let before: Awaited<ReturnType<typeof noticesWithFiles>>;
  let sourceFiles: Map<string, Buffer>;
  let backupDir: string;
  let backupLine: string;

  beforeAll(async () => {
    source = await newSite();
    backupDir = path.join(path.dirname(source.dataDir), 'backup');
  });

  it('backs up the running site: database and files, with a one-line summary', async () => {
    const port = await freePort();
    const server = startSite(source, port);
    await waitForApi(port);
    const database = await openDatabase({ databaseUrl: databaseUrlOf(source), migrate: false, poolMax: 1 });
    try {
      const admin = (await database.pool.query<{ id: string }>(`SELECT id::text FROM app_user WHERE user_key_code = 'admin'`)).rows[0]!;
      for (const subject of ['member1', 'member2']) {
        await recordAccess(database.db, { userId: Number(admin.id), address: '127.0.0.1' }, new Date(), { action: 'MEMBER_VIEW', subjectType: 'member', subject });
      }
    } finally {
      await database.close();
    }
    before = await noticesWithFiles(port);
    sourceFiles = await storedFiles(source.dataDir);
    expect(sourceFiles.size).toBeGreaterThan(5);

    const backup = await run('scripts/backup.ts', [backupDir], source);
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toContain(onServer ? 'the PostgreSQL server DATABASE_URL names' : 'through the running site');
    expect(backup.stdout).toMatch(/^Database: PostgreSQL \d+\.\d+, dumped with (pg_dump \d+\.\d+|the site's own dump \(.+\))\.$/m);
    const lines = backup.stdout.trim().split('\n');
    backupLine = lines.at(-1)!;
    expect(backupLine).toMatch(
      new RegExp(`^Backup complete: \\d+ tables, [\\d,]+ rows, ${sourceFiles.size} files \\([\\d.]+ [KM]?B\\) in ${backupDir} \\([\\d.]+ s\\)\\.$`),
    );
    // Operators' output carries counts and places, never a password.
    expect(backup.stdout + backup.stderr).not.toMatch(/postgres:\/\/|password/i);

    // A restore must not replace the database under the running site: the embedded database is
    // the site's (its data-directory lock); on a server, the site's connections give it away.
    const refused = await run('scripts/restore.ts', [backupDir, '--force'], source);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      onServer
        ? /^Restore failed: \d+ other connections are open to the database \(no name: \d+\)\. Stop every instance of the site/
        : new RegExp(`^Restore failed: The site is running on ${source.dataDir} \\(server process ${server.child.pid}\\)\\. A restore replaces its database: stop the site`),
    );
    await stopSite(server);
  });

  it('refuses a damaged backup before writing anything', async () => {
    const target = await newSite();
    const damaged = path.join(path.dirname(target.dataDir), 'damaged');
    fs.cpSync(backupDir, damaged, { recursive: true });
    const [name] = sourceFiles.keys();
    fs.appendFileSync(path.join(damaged, 'files', name!), 'x');

    const res = await run('scripts/restore.ts', [damaged], target);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain(`Restore failed: The backup in ${damaged} is damaged (1 of `);
    expect(res.stderr).toContain(`files/${name} does not match its checksum. Nothing was restored.`);
    // Not even a database cluster or a files directory was made.
    expect(fs.existsSync(path.join(target.dataDir, 'files'))).toBe(false);
    if (onServer) {
      const { rows } = await serverQuery(target.env.DATABASE_URL!, `SELECT count(*)::int AS n FROM pg_class WHERE relnamespace = 'public'::regnamespace`);
      expect(rows[0].n).toBe(0);
    } else {
      expect(fs.existsSync(path.join(target.dataDir, 'pgdata'))).toBe(false);
    }
  });

  it('restores into a new site, which then serves the same posts, files and access records; a second restore is refused', async () => {
    const target = await newSite();
    const restored = await run('scripts/restore.ts', [backupDir], target);
    expect(restored.code, restored.stderr).toBe(0);
    const counts = backupLine.replace(/^Backup complete: (.*) in .*$/, '$1');
    expect(restored.stdout.trim().split('\n').at(-1)).toMatch(new RegExp(`^Restore complete: ${counts.replace(/[()]/g, '\\$&')} from ${backupDir} in [\\d.]+ s\\.$`));

    const again = await run('scripts/restore.ts', [backupDir], target);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/^Restore failed: The target is not empty: \d+ tables with rows .* and \d+ stored files\. .* run it again with --force/);

    expect(await storedFiles(target.dataDir)).toEqual(sourceFiles);
    // The field encryption key is not in the backup (issue 25): the operator brings it, or the
    // restored site refuses to start with keys of its own.
    fs.copyFileSync(path.join(source.dataDir, 'field-encryption.keys'), path.join(target.dataDir, 'field-encryption.keys'));
    const port = await freePort();
    const server = startSite(target, port);
    try {
      await waitForApi(port);
      expect(await noticesWithFiles(port)).toEqual(before);
      const verified = await run('scripts/verify-access-records.ts', [], target);
      expect(verified.code, verified.stderr).toBe(0);
      expect(verified.stdout).toContain('Access-record chain OK: 2 records');
    } finally {
      await stopSite(server);
    }
  });
});
