import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoardItem, BoardItemPage } from '@contract';
import { boardItem, storedFile } from '../../db/schema';
import { createTestApp, data, testFileStores, type TestApp } from '../../test/harness';
import { expectRefusal } from '../../test/refusals';
import { createBoardItem, pngBytes, samplePdf, storeFile, type StoredTestFile } from '../../test/factories';

// Every behaviour holds the same with files in a directory and in S3-compatible storage.
describe.each(testFileStores)('files (%s store)', (store) => {
  let t: TestApp;

  const names = {
    pdf: '2026년 환자등록 안내서.pdf',
    hwp: '등록 서식 (최종) 100%.hwp',
    png: 'UDI 라벨 사진.png',
    svg: '로고.svg',
  };

  const files = {} as Record<
    'pdf' | 'hwp' | 'png' | 'svg' | 'secretPublic' | 'secretCommunity' | 'members' | 'upload' | 'deleted' | 'missing',
    StoredTestFile
  >;
  let noticeNo = 0;
  let secretCommunityNo = 0;
  const pdfBytes = Buffer.from('%PDF-1.4\n% 시험용 PDF\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n', 'utf8');

  beforeAll(async () => {
    t = await createTestApp({ fileStore: store });
    const admin = t.users.admin;
    files.pdf = await storeFile(t.app, t.db, { originalName: names.pdf, contentType: 'application/pdf', data: pdfBytes, createdBy: admin });
    files.hwp = await storeFile(t.app, t.db, { originalName: names.hwp, contentType: 'application/x-hwp', createdBy: admin });
    files.png = await storeFile(t.app, t.db, { originalName: names.png, contentType: 'image/png', data: await pngBytes(), thumbnail: true, createdBy: admin });
    files.svg = await storeFile(t.app, t.db, {
      originalName: names.svg, contentType: 'image/svg+xml', data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), createdBy: admin,
    });
    noticeNo = (
      await createBoardItem(t.db, {
        boardCode: 'notice', title: '첨부파일 시험', writerId: admin,
        fileIds: [files.pdf.id, files.hwp.id, files.png.id, files.svg.id], thumbnailFileId: files.png.id,
      })
    ).itemNo;

    files.secretPublic = await storeFile(t.app, t.db, { originalName: '비공개.png', contentType: 'image/png', data: await pngBytes(20, 20), thumbnail: true, createdBy: admin });
    await createBoardItem(t.db, { boardCode: 'notice', title: '비밀 공지', isSecret: true, writerId: admin, fileIds: [files.secretPublic.id] });

    files.secretCommunity = await storeFile(t.app, t.db, { originalName: '상담 기록.pdf', contentType: 'application/pdf', data: pdfBytes, createdBy: t.users.member });
    secretCommunityNo = (
      await createBoardItem(t.db, {
        boardCode: 'community', title: '비밀 상담', isSecret: true, writerId: t.users.member, writerName: '김회원', fileIds: [files.secretCommunity.id],
      })
    ).itemNo;

    files.members = await storeFile(t.app, t.db, { originalName: '회원 자료.pdf', contentType: 'application/pdf', data: pdfBytes, createdBy: admin });
    await createBoardItem(t.db, { boardCode: 'memberNotice', title: '회원 자료', writerId: admin, fileIds: [files.members.id] });

    // Uploaded by a member but not attached to any post yet.
    files.upload = await storeFile(t.app, t.db, { originalName: '작성 중.pdf', contentType: 'application/pdf', data: pdfBytes, createdBy: t.users.member });

    files.deleted = await storeFile(t.app, t.db, { originalName: '지운 글 첨부.pdf', contentType: 'application/pdf', data: pdfBytes, createdBy: admin });
    const deleted = await createBoardItem(t.db, { boardCode: 'notice', title: '지운 글', writerId: admin, fileIds: [files.deleted.id] });
    await t.db.update(boardItem).set({ deletedAt: new Date() }).where(eq(boardItem.id, deleted.id));

    files.missing = await storeFile(t.app, t.db, { originalName: '사라진 파일.pdf', contentType: 'application/pdf', data: pdfBytes, createdBy: admin });
    await createBoardItem(t.db, { boardCode: 'notice', title: '파일이 사라진 글', writerId: admin, fileIds: [files.missing.id] });
    await t.app.deps.files.remove(files.missing.storedName);
  });

  afterAll(async () => {
    await t?.close();
  });

  function get(url: string, token?: string) {
    return t.app.inject({ method: 'GET', url, headers: t.auth(token) });
  }

  /** Parses `kind; filename="…"; filename*=UTF-8''…` (RFC 6266) without trusting the server's encoder. */
  function parseDisposition(header: unknown) {
    const value = String(header);
    const kind = value.split(';')[0]!.trim();
    const ascii = /(?:^|;\s*)filename="([^"]*)"/.exec(value)?.[1];
    const extended = /(?:^|;\s*)filename\*=UTF-8''([^;\s]+)/i.exec(value)?.[1];
    return { kind, ascii, extended };
  }

  async function downloadCount(id: string) {
    const [row] = await t.db.select({ n: storedFile.downloadCount }).from(storedFile).where(eq(storedFile.id, id));
    return row!.n;
  }

  describe('GET /api/file/{id}', () => {
    it('the bytes are in the store this run is for', async () => {
      expect(t.app.deps.files.location).toMatch(store === 's3' ? /^S3 bucket/ : /^directory /);
      expect(await t.app.deps.files.exists(files.pdf.storedName)).toBe(true);
    });

    it('download=true sends an attachment with the Korean name percent-encoded (RFC 5987) and the exact bytes', async () => {
      const res = await get(`/api/file/${files.pdf.id}?download=true`);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(pdfBytes)).toBe(true);
      const d = parseDisposition(res.headers['content-disposition']);
      expect(d.kind).toBe('attachment');
      // attr-char or %XX only, and it decodes back to the stored name.
      expect(d.extended).toMatch(/^(?:[A-Za-z0-9!#$&+.^_`|~-]|%[0-9A-F]{2})+$/);
      expect(decodeURIComponent(d.extended!)).toBe(names.pdf);
      // The plain fallback is ASCII only.
      expect(d.ascii).toMatch(/^[\x20-\x7e]+$/);
      expect(d.ascii).toMatch(/\.pdf$/);
    });

    it('encodes the characters RFC 5987 does not allow raw: space, parentheses, percent', async () => {
      const res = await get(`/api/file/${files.hwp.id}?download=true`);
      expect(res.statusCode).toBe(200);
      const d = parseDisposition(res.headers['content-disposition']);
      expect(d.kind).toBe('attachment');
      expect(d.extended).toMatch(/^(?:[A-Za-z0-9!#$&+.^_`|~-]|%[0-9A-F]{2})+$/);
      expect(decodeURIComponent(d.extended!)).toBe(names.hwp);
      expect(d.ascii).not.toMatch(/["\\]/);
    });

    it('shows a PDF inline without download=true', async () => {
      const res = await get(`/api/file/${files.pdf.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      const d = parseDisposition(res.headers['content-disposition']);
      expect(d.kind).toBe('inline');
      expect(decodeURIComponent(d.extended!)).toBe(names.pdf);
    });

    it('shows a PNG inline as image/png', async () => {
      const res = await get(`/api/file/${files.png.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(parseDisposition(res.headers['content-disposition']).kind).toBe('inline');
      expect(res.rawPayload.equals(files.png.data)).toBe(true);
    });

    it('never serves other types inline: HWP and SVG download as octet-stream, sandboxed', async () => {
      for (const file of [files.hwp, files.svg]) {
        const res = await get(`/api/file/${file.id}`);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('application/octet-stream');
        expect(parseDisposition(res.headers['content-disposition']).kind).toBe('attachment');
        expect(String(res.headers['content-security-policy'])).toContain("default-src 'none'");
        expect(res.headers['x-content-type-options']).toBe('nosniff');
      }
    });

    it('download=true counts each download; viewing inline does not', async () => {
      const before = await downloadCount(files.pdf.id);
      await get(`/api/file/${files.pdf.id}`);
      expect(await downloadCount(files.pdf.id)).toBe(before);
      await get(`/api/file/${files.pdf.id}?download=true`);
      await get(`/api/file/${files.pdf.id}?download=true`, t.tokens.member);
      expect(await downloadCount(files.pdf.id)).toBe(before + 2);
      const item = data<BoardItem>(await get(`/api/board-item/notice/${noticeNo}`));
      expect(item.files.find((f) => f.id === files.pdf.id)!.downloadCount).toBe(before + 2);
    });

    it('lists the files of a post in their order with URLs, and a thumbnail URL for images only', async () => {
      const item = data<BoardItem>(await get(`/api/board-item/notice/${noticeNo}`));
      expect(item.files.map((f) => f.name)).toEqual([names.pdf, names.hwp, names.png, names.svg]);
      const png = item.files.find((f) => f.id === files.png.id)!;
      expect(png).toMatchObject({ url: `/api/file/${files.png.id}`, thumbnailUrl: `/api/file/thumbnail/${files.png.id}`, size: files.png.data.length });
      expect(item.files.find((f) => f.id === files.pdf.id)!.thumbnailUrl).toBeNull();
      expect(item.thumbnailUrl).toBe(`/api/file/thumbnail/${files.png.id}`);
      // Every advertised URL works.
      for (const url of item.files.flatMap((f) => [f.url, f.thumbnailUrl]).filter((u): u is string => u !== null)) {
        expect((await get(url)).statusCode, url).toBe(200);
      }
    });

    it('an unknown id is 404, a malformed id 400, and neither is ever 500', async () => {
      expectRefusal(await get(`/api/file/${randomUUID()}`), 404, 'NOT_FOUND');
      expectRefusal(await get(`/api/file/thumbnail/${randomUUID()}`), 404, 'NOT_FOUND');
      for (const bad of ['abc', '123', `${randomUUID()}x`, '..%2F..%2Fetc%2Fpasswd', `${randomUUID().slice(0, 35)}%00`]) {
        expectRefusal(await get(`/api/file/${bad}`), 400, 'BAD_REQUEST');
        expectRefusal(await get(`/api/file/thumbnail/${bad}`), 400, 'BAD_REQUEST');
      }
      expectRefusal(await get(`/api/file/${files.pdf.id}?download=yes`), 400, 'BAD_REQUEST');
    });

    it('answers no HEAD, which would read the whole file only to throw it away', async () => {
      for (const url of [`/api/file/${files.pdf.id}`, `/api/file/thumbnail/${files.pdf.id}`]) {
        const res = await t.app.inject({ method: 'HEAD', url });
        expect(res.statusCode, url).toBe(404);
        expect(res.body).toBe('');
      }
    });

    it('a file whose bytes are gone is 404, not 500', async () => {
      expectRefusal(await get(`/api/file/${files.missing.id}`), 404, 'NOT_FOUND');
      expectRefusal(await get(`/api/file/${files.missing.id}?download=true`), 404, 'NOT_FOUND');
    });
  });

  describe('thumbnails', () => {
    it('/api/file/thumbnail/{id} and ?thumbnail=true serve the WebP thumbnail', async () => {
      for (const url of [`/api/file/thumbnail/${files.png.id}`, `/api/file/${files.png.id}?thumbnail=true`]) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type']).toBe('image/webp');
        expect(res.rawPayload.equals(files.png.thumbnailData!)).toBe(true);
        expect(res.rawPayload.subarray(0, 4).toString('latin1')).toBe('RIFF');
        expect(res.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
        expect(parseDisposition(res.headers['content-disposition']).kind).toBe('inline');
      }
    });

    it('is 404 for a file without a thumbnail', async () => {
      expectRefusal(await get(`/api/file/thumbnail/${files.pdf.id}`), 404, 'NOT_FOUND');
      expectRefusal(await get(`/api/file/${files.hwp.id}?thumbnail=true`), 404, 'NOT_FOUND');
    });

    it('does not count as a download', async () => {
      const before = await downloadCount(files.png.id);
      await get(`/api/file/thumbnail/${files.png.id}`);
      await get(`/api/file/${files.png.id}?thumbnail=true`);
      expect(await downloadCount(files.png.id)).toBe(before);
    });
  });

  describe('file permissions follow the post', () => {
    it('a file of a secret post on a public board: guests 401, other members 403, its writer (an admin) 200', async () => {
      const f = files.secretPublic.id;
      for (const url of [`/api/file/${f}`, `/api/file/${f}?download=true`, `/api/file/thumbnail/${f}`, `/api/file/${f}?thumbnail=true`]) {
        expectRefusal(await get(url), 401, 'UNAUTHORIZED');
        expectRefusal(await get(url, t.tokens.member), 403, 'FORBIDDEN');
        expect((await get(url, t.tokens.admin)).statusCode, url).toBe(200);
      }
      expect(await downloadCount(f)).toBe(1);
    });

    it('a file of a member’s secret post: other members 403, the writer and admins 200', async () => {
      const url = `/api/file/${files.secretCommunity.id}?download=true`;
      expectRefusal(await get(url), 401, 'UNAUTHORIZED');
      expectRefusal(await get(url, t.tokens.otherMember), 403, 'FORBIDDEN');
      expect((await get(url, t.tokens.member)).statusCode).toBe(200);
      expect((await get(url, t.tokens.admin)).statusCode).toBe(200);
    });

    it('a secret post’s files are not listed to others', async () => {
      const res = await get('/api/board-item?boardCode=community&size=100', t.tokens.otherMember);
      const secret = data<BoardItemPage>(res).content.find((i) => i.itemNo === secretCommunityNo)!;
      expect(secret.title).toBe('비밀글입니다');
      expect(res.body).not.toContain(files.secretCommunity.id);
      expect(res.body).not.toContain('상담 기록');
    });

    it('a file of a public post without a writer (seeded, imported) is served to guests', async () => {
      const orphan = await storeFile(t.app, t.db, { originalName: '작성자 없는 글 첨부.pdf', contentType: 'application/pdf', data: samplePdf, createdBy: t.users.admin });
      await createBoardItem(t.db, { boardCode: 'notice', title: '작성자 없는 공지', writerId: null, fileIds: [orphan.id] });
      const res = await get(`/api/file/${orphan.id}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.rawPayload.equals(samplePdf)).toBe(true);
    });

    it('a file of a members-only board: guests 401, members 200', async () => {
      expectRefusal(await get(`/api/file/${files.members.id}`), 401, 'UNAUTHORIZED');
      expectRefusal(await get(`/api/file/${files.members.id}?download=true`), 401, 'UNAUTHORIZED');
      expect((await get(`/api/file/${files.members.id}`, t.tokens.otherMember)).statusCode).toBe(200);
    });

    it('an upload not yet attached is only for its uploader and admins; others get 404', async () => {
      const url = `/api/file/${files.upload.id}`;
      expect((await get(url, t.tokens.member)).statusCode).toBe(200);
      expect((await get(url, t.tokens.admin)).statusCode).toBe(200);
      expectRefusal(await get(url, t.tokens.otherMember), 404, 'NOT_FOUND');
      expectRefusal(await get(url), 404, 'NOT_FOUND');
    });

    it('a file of a deleted post is 404 for everyone', async () => {
      for (const token of [undefined, t.tokens.member, t.tokens.admin]) {
        expectRefusal(await get(`/api/file/${files.deleted.id}`, token), 404, 'NOT_FOUND');
      }
    });

    it('a bad token on a public file is 401, not a guest download', async () => {
      expectRefusal(await get(`/api/file/${files.pdf.id}`, 'not-a-token'), 401, 'UNAUTHORIZED');
    });
  });
});
