import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BoardItem, UploadedFile } from '@contract';
import { buildApp } from '../app';
import { loadTokenKeys } from '../auth/tokens';
import { recordAccess } from '../modules/access-record/record';
import { describeResult, verifyAccessRecords } from '../modules/access-record/verify';
import { openFileStore } from '../modules/file/open';
import { LocalFileStore, readAll } from '../modules/file/store';
import { loadConfig } from '../config';
import { TALLY_MIN_PAGES, tallyPages } from '../db/client';
import { startS3Server } from '../test/s3-server';
import { createBoardItem, createMember, pngBytes, samplePdf, uploadThroughApi } from '../test/factories';
import { serverQuery } from '../test/global-setup';
import { createTestApp, data, openTestDatabase, type TestApp, type TestDatabase } from '../test/harness';
import { backupSite } from './backup';
import { listSequences, listTables, tableRef } from './catalog';
import type { DumpMethod } from './database-dump';
import { BackupError } from './errors';
import { MANIFEST_FILE, readManifest, type Manifest } from './manifest';
import { findTool } from './pg-tools';
import { openBackup, restoreSite } from './restore';

/**
 * Backup, wipe, restore (issue 10) through the library the commands use, on the run's PostgreSQL
 * server: with the app's own dump always, and with pg_dump where this machine's pg_dump can dump
 * the server (the PostgreSQL 15 server of CI; not the embedded 18). The commands themselves are
 * run end to end in cli.api.test.ts.
 */

let t: TestApp;
let tmp: string;
const made: TestDatabase[] = [];
/** The run's server decides which dumps this machine can make of it. */
const serverMajor = Math.floor(Number((await serverQuery(inject('testServerUrl'), `SELECT current_setting('server_version_num') AS n`)).rows[0].n) / 10_000);
const pgDump = findTool('pg_dump');
const pgDumpCanDump = pgDump !== null && pgDump.major >= serverMajor;
const methods: DumpMethod[] = pgDumpCanDump ? ['app', 'pg_dump'] : ['app'];
/** What the source held when it was backed up, to compare every restore with. */
let original: { tables: Fingerprint; files: Map<string, Buffer>; chain: { count: number; lastHash: string }; nextPostId: number };
let upload: { id: string; bytes: Buffer };
let postNo: number;

type Fingerprint = Record<string, string>;

/** Every table's row count and a hash of all its rows, and every sequence's state: equal means the same data. */
async function fingerprint(db: pg.Pool): Promise<Fingerprint> {
  const result: Fingerprint = {};
  for (const { name } of await listTables(db)) {
    const { rows } = await db.query<{ n: number; h: string }>(
      `SELECT count(*)::int AS n, md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS h FROM ${tableRef(name)} t`,
    );
    result[name] = `${rows[0]!.n} rows, ${rows[0]!.h}`;
  }
  for (const name of await listSequences(db)) {
    const { rows } = await db.query<{ v: string; c: boolean }>(`SELECT last_value::text AS v, is_called AS c FROM ${tableRef(name)}`);
    result[`sequence ${name}`] = `${rows[0]!.v} ${rows[0]!.c}`;
  }
  return result;
}

async function storedFiles(root: string): Promise<Map<string, Buffer>> {
  const store = new LocalFileStore(root);
  const files = new Map<string, Buffer>();
  for await (const name of store.list()) files.set(name, (await readAll(store, name))!);
  return files;
}

async function chainOf(database: TestDatabase) {
  const result = await verifyAccessRecords(database.db);
  if (!result.ok) throw new Error(`access-record chain broken: ${describeResult(result)}`);
  return { count: result.count, lastHash: result.lastHash };
}

async function nextId(db: pg.Pool, table: string): Promise<number> {
  const { rows } = await db.query<{ v: string; c: boolean }>(
    `SELECT last_value::text AS v, is_called AS c FROM ${tableRef(`${table}_id_seq`)}`,
  );
  return Number(rows[0]!.v) + (rows[0]!.c ? 1 : 0);
}

