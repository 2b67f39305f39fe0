import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoardItem, UploadedFile, UploadUrlResponse } from '@contract';
import { storedFile } from '../../db/schema';
import { MINUTE_MS } from '../../lib/clock';
import { watchStoreWrites } from '../../test/store-spy';
import { createTestApp, data, TestClock, testFileStores, type TestApp } from '../../test/harness';
import { waitUntil } from '../../test/observe';
import { expectRefusal } from '../../test/refusals';
import { jpegWithExif, multipartBody, pngBytes, samplePdf, storedNames, uploadThroughApi } from '../../test/factories';

/** One request over `agent` (given up after `timeoutMs`, if set); the status and the body as text. */
function send(agent: http.Agent, port: number, opts: http.RequestOptions, body?: Buffer, timeoutMs?: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const signal = timeoutMs ? AbortSignal.timeout(timeoutMs) : undefined;
    const request = http.request({ ...opts, host: '127.0.0.1', port, agent, signal }, (res) => {
      let text = '';
      res.on('data', (d: Buffer) => (text += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, body: text }));
    });
    request.on('error', reject);
    request.end(body);
  });
}

/** The app listening on a loopback port of its own (for a request sent in pieces); its port. */
async function listening(app: FastifyInstance): Promise<number> {
  if (!app.server.listening) await app.listen({ host: '127.0.0.1', port: 0 });
  return (app.server.address() as AddressInfo).port;
}

