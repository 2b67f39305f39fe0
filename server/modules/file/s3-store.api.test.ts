import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opsMessages, type AlumniImportReport } from '@contract';
import { buildApp } from '../../app';
import type { S3Config } from '../../config';
import { storedFile, uploadTicket } from '../../db/schema';
import { freePort } from '../../lib/process';
import { temporaryFailure } from '../../lib/temporary-failure';
import { createBoardItem, pngBytes, samplePdf, storeFile, uploadThroughApi } from '../../test/factories';
import { createTestApp, data, type TestApp } from '../../test/harness';
import { expectRefusal } from '../../test/refusals';
import { startS3Server, type TestS3Server } from '../../test/s3-server';
import { uploadWorkbook, workbookOf } from '../alumni/test-support';
import { prune } from '../housekeeping/service';
import { S3StoreError } from '../../lib/s3-error';
import { S3FileStore } from './s3-store';
import { readAll } from './store';

/**
 * The S3 file store (issue 10) against an S3-compatible server on loopback: the store itself, and
 * what only S3 can do to the app (a connection cut in the middle of a download, storage gone).
 * The behaviours shared with the directory store run for both in file/ and upload/ tests.
 */

const s3Config = (server: TestS3Server, overrides: Partial<S3Config> = {}): S3Config => ({
  endpoint: server.endpoint,
  bucket: server.bucket,
  region: 'us-east-1',
  accessKeyId: server.env.S3_ACCESS_KEY_ID,
  secretAccessKey: server.env.S3_SECRET_ACCESS_KEY,
  forcePathStyle: true,
  ...overrides,
});

/** Bytes that differ at every offset, so a lost or repeated chunk shows. */
function patterned(length: number): Buffer {
  const bytes = Buffer.alloc(length);
  for (let i = 0; i + 4 <= length; i += 4) bytes.writeUInt32LE(i, i);
  return bytes;
}

/** `bytes` as a stream of 64 KB chunks, as a request body arrives. */
const chunked = (bytes: Buffer) =>
  Readable.from(
    (function* () {
      for (let i = 0; i < bytes.length; i += 65_536) yield bytes.subarray(i, i + 65_536);
    })(),
  );