/** An empty database (as after DROP and CREATE DATABASE) and an empty files directory. */
async function emptyTarget(): Promise<{ database: TestDatabase; filesDir: string; files: LocalFileStore }> {
  const database = await openTestDatabase({ empty: true });
  made.push(database);
  const filesDir = fs.mkdtempSync(path.join(tmp, 'files-'));
  return { database, filesDir, files: new LocalFileStore(filesDir) };
}

/** The site on a restored database, as a server started on it would serve it. */
async function siteOn(database: TestDatabase, filesDir: string): Promise<FastifyInstance> {
  const keys = await loadTokenKeys(database.db, undefined);
  const app = await buildApp({ db: database.db, config: { ...t.config, databaseUrl: database.url, filesDir }, keys });
  await app.ready();
  return app;
}

function backupDir(name: string): string {
  return path.join(tmp, `${name}-${Math.random().toString(36).slice(2, 8)}`);
}

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'nids-backup-test-'));
  t = await createTestApp();

  // Members with personal data, a post with a real image (and its thumbnail) and a PDF attached,
  // comments, and access records.
  const member = await createMember(t.db, { name: '박복원', email: 'restore-me@example.com', mobile: '01012345678' });
  const png = await pngBytes(120, 80);
  const image = data<UploadedFile>((await uploadThroughApi(t.app, t.auth(t.tokens.member), { fileName: '사진.png', data: png, boardCode: 'community', contentType: 'image/png' })).uploadRes!);
  const pdf = data<UploadedFile>((await uploadThroughApi(t.app, t.auth(t.tokens.member), { fileName: '안내서.pdf', data: samplePdf, boardCode: 'community', contentType: 'application/pdf' })).uploadRes!);
  upload = { id: pdf.id, bytes: samplePdf };
  const post = data<BoardItem>(
    await t.app.inject({
      method: 'PUT',
      url: '/api/board-item/community',
      headers: t.auth(t.tokens.member),
      payload: { title: '복원될 글', content: `<p>본문</p><img src="${image.url}">`, files: [{ id: image.id }, { id: pdf.id }] },
    }),
  );
  postNo = post.itemNo;
  for (const content of ['첫 댓글', '둘째 댓글']) {
    const res = await t.app.inject({ method: 'PUT', url: `/api/board-item-comment/community/${postNo}`, headers: t.auth(t.tokens.otherMember), payload: { content } });
    expect(res.statusCode).toBe(200);
  }
  for (const subject of [member.userKeyCode, 'member1']) {
    await recordAccess(t.db, { userId: t.users.admin, address: '127.0.0.1' }, new Date(), { action: 'MEMBER_VIEW', subjectType: 'member', subject });
  }

  original = {
    tables: await fingerprint(t.database.raw),
    files: await storedFiles(t.config.filesDir),
    chain: await chainOf(t.database),
    nextPostId: await nextId(t.database.raw, 'board_item'),
  };
  expect(original.files.size).toBe(3); // the image, its thumbnail and the PDF
  expect(original.chain.count).toBe(2);
});

afterAll(async () => {
  for (const database of made) await database.dispose().catch(() => {});
  await t?.close();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});