// Every behaviour holds the same with files in a directory and in S3-compatible storage.
describe.each(testFileStores)('uploads (%s store)', (store) => {
  let t: TestApp;
  const clock = new TestClock(new Date('2026-11-22T01:00:00Z'));

  beforeAll(async () => {
    t = await createTestApp({ clock, fileStore: store });
  });
  afterAll(async () => {
    await t?.close();
  });

  const as = (token?: string) => t.auth(token);
  const storedFileCount = async () => (await t.db.select({ id: storedFile.id }).from(storedFile)).length;

  describe('upload by single-use URL', () => {
    it('a member gets a URL valid 10 minutes and uploads a PDF to it; the answer has id, name, size, contentType, url', async () => {
      const { urlRes, uploadRes } = await uploadThroughApi(t.app, as(t.tokens.member), { fileName: '등록 안내서 (최종).pdf', data: samplePdf, boardCode: 'community' });
      const issued = data<UploadUrlResponse>(urlRes);
      expect(issued.uploadUrl).toMatch(/^\/api\/file\/upload\/[A-Za-z0-9_-]{43}$/);
      expect(issued.expiresDate).toBe('2026-11-22T10:10:00+09:00');
      const file = data<UploadedFile>(uploadRes!);
      expect(file).toMatchObject({ name: '등록 안내서 (최종).pdf', size: samplePdf.length, contentType: 'application/pdf', url: `/api/file/${file.id}`, thumbnailUrl: null });
      const [row] = await t.db.select().from(storedFile).where(eq(storedFile.id, file.id));
      // Stored under a server-made name, never the uploaded one.
      expect(row!.storedName).toMatch(/^[0-9a-f]{2}\/[0-9a-f-]{36}\.pdf$/);
      expect(row!.boardItemId).toBeNull();
      expect(row!.createdBy).toBe(t.users.member);
    });

    it('captions for a video (.vtt) are stored and served back as text/vtt, never sniffed into anything else', async () => {
      const captions = Buffer.from('WEBVTT\n\n00:00.000 --> 00:02.500\n환자등록사업을 소개합니다.\n', 'utf8');
      const { uploadRes } = await uploadThroughApi(t.app, as(t.tokens.member), { fileName: '소개 영상 자막.vtt', data: captions, boardCode: 'community' });
      const file = data<UploadedFile>(uploadRes!);
      expect(file).toMatchObject({ name: '소개 영상 자막.vtt', contentType: 'text/vtt', size: captions.length });
      const served = await t.app.inject({ method: 'GET', url: file.url, headers: as(t.tokens.member) });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toMatch(/^text\/vtt\b/);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.rawPayload.equals(captions)).toBe(true);
    });

    it('/api/file/upload-url works the same without a board', async () => {
      const q = new URLSearchParams({ fileName: 'a.pdf', contentType: 'application/pdf', size: '10' });
      expect(data<UploadUrlResponse>(await t.app.inject({ method: 'GET', url: `/api/file/upload-url?${q}`, headers: as(t.tokens.member) })).uploadUrl).toBeTruthy();
    });

    it('an unattached upload belongs to its uploader only: others get 404', async () => {
      const { uploadRes } = await uploadThroughApi(t.app, as(t.tokens.member), { fileName: '작성 중.pdf', data: samplePdf });
      const file = data<UploadedFile>(uploadRes!);
      expect((await t.app.inject({ method: 'GET', url: file.url, headers: as(t.tokens.member) })).statusCode).toBe(200);
      expectRefusal(await t.app.inject({ method: 'GET', url: file.url, headers: as(t.tokens.otherMember) }), 404, 'NOT_FOUND');
      expectRefusal(await t.app.inject({ method: 'GET', url: file.url }), 404, 'NOT_FOUND');
    });

    it('a used URL is refused the second time', async () => {
      const { uploadRes, uploadUrl } = await uploadThroughApi(t.app, as(t.tokens.member), { fileName: 'once.pdf', data: samplePdf });
      expect(uploadRes!.statusCode).toBe(200);
      const again = multipartBody('once.pdf', samplePdf);
      expectRefusal(await t.app.inject({ method: 'POST', url: uploadUrl!, payload: again.payload, headers: again.headers }), 400, 'BAD_REQUEST', /만료되었거나 이미 사용/);
    });

    it('an expired URL (after 10 minutes) is refused', async () => {
      const q = new URLSearchParams({ fileName: 'late.pdf', contentType: 'application/pdf', size: String(samplePdf.length) });
      const { uploadUrl } = data<UploadUrlResponse>(await t.app.inject({ method: 'GET', url: `/api/file/upload-url?${q}`, headers: as(t.tokens.member) }));
      clock.advance(10 * MINUTE_MS + 1000);
      const b = multipartBody('late.pdf', samplePdf);
      expectRefusal(await t.app.inject({ method: 'POST', url: uploadUrl, payload: b.payload, headers: b.headers }), 400, 'BAD_REQUEST', /만료/);
    });

    it('an unknown or malformed URL is refused, never 500', async () => {
      const b = multipartBody('x.pdf', samplePdf);
      expectRefusal(await t.app.inject({ method: 'POST', url: `/api/file/upload/${'A'.repeat(43)}`, payload: b.payload, headers: b.headers }), 400, 'BAD_REQUEST');
      expectRefusal(await t.app.inject({ method: 'POST', url: '/api/file/upload/short', payload: b.payload, headers: b.headers }), 400, 'BAD_REQUEST');
    });

    it('guests may not upload', async () => {
      const { urlRes } = await uploadThroughApi(t.app, {}, { fileName: 'guest.pdf', data: samplePdf, boardCode: 'contactus' });
      expectRefusal(urlRes, 401, 'UNAUTHORIZED', /로그인/);
    });

    it('a member may not get an upload URL for a board they cannot write on', async () => {
      const { urlRes } = await uploadThroughApi(t.app, as(t.tokens.member), { fileName: 'n.pdf', data: samplePdf, boardCode: 'notice' });
      expectRefusal(urlRes, 403, 'FORBIDDEN');
    });
  });

  describe('what an upload may be', () => {
    it('a disallowed extension is refused when the URL is asked for, in Korean', async () => {
      for (const fileName of ['run.exe', 'page.html', 'logo.svg', 'noextension']) {
        const { urlRes } = await uploadThroughApi(t.app, as(t.tokens.member), { fileName, data: samplePdf });
        expectRefusal(urlRes, 400, 'BAD_REQUEST', /첨부할 수 없는 파일 형식/);
      }
    });

    it.each([
      ['HTML behind .pdf', '문서.pdf', Buffer.from('<html><script>alert(1)</script></html>')],
      ['SVG behind .png', '그림.png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
      ['a PDF behind .hwp', '서식.hwp', samplePdf],
      ['an executable behind .docx', '문서.docx', Buffer.from([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0])],
      ['HTML behind .txt', '메모.txt', Buffer.from('<!doctype html><body onload=alert(1)>')],
      ['plain text behind .vtt', '자막.vtt', Buffer.from('00:00.000 --> 00:02.000\n안녕하세요\n')],
    ])('wrong real type behind an allowed extension is refused: %s', async (_what, fileName, bytes) => {
      const { uploadRes } = await uploadThroughApi(t.app, as(t.tokens.member), { fileName, data: bytes });
      expectRefusal(uploadRes, 400, 'BAD_REQUEST', /파일 내용이 확장자와 일치하지 않습니다/);
    });

    it('a file larger than the board allows is refused when the URL is asked for', async () => {
      const { urlRes } = await uploadThroughApi(t.app, as(t.tokens.member), {
        fileName: 'big.pdf', data: samplePdf, boardCode: 'community', declaredSize: 20 * 1024 * 1024 + 1,
      });
      expectRefusal(urlRes, 413, 'PAYLOAD_TOO_LARGE', /20 MB 이하/);
    });

    it('bytes beyond the limit are refused even when the declared size was small, and nothing of them is kept', async () => {
      const [names, rows] = [await storedNames(t.app), await storedFileCount()];
      const big = Buffer.concat([samplePdf, Buffer.alloc(20 * 1024 * 1024 + 10, 0x20)]);
      const { uploadRes } = await uploadThroughApi(t.app, as(t.tokens.member), { fileName: 'lie.pdf', data: big, boardCode: 'community', declaredSize: 100 });
      expectRefusal(uploadRes, 413, 'PAYLOAD_TOO_LARGE', /20 MB 이하/);
      // More than 5 MB went to the store first (in S3, parts of a multipart upload): all gone again.
      expect(await storedNames(t.app)).toEqual(names);
      expect(await storedFileCount()).toBe(rows);
    });

    it('a file whose first bytes do not match its extension leaves nothing stored', async () => {
      const [names, rows] = [await storedNames(t.app), await storedFileCount()];
      const html = Buffer.concat([Buffer.from('<html><script>alert(1)</script>'), Buffer.alloc(100_000, 0x20)]);
      const { uploadRes } = await uploadThroughApi(t.app, as(t.tokens.member), { fileName: '문서.txt', data: html });
      expectRefusal(uploadRes, 400, 'BAD_REQUEST', /파일 내용이 확장자와 일치하지 않습니다/);
      expect(await storedNames(t.app)).toEqual(names);
      expect(await storedFileCount()).toBe(rows);
    });

    it('an empty file is refused', async () => {
      const { urlRes } = await uploadThroughApi(t.app, as(t.tokens.member), { fileName: 'empty.pdf', data: Buffer.alloc(0) });
      expectRefusal(urlRes, 400, 'BAD_REQUEST', /빈 파일/);
    });

    it('a request without the `file` field is refused', async () => {
      const q = new URLSearchParams({ fileName: 'a.pdf', contentType: 'application/pdf', size: '10' });
      const { uploadUrl } = data<UploadUrlResponse>(await t.app.inject({ method: 'GET', url: `/api/file/upload-url?${q}`, headers: as(t.tokens.member) }));
      const wrongField = multipartBody('a.pdf', samplePdf, { field: 'document' });
      expectRefusal(await t.app.inject({ method: 'POST', url: uploadUrl, payload: wrongField.payload, headers: wrongField.headers }), 400, 'BAD_REQUEST');
    });

    it('a request for the URL with a bad query is 400', async () => {
      for (const q of ['', 'fileName=a.pdf', 'fileName=a.pdf&size=abc', 'fileName=a.pdf&size=-1']) {
        expectRefusal(await t.app.inject({ method: 'GET', url: `/api/file/upload-url?${q}`, headers: as(t.tokens.member) }), 400, 'BAD_REQUEST');
      }
    });
  });

  describe('attachments stream to the store', () => {
    it('the store receives an attachment while its request is still arriving, and it comes back byte for byte', async () => {
      // Watches what reaches the store's write (the store itself still does the writing).
      const spy = watchStoreWrites(t.app.deps.files);
      try {
        const pdf = Buffer.concat([samplePdf, randomBytes(3 * 1024 * 1024)]);
        const q = new URLSearchParams({ fileName: '큰 자료.pdf', contentType: 'application/pdf', size: String(pdf.length) });
        const { uploadUrl } = data<UploadUrlResponse>(await t.app.inject({ method: 'GET', url: `/api/file/upload-url?${q}`, headers: as(t.tokens.member) }));
        const port = await listening(t.app);
        const form = multipartBody('큰 자료.pdf', pdf);
        const request = http.request({ host: '127.0.0.1', port, method: 'POST', path: uploadUrl, headers: { ...form.headers, 'content-length': form.payload.length } });
        const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
          request.on('error', reject);
          request.on('response', (res) => {
            let body = '';
            res.on('data', (d: Buffer) => (body += d.toString()));
            res.on('end', () => resolve({ status: res.statusCode!, body }));
          });
        });
        const half = Math.floor(form.payload.length / 2);
        request.write(form.payload.subarray(0, half));
        // Bytes are in the store before the rest of the file is even sent: it was never read whole first.
        await waitUntil(async () => spy.received(), (n) => n > 0, 'the store to receive the first bytes');
        expect(spy.received()).toBeLessThanOrEqual(half);
        request.end(form.payload.subarray(half));
        const { status, body } = await answer;
        expect(status, body).toBe(200);
        const file = (JSON.parse(body) as { data: UploadedFile }).data;
        expect(file.size).toBe(pdf.length);
        expect(spy.received()).toBe(pdf.length);
        const back = await t.app.inject({ method: 'GET', url: file.url, headers: as(t.tokens.member) });
        expect(back.rawPayload.equals(pdf)).toBe(true);
      } finally {
        spy.restore();
      }
    });

    it('a refusal found in the first bytes answers a client that goes on sending, and its connection serves the next request', async () => {
      const port = await listening(t.app);
      const q = new URLSearchParams({ fileName: '메모.txt', contentType: 'text/plain', size: '100' });
      const { uploadUrl } = data<UploadUrlResponse>(await t.app.inject({ method: 'GET', url: `/api/file/upload-url?${q}`, headers: as(t.tokens.member) }));
      const form = multipartBody('메모.txt', Buffer.concat([Buffer.from('<html><script>alert(1)</script>'), Buffer.alloc(4 * 1024 * 1024, 0x20)]));
      // One connection for both requests: the second gets it only once the first request is over.
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        const refused = await send(agent, port, { method: 'POST', path: uploadUrl, headers: form.headers }, form.payload);
        expect(refused.status).toBe(400);
        expect(refused.body).toMatch(/파일 내용이 확장자와 일치하지 않습니다/);
        // The rest of the body was read and dropped after the refusal; cut off instead, the
        // connection would hang until the server's request timeout.
        expect((await send(agent, port, { method: 'GET', path: '/api/site-setting/info' }, undefined, 10_000)).status).toBe(200);
      } finally {
        agent.destroy();
      }
    });
  });

  describe('images', () => {
    it('an uploaded JPEG loses its metadata and gets a WebP thumbnail', async () => {
      const jpeg = await jpegWithExif(800, 600);
      expect((await sharp(jpeg).metadata()).exif).toBeDefined();
      const { uploadRes } = await uploadThroughApi(t.app, as(t.tokens.member), { fileName: '현장 사진.jpg', data: jpeg });
      const file = data<UploadedFile>(uploadRes!);
      expect(file.contentType).toBe('image/jpeg');
      expect(file.thumbnailUrl).toBe(`/api/file/thumbnail/${file.id}`);
      const stored = (await t.app.inject({ method: 'GET', url: file.url, headers: as(t.tokens.member) })).rawPayload;
      const meta = await sharp(stored).metadata();
      expect(meta.exif).toBeUndefined();
      expect(stored.includes(Buffer.from('NidsTestCamera'))).toBe(false);
      const thumb = await t.app.inject({ method: 'GET', url: file.thumbnailUrl!, headers: as(t.tokens.member) });
      expect(thumb.headers['content-type']).toBe('image/webp');
      expect((await sharp(thumb.rawPayload).metadata()).width).toBe(480);
    });

    it('PUT /api/board-item/images stores an editor image and answers its URL', async () => {
      const b = multipartBody('붙여넣은 그림.png', await pngBytes(100, 80), { contentType: 'image/png' });
      const res = await t.app.inject({ method: 'PUT', url: '/api/board-item/images?boardCode=community', payload: b.payload, headers: { ...b.headers, ...as(t.tokens.member) } });
      const file = data<UploadedFile>(res);
      expect(file).toMatchObject({ name: '붙여넣은 그림.png', contentType: 'image/png', url: `/api/file/${file.id}` });
      const [row] = await t.db.select().from(storedFile).where(eq(storedFile.id, file.id));
      expect(row!.kind).toBe('image');
    });

    it('editor images: non-images, fake images and images over 10 MB are refused; guests must sign in', async () => {
      const pdf = multipartBody('문서.pdf', samplePdf);
      expectRefusal(await t.app.inject({ method: 'PUT', url: '/api/board-item/images', payload: pdf.payload, headers: { ...pdf.headers, ...as(t.tokens.member) } }), 400, 'BAD_REQUEST', /이미지 파일/);
      const fake = multipartBody('가짜.png', Buffer.from('<svg onload="alert(1)"/>'));
      expectRefusal(await t.app.inject({ method: 'PUT', url: '/api/board-item/images', payload: fake.payload, headers: { ...fake.headers, ...as(t.tokens.member) } }), 400, 'BAD_REQUEST');
      const huge = multipartBody('큰 그림.png', Buffer.concat([await pngBytes(), Buffer.alloc(10 * 1024 * 1024 + 1)]));
      expectRefusal(await t.app.inject({ method: 'PUT', url: '/api/board-item/images', payload: huge.payload, headers: { ...huge.headers, ...as(t.tokens.member) } }), 413, 'PAYLOAD_TOO_LARGE', /이미지 크기는 10 MB/);
      const guest = multipartBody('a.png', await pngBytes());
      expectRefusal(await t.app.inject({ method: 'PUT', url: '/api/board-item/images', payload: guest.payload, headers: guest.headers }), 401, 'UNAUTHORIZED');
    });
  });

  describe('attaching uploads to posts', () => {
    async function upload(token: string, fileName = '첨부.pdf', bytes = samplePdf) {
      const { uploadRes } = await uploadThroughApi(t.app, as(token), { fileName, data: bytes, boardCode: 'community' });
      return data<UploadedFile>(uploadRes!);
    }
    const create = (token: string, files: { id: string }[]) =>
      t.app.inject({ method: 'PUT', url: '/api/board-item/community', headers: as(token), payload: { title: '첨부 시험', content: '<p>본문</p>', files } });

    it('more files than the board allows (5) are refused, and nothing is written', async () => {
      const ids = [];
      for (let i = 0; i < 6; i++) ids.push({ id: (await upload(t.tokens.member, `파일${i}.pdf`)).id });
      const before = await t.db.select().from(storedFile).where(eq(storedFile.id, ids[0]!.id));
      expectRefusal(await create(t.tokens.member, ids), 400, 'BAD_REQUEST', /5개까지/);
      const after = await t.db.select().from(storedFile).where(eq(storedFile.id, ids[0]!.id));
      expect(after).toEqual(before);
      const ok = data<BoardItem>(await create(t.tokens.member, ids.slice(0, 5)));
      expect(ok.files.map((f) => f.id)).toEqual(ids.slice(0, 5).map((f) => f.id));
      expect(ok.fileCount).toBe(5);
    });

    it('another member’s upload cannot be attached', async () => {
      const theirs = await upload(t.tokens.otherMember);
      expectRefusal(await create(t.tokens.member, [theirs]), 400, 'BAD_REQUEST', /첨부할 수 없는 파일/);
    });

    it('a file already on a post cannot be taken by another post', async () => {
      const mine = await upload(t.tokens.member);
      data<BoardItem>(await create(t.tokens.member, [mine]));
      expectRefusal(await create(t.tokens.member, [mine]), 400, 'BAD_REQUEST');
    });

    it('Korean file names survive the download (RFC 5987) and downloads are counted', async () => {
      const name = '2026년 환자등록 결과 (요약) 100%.pdf';
      const file = await upload(t.tokens.member, name);
      const item = data<BoardItem>(await create(t.tokens.member, [file]));
      const res = await t.app.inject({ method: 'GET', url: `${file.url}?download=true`, headers: as(t.tokens.otherMember) });
      expect(res.statusCode).toBe(200);
      const disposition = String(res.headers['content-disposition']);
      const extended = /filename\*=UTF-8''([^;\s]+)/.exec(disposition)?.[1];
      expect(decodeURIComponent(extended!)).toBe(name);
      expect(res.rawPayload.equals(samplePdf)).toBe(true);
      const again = data<BoardItem>(await t.app.inject({ method: 'GET', url: `/api/board-item/community/${item.itemNo}`, headers: as(t.tokens.member) }));
      expect(again.files[0]!.downloadCount).toBe(1);
    });
  });
});