describe('S3FileStore', () => {
  let server: TestS3Server;
  let store: S3FileStore;

  beforeAll(async () => {
    server = await startS3Server();
    // Two keys a page, so listing five objects takes three requests.
    store = new S3FileStore(s3Config(server), 2);
  });
  afterAll(async () => {
    store?.close();
    await server?.close();
  });

  it('streams a file larger than one 5 MB part in and reads it back byte for byte', async () => {
    const bytes = patterned(12 * 1024 * 1024 + 3);
    expect(await store.write('aa/large.bin', chunked(bytes))).toBe(bytes.length);
    expect((await readAll(store, 'aa/large.bin'))!.equals(bytes)).toBe(true);
  });

  it('writes a buffer; reads, checks and removes by name; a missing name reads as null', async () => {
    expect(await store.write('bb/small.txt', Buffer.from('작은 파일'))).toBe(Buffer.byteLength('작은 파일'));
    expect((await readAll(store, 'bb/small.txt'))!.toString()).toBe('작은 파일');
    expect(await store.exists('bb/small.txt')).toBe(true);
    await store.remove('bb/small.txt');
    expect(await store.exists('bb/small.txt')).toBe(false);
    expect(await store.read('bb/small.txt')).toBeNull();
    await expect(store.remove('bb/never.txt')).resolves.toBeUndefined();
  });

  it('lists every object across pages', async () => {
    const names = ['cc/1.txt', 'cc/2.txt', 'dd/3.txt', 'dd/4.txt', 'ee/5.txt'];
    for (const name of names) await store.write(name, Buffer.from(name));
    const listed: string[] = [];
    for await (const name of store.list()) listed.push(name);
    expect(listed).toEqual(expect.arrayContaining(names));
    expect(new Set(listed).size).toBe(listed.length);
  });

  it('a source that fails midway fails the write with its own error, and no object appears', async () => {
    const source = new Readable({ read() {} });
    source.push(randomBytes(6 * 1024 * 1024));
    setTimeout(() => source.destroy(new Error('the client went away')), 50);
    await expect(store.write('ff/broken.bin', source)).rejects.toThrow('the client went away');
    expect(await store.exists('ff/broken.bin')).toBe(false);
  });

  it('names no secret and refuses names that could climb out of the bucket', async () => {
    expect(store.location).toBe(`S3 bucket "${server.bucket}" at ${server.endpoint}`);
    expect(store.location).not.toContain(server.env.S3_SECRET_ACCESS_KEY!);
    await expect(store.write('../etc/passwd', Buffer.from('x'))).rejects.toThrow(/not a stored file name/);
  });

  it('an unreachable endpoint or a missing bucket is an operator message, not a hang', async () => {
    const closed = new S3FileStore(s3Config(server, { endpoint: `http://127.0.0.1:${await freePort()}` }));
    const started = Date.now();
    await expect(closed.check()).rejects.toThrow(/S3 storage \(bucket "nids-files" at http:\/\/127\.0\.0\.1:\d+\) could not be reached .*ECONNREFUSED/);
    await expect(closed.write('gg/x.txt', Buffer.from('x'))).rejects.toThrow(S3StoreError);
    await expect(closed.read('gg/x.txt')).rejects.toThrow(/could not read "gg\/x\.txt"/);
    expect(Date.now() - started).toBeLessThan(15_000);
    closed.close();
    const noBucket = new S3FileStore(s3Config(server, { bucket: 'no-such-bucket' }));
    await expect(noBucket.check()).rejects.toThrow(/bucket "no-such-bucket" .* could not be reached .*HTTP 404/);
    noBucket.close();
  });

  it('an endpoint out of reach is a passing outage (503); a refusal by S3 is a setting to fix (500)', async () => {
    const closed = new S3FileStore(s3Config(server, { endpoint: `http://127.0.0.1:${await freePort()}` }));
    const outage = await closed.read('gg/x.txt').catch((e: unknown) => e);
    closed.close();
    expect(outage).toBeInstanceOf(S3StoreError);
    expect((outage as S3StoreError).temporary).toBe(true);
    expect(temporaryFailure(outage)).toBe('file storage');

    const noBucket = new S3FileStore(s3Config(server, { bucket: 'no-such-bucket' }));
    const refusal = await noBucket.write('gg/x.txt', Buffer.from('x')).catch((e: unknown) => e);
    noBucket.close();
    expect(refusal).toBeInstanceOf(S3StoreError);
    expect((refusal as S3StoreError).temporary).toBe(false);
    expect(temporaryFailure(refusal)).toBeNull();
  });
});

/** S3 out of reach is a passing outage (server/app.ts): 503 with the Korean "try again" envelope. */
function expectServerFailure(res: LightMyRequestResponse | undefined) {
  expectRefusal(res, 503, 'SERVICE_UNAVAILABLE', opsMessages.temporarilyUnavailable);
}