describe('backup, wipe, restore', () => {
  it('chooses pg_dump where it can dump the server, otherwise the app dump; the manifest counts every row and file', async () => {
    const dir = backupDir('auto');
    const { manifest } = await backupSite({ database: t.database, files: t.app.deps.files, dir });
    expect(manifest.database.method).toBe(pgDumpCanDump ? 'pg_dump' : 'app');
    // Rows per table as the source has them, and every migration of the code.
    for (const table of manifest.database.tables) {
      expect(`${table.name}: ${original.tables[table.name]!.split(' rows')[0]}`).toBe(`${table.name}: ${table.rows}`);
    }
    expect(manifest.database.tables.map((x) => x.name).sort()).toEqual(Object.keys(original.tables).filter((k) => !k.startsWith('sequence ')).sort());
    expect(manifest.database.migrations.at(-1)!.id).toMatch(/^\d{4}_/);
    expect(manifest.files).toEqual({ count: 3, bytes: [...original.files.values()].reduce((s, b) => s + b.length, 0) });
    // Each stored file is in the backup with the checksum the manifest gives.
    for (const [name, bytes] of original.files) {
      const entry = manifest.entries.find((e) => e.path === `files/${name}`)!;
      expect(fs.readFileSync(path.join(dir, entry.path)).equals(bytes)).toBe(true);
      expect(entry.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    }
    expect(readManifest(dir)).toEqual(manifest);
  });

  it.each(methods)('%s: every row, stored file and access record comes back; the site serves them and goes on from there', async (method) => {
    const dir = backupDir(method);
    const { manifest } = await backupSite({ database: t.database, files: t.app.deps.files, dir, method });
    expect(manifest.database.method).toBe(method);

    const target = await emptyTarget();
    await restoreSite(await openBackup(dir), { database: target.database, files: target.files });

    expect(await fingerprint(target.database.raw)).toEqual(original.tables);
    // The view tally has pages again (its table dump loads after a TRUNCATE, pg_restore makes it
    // anew): on none, the post reads would be planned as scans of it (decision 0046).
    expect(await tallyPages(target.database.pool)).toBeGreaterThanOrEqual(TALLY_MIN_PAGES);
    expect(await storedFiles(target.filesDir)).toEqual(original.files);
    expect(await chainOf(target.database)).toEqual(original.chain);

    const app = await siteOn(target.database, target.filesDir);
    try {
      // The source's token still works: the signing secret came back with the database.
      const post = data<BoardItem>(await app.inject({ method: 'GET', url: `/api/board-item/community/${postNo}`, headers: t.auth(t.tokens.member) }));
      expect(post.title).toBe('복원될 글');
      expect(post.files.map((f) => f.name)).toEqual(['사진.png', '안내서.pdf']);
      const download = await app.inject({ method: 'GET', url: `/api/file/${upload.id}?download=true`, headers: t.auth(t.tokens.member) });
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(upload.bytes)).toBe(true);

      // Sequences and triggers are live again: the next post takes the next id and is counted,
      // the next access record joins the chain.
      const countBefore = Number((await target.database.raw.query(`SELECT coalesce(sum(item_count), 0) AS n FROM board_item_count WHERE board_code = 'community'`)).rows[0].n);
      const created = data<BoardItem>(await app.inject({ method: 'PUT', url: '/api/board-item/community', headers: t.auth(t.tokens.member), payload: { title: '복원 뒤 새 글', content: '<p>x</p>' } }));
      const { rows } = await target.database.raw.query<{ id: string }>('SELECT id::text FROM board_item WHERE board_code = $1 AND item_no = $2', ['community', created.itemNo]);
      expect(Number(rows[0]!.id)).toBe(original.nextPostId);
      const countAfter = Number((await target.database.raw.query(`SELECT sum(item_count) AS n FROM board_item_count WHERE board_code = 'community'`)).rows[0].n);
      expect(countAfter).toBe(countBefore + 1);
      await recordAccess(target.database.db, { userId: t.users.admin, address: '127.0.0.1' }, new Date(), { action: 'MEMBER_VIEW', subjectType: 'member', subject: 'member2' });
      expect((await chainOf(target.database)).count).toBe(original.chain.count + 1);
    } finally {
      await app.close();
    }
  });

  it('refuses a target that holds rows or files unless forced; forced, it replaces them with the backup', async () => {
    const dir = backupDir('force');
    await backupSite({ database: t.database, files: t.app.deps.files, dir });
    const target = await emptyTarget();
    await restoreSite(await openBackup(dir), { database: target.database, files: target.files });
    // The target moves on: a post and a file the backup does not have.
    await createBoardItem(target.database.db, { title: '나중 글' });
    const extra = target.files.newName('.txt');
    await target.files.write(extra, Buffer.from('extra'));
    // Something else's file in the same directory: never the site's, so never counted or deleted.
    await target.files.write('zz/not-ours.txt', Buffer.from('other'));
    const moved = await fingerprint(target.database.raw);

    const refused = restoreSite(await openBackup(dir), { database: target.database, files: target.files });
    await expect(refused).rejects.toThrow(BackupError);
    await expect(refused).rejects.toThrow(/^The target is not empty: \d+ tables with rows .* and 4 stored files\. .*--force/);
    expect(await fingerprint(target.database.raw)).toEqual(moved);
    expect(await target.files.exists(extra)).toBe(true);

    await restoreSite(await openBackup(dir), { database: target.database, files: target.files, force: true });
    expect(await fingerprint(target.database.raw)).toEqual(original.tables);
    expect(await target.files.exists(extra)).toBe(false);
    expect(await target.files.exists('zz/not-ours.txt')).toBe(true);
    await target.files.remove('zz/not-ours.txt');
    expect(await storedFiles(target.filesDir)).toEqual(original.files);
  });

  it('backs up and restores files in S3-compatible storage through the same file-store interface', async () => {
    const s3 = await startS3Server();
    try {
      const bucket = await openFileStore(loadConfig({ ...s3.env, DATA_DIR: tmp }));
      const dir = backupDir('to-s3');
      const { manifest } = await backupSite({ database: t.database, files: t.app.deps.files, dir });
      const target = await emptyTarget();
      await restoreSite(await openBackup(dir), { database: target.database, files: bucket });
      for (const [name, bytes] of original.files) expect((await readAll(bucket, name))!.equals(bytes)).toBe(true);

      const again = await backupSite({ database: target.database, files: bucket, dir: backupDir('from-s3') });
      const storedEntries = (m: Manifest) => m.entries.filter((e) => e.path.startsWith('files/'));
      expect(storedEntries(again.manifest)).toEqual(storedEntries(manifest));
      expect(again.manifest.database.tables.map((x) => [x.name, x.rows])).toEqual(manifest.database.tables.map((x) => [x.name, x.rows]));
    } finally {
      await s3.close();
    }
  });

  it('refuses a damaged backup, a backup of other migrations and an unfinished one before anything is written', async () => {
    const dir = backupDir('checked');
    const { manifest } = await backupSite({ database: t.database, files: t.app.deps.files, dir });
    const copy = (name: string, change: (dir: string, manifest: Manifest) => void) => {
      const other = backupDir(name);
      fs.cpSync(dir, other, { recursive: true });
      change(other, structuredClone(manifest));
      return other;
    };

    // One byte changed in the database dump, one stored file cut short.
    const dump = manifest.entries.find((e) => e.path.startsWith('database/') && e.bytes > 0)!;
    const stored = manifest.entries.find((e) => e.path.startsWith('files/'))!;
    const tampered = copy('tampered', (other) => {
      const file = path.join(other, dump.path);
      const bytes = fs.readFileSync(file);
      const middle = bytes.length >> 1;
      bytes[middle] = bytes[middle]! ^ 0xff;
      fs.writeFileSync(file, bytes);
      fs.truncateSync(path.join(other, stored.path), 1);
    });
    await expect(openBackup(tampered)).rejects.toThrow(
      `The backup in ${tampered} is damaged (2 of ${manifest.entries.length} files): ${[`${dump.path} does not match its checksum`, `${stored.path} does not match its checksum`].sort().join('; ')}. Nothing was restored.`,
    );

    const missing = copy('missing', (other) => fs.rmSync(path.join(other, stored.path)));
    await expect(openBackup(missing)).rejects.toThrow(`${stored.path} is missing`);

    const older = copy('older', (other, m) => {
      m.database.migrations.pop();
      fs.writeFileSync(path.join(other, MANIFEST_FILE), JSON.stringify(m));
    });
    await expect(openBackup(older)).rejects.toThrow(/^The backup was made from a database at migration \d{4}_\w+ \(\d+\), \d+ migrations; this version of the site has \d+/);

    // A dump file left out of the checksummed entries would be read unchecked: refused.
    const unlisted = copy('unlisted', (other, m) => {
      m.entries = m.entries.filter((e) => e.path !== dump.path);
      fs.writeFileSync(path.join(other, MANIFEST_FILE), JSON.stringify(m));
    });
    await expect(openBackup(unlisted)).rejects.toThrow(`${dump.path} is not among the checksummed entries`);

    const unfinished = copy('unfinished', (other) => fs.rmSync(path.join(other, MANIFEST_FILE)));
    await expect(openBackup(unfinished)).rejects.toThrow(/has no manifest\.json: it is not a backup made by "npm run backup", or that backup did not finish/);

    // A backup never writes into a directory that holds something.
    await expect(backupSite({ database: t.database, files: t.app.deps.files, dir })).rejects.toThrow(`${dir} is not empty`);
  });
});
