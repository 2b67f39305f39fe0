import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { hashPassword } from '../auth/password';
import type { Db } from '../db/client';
import { appUser, storedFile } from '../db/schema';
import { ROLE_MEMBER } from '../seed/base';
import { insertItem, type NewItem } from '../modules/board/repo';
import { LocalFileStore } from '../modules/file/store';
import { withTransaction } from '@server/db/transaction';

let sequence = 0;

/** A post with sensible defaults; every field can be overridden. */
export function buildBoardItem(overrides: Partial<NewItem> = {}): NewItem {
  sequence += 1;
  return {
    boardCode: 'notice',
    title: `시험 게시글 ${sequence}`,
    content: `<p>시험 본문 ${sequence}</p>`,
    writerId: null,
    writerName: '관리자',
    ...overrides,
  };
}

/** Inserts a post through the repository's own `insertItem` (item number, search tokens, files). */
export async function createBoardItem(db: Db, overrides: Partial<NewItem> = {}): Promise<{ id: number; itemNo: number }> {
  const item = buildBoardItem(overrides);
  return withTransaction(db, (tx) => insertItem(tx, item));
}

/** A small PNG made with sharp. */
export function pngBytes(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 0, g: 94, b: 184 } } })
    .png()
    .toBuffer();
}

export interface StoreFileOptions {
  originalName: string;
  contentType: string;
  data?: Buffer;
  /** Attach to this post (otherwise the file is an upload not yet attached). */
  boardItemId?: number | null;
  createdBy?: number | null;
  /** Make a WebP thumbnail of `data` with sharp, as uploads of images will. */
  thumbnail?: boolean;
  sortOrder?: number;
}

export interface StoredTestFile {
  id: string;
  storedName: string;
  thumbnailName: string | null;
  data: Buffer;
  thumbnailData: Buffer | null;
}

/**
 * Everything the app's file store holds, sorted: for a directory also half-written files (which
 * `list()` leaves out), for S3 every object of the bucket.
 */
export async function storedNames(app: FastifyInstance): Promise<string[]> {
  const files = app.deps.files;
  if (files instanceof LocalFileStore) {
    if (!fs.existsSync(files.root)) return [];
    return fs
      .readdirSync(files.root, { recursive: true, encoding: 'utf8' })
      .filter((name) => fs.statSync(path.join(files.root, name)).isFile())
      .sort();
  }
  const names: string[] = [];
  for await (const name of files.list()) names.push(name);
  return names.sort();
}

/** Writes bytes with the app's FileStore and inserts the `stored_file` row. */
export async function storeFile(app: FastifyInstance, db: Db, opts: StoreFileOptions): Promise<StoredTestFile> {
  const files = app.deps.files;
  const data = opts.data ?? Buffer.from(`시험 파일 ${randomUUID()}\n`, 'utf8');
  const storedName = files.newName(path.extname(opts.originalName).toLowerCase());
  await files.write(storedName, data);
  let thumbnailName: string | null = null;
  let thumbnailData: Buffer | null = null;
  let width: number | null = null;
  let height: number | null = null;
  if (opts.thumbnail) {
    const meta = await sharp(data).metadata();
    width = meta.width ?? null;
    height = meta.height ?? null;
    thumbnailData = await sharp(data).resize({ width: 32 }).webp().toBuffer();
    thumbnailName = files.newName('.webp');
    await files.write(thumbnailName, thumbnailData);
  }
  const id = randomUUID();
  await db.insert(storedFile).values({
    id,
    boardItemId: opts.boardItemId ?? null,
    originalName: opts.originalName,
    storedName,
    contentType: opts.contentType,
    size: data.length,
    thumbnailName,
    width,
    height,
    sortOrder: opts.sortOrder ?? 0,
    createdBy: opts.createdBy ?? null,
  });
  return { id, storedName, thumbnailName, data, thumbnailData };
}

const passwordHashes = new Map<string, Promise<string>>();

/** argon2 costs ~60 ms a hash: tests share one hash per password. */
export function passwordHashFor(password: string): Promise<string> {
  let hashed = passwordHashes.get(password);
  if (!hashed) {
    hashed = hashPassword(password);
    passwordHashes.set(password, hashed);
  }
  return hashed;
}

export const TEST_PASSWORD = 'test!pass1';

let memberSequence = 0;

export interface TestMember {
  id: number;
  userKeyCode: string;
  password: string;
  email: string | null;
  mobile: string | null;
}

/** A member who can sign in (a real argon2id hash), straight into the database. */
export async function createMember(
  db: Db,
  overrides: Partial<Omit<typeof appUser.$inferInsert, 'passwordHash'>> & { password?: string } = {},
): Promise<TestMember> {
  memberSequence += 1;
  const { password = TEST_PASSWORD, ...values } = overrides;
  const [row] = await db
    .insert(appUser)
    .values({
      userKeyCode: `tester${memberSequence}`,
      userType: 'Member',
      roleCode: ROLE_MEMBER,
      name: '시험회원',
      email: `tester${memberSequence}@example.com`,
      ...values,
      passwordHash: await passwordHashFor(password),
    })
    .returning({ id: appUser.id, userKeyCode: appUser.userKeyCode, email: appUser.email, mobile: appUser.mobile });
  return { ...row!, password };
}

/** A multipart/form-data body with one file in field `file` (or `field`), as a browser sends it. */
export function multipartBody(
  fileName: string,
  data: Buffer,
  opts: { contentType?: string; field?: string } = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----nidsTest${randomUUID().replace(/-/g, '')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${opts.field ?? 'file'}"; filename="${fileName}"\r\n` +
      `Content-Type: ${opts.contentType ?? 'application/octet-stream'}\r\n\r\n`,
    'utf8',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`, 'utf8');
  return { payload: Buffer.concat([head, data, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A JPEG with EXIF metadata (camera make and GPS-like comment), to check uploads strip it. */
export function jpegWithExif(width = 80, height = 60): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .jpeg()
    .withExif({ IFD0: { Make: 'NidsTestCamera', ImageDescription: 'GPS 37.5665N 126.9780E' } })
    .toBuffer();
}

export const samplePdf = Buffer.from('%PDF-1.4\n% 시험용 PDF\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n', 'utf8');

/**
 * Uploads a file through the API as a browser does: asks `/api/board-item-file/upload-url`,
 * then POSTs the bytes to the URL it got. Returns the raw responses for the test to judge.
 */
export async function uploadThroughApi(
  app: FastifyInstance,
  headers: Record<string, string>,
  opts: { fileName: string; data: Buffer; boardCode?: string; contentType?: string; declaredSize?: number },
) {
  const query = new URLSearchParams({
    fileName: opts.fileName,
    contentType: opts.contentType ?? 'application/octet-stream',
    size: String(opts.declaredSize ?? opts.data.length),
    ...(opts.boardCode ? { boardCode: opts.boardCode } : {}),
  });
  const urlRes = await app.inject({ method: 'GET', url: `/api/board-item-file/upload-url?${query}`, headers });
  if (urlRes.statusCode !== 200) return { urlRes, uploadRes: undefined, uploadUrl: undefined };
  const uploadUrl = (JSON.parse(urlRes.body) as { data: { uploadUrl: string } }).data.uploadUrl;
  const body = multipartBody(opts.fileName, opts.data, { contentType: opts.contentType });
  const uploadRes = await app.inject({ method: 'POST', url: uploadUrl, payload: body.payload, headers: body.headers });
  return { urlRes, uploadRes, uploadUrl };
}