describe('the app on S3', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ fileStore: 's3' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const as = (token?: string) => t.auth(token);

  it('refuses to start, naming the setting to check, when the bucket cannot be reached', async () => {
    for (const s3 of [s3Config(t.s3!, { endpoint: `http://127.0.0.1:${await freePort()}` }), s3Config(t.s3!, { bucket: 'no-such-bucket' })]) {
      const app = await buildApp({ db: t.db, config: { ...t.config, s3 }, keys: t.keys });
      await expect(app.ready()).rejects.toThrow(/S3 storage .* could not be reached \(check S3_ENDPOINT, S3_BUCKET, S3_REGION and the credentials\)/);
      await app.close();
    }
  });

  it('an address-book workbook is read from S3 for the import, and removed from it afterwards', async () => {
    const bytes = await workbookOf([['성명', '소속기관', 'E-mail'], ['김동문', '서울병원', 'kim@example.com']]);
    const { fileId } = await uploadWorkbook(t.app, as(t.tokens.admin), bytes);
    const [row] = await t.db.select({ storedName: storedFile.storedName }).from(storedFile).where(eq(storedFile.id, fileId!));
    expect((await readAll(t.app.deps.files, row!.storedName))!.equals(bytes)).toBe(true);
    const res = await t.app.inject({ method: 'POST', url: '/api/alumni/import-data', headers: as(t.tokens.admin), payload: { fileId, reason: '주소록 갱신' } });
    expect(data<AlumniImportReport>(res)).toMatchObject({ applied: true, added: 1 });
    expect(await t.app.deps.files.exists(row!.storedName)).toBe(false);
  });

  it('housekeeping removes a loose upload and its thumbnail from S3, and keeps attached files', async () => {
    const loose = await storeFile(t.app, t.db, { originalName: '버려진.png', contentType: 'image/png', data: await pngBytes(), thumbnail: true, createdBy: t.users.member });
    const item = await createBoardItem(t.db);
    const attached = await storeFile(t.app, t.db, { originalName: '붙은.txt', contentType: 'text/plain', boardItemId: item.id });
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 3600_000);
    await t.db.update(storedFile).set({ createdAt: twoDaysAgo }).where(eq(storedFile.id, loose.id));
    await t.db.update(storedFile).set({ createdAt: twoDaysAgo }).where(eq(storedFile.id, attached.id));
    await prune({ db: t.db, files: t.app.deps.files }, new Date());
    expect(await t.app.deps.files.exists(loose.storedName)).toBe(false);
    expect(await t.app.deps.files.exists(loose.thumbnailName!)).toBe(false);
    expect(await t.app.deps.files.exists(attached.storedName)).toBe(true);
  });

  it('a download cut off by S3 midway ends that response only; the process lives on and serves the next', async () => {
    const big = await storeFile(t.app, t.db, { originalName: '큰 자료.pdf', contentType: 'application/pdf', data: Buffer.concat([samplePdf, randomBytes(24 * 1024 * 1024)]), createdBy: t.users.admin });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    const download = await new Promise<{ received: number; complete: boolean }>((resolve, reject) => {
      const request = http.get({ host: '127.0.0.1', port, path: `/api/file/${big.id}`, headers: as(t.tokens.admin) }, (res) => {
        expect(res.statusCode).toBe(200);
        let received = 0;
        res.once('data', () => void t.s3!.cutConnections());
        res.on('data', (chunk: Buffer) => (received += chunk.length));
        res.on('error', () => undefined);
        res.on('close', () => resolve({ received, complete: res.complete }));
      });
      request.on('error', reject);
    });
    expect(download.complete).toBe(false);
    expect(download.received).toBeLessThan(big.data.length);
    // The same file again, whole, over a new connection to S3.
    const again = await t.app.inject({ method: 'GET', url: `/api/file/${big.id}`, headers: as(t.tokens.admin) });
    expect(again.statusCode).toBe(200);
    expect(again.rawPayload.equals(big.data)).toBe(true);
  });

  it('with S3 gone, downloads and uploads answer a server-error envelope, no row is written, and the process lives on', async () => {
    const file = await storeFile(t.app, t.db, { originalName: '안내.pdf', contentType: 'application/pdf', data: samplePdf, createdBy: t.users.admin });
    await t.s3!.close();
    expectServerFailure(await t.app.inject({ method: 'GET', url: `/api/file/${file.id}`, headers: as(t.tokens.admin) }));
    const rows = (await t.db.select({ id: storedFile.id }).from(storedFile)).length;
    const { uploadRes } = await uploadThroughApi(t.app, as(t.tokens.member), { fileName: '안내.pdf', data: samplePdf });
    expectServerFailure(uploadRes);
    expect((await t.db.select({ id: storedFile.id }).from(storedFile)).length).toBe(rows);
    // The 503 asks for a retry: the upload URL it failed on may be used again.
    const [ticket] = await t.db.select().from(uploadTicket).orderBy(desc(uploadTicket.createdAt)).limit(1);
    expect(ticket!.usedAt).toBeNull();
    // Everything that does not touch the files still works.
    expect((await t.app.inject({ method: 'GET', url: '/api/board-item?boardCode=notice' })).statusCode).toBe(200);
  });
});

