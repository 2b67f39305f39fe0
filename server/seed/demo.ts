import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client';
import { insertStoredFile, insertStoredFiles, type FileStore } from '@server/modules/file';
import { insertItem } from '@server/modules/board';
import {
  annualReports, communityPosts, memberNotices, notices, promotionVideos, publicPosts, safetyInformation,
  type DemoFile, type DemoPost,
} from './demo-content';
import { makePoster, type Poster } from './images';
import { makePdf } from './pdf';

interface DemoBoard {
  boardCode: string;
  defaultWriter: string;
  posts: readonly DemoPost[];
}

const demoBoards: readonly DemoBoard[] = [
  { boardCode: 'notice', defaultWriter: '등록관리팀', posts: notices },
  { boardCode: 'public', defaultWriter: '등록관리팀', posts: publicPosts },
  { boardCode: 'annualReport', defaultWriter: '등록관리팀', posts: annualReports },
  { boardCode: 'safetyInformation', defaultWriter: '안전정보팀', posts: safetyInformation },
  { boardCode: 'memberNotice', defaultWriter: '등록관리팀', posts: memberNotices },
  { boardCode: 'community', defaultWriter: '등록관리팀', posts: communityPosts },
];

/** 'YYYY-MM-DD HH:mm' in Korea Standard Time. */
function kst(at: string): Date {
  const date = new Date(`${at.replace(' ', 'T')}:00+09:00`);
  if (Number.isNaN(date.getTime())) throw new Error(`demo content: bad date ${at}`);
  return date;
}

/** Item numbers follow insertion order, so a board's posts must be listed oldest first. */
function assertChronological(boardCode: string, posts: readonly DemoPost[]): void {
  for (let i = 1; i < posts.length; i++) {
    if (kst(posts[i]!.at) <= kst(posts[i - 1]!.at)) {
      throw new Error(`demo content: ${boardCode} post ${i + 1} is not later than the one before it`);
    }
  }
}

function pdfFor(file: DemoFile, createdAt: Date, at: string): Buffer {
  return makePdf({
    title: file.name.replace(/\.pdf$/i, ''),
    heading: file.titleEn,
    createdAt,
    lines: [
      'National Implantable Device Registry',
      'National Institute of Medical Device Safety Information',
      '',
      `Document: ${file.titleEn}`,
      ...(file.summary ?? []),
      '',
      `Date: ${at.slice(0, 10)}`,
      'The Korean title of this document is kept in its document properties.',
    ],
  });
}

interface Ctx {
  db: Db;
  files: FileStore;
  adminUserId: number;
}

async function storePdfs(ctx: Ctx, post: DemoPost, createdAt: Date): Promise<string[]> {
  const prepared = (post.files ?? []).map((file) => ({
    id: randomUUID(),
    file,
    storedName: ctx.files.newName('.pdf'),
    data: pdfFor(file, createdAt, post.at),
  }));
  if (prepared.length === 0) return [];
  await Promise.all(prepared.map((p) => ctx.files.write(p.storedName, p.data)));
  await insertStoredFiles(
    ctx.db,
    prepared.map((p) => ({
      id: p.id,
      originalName: p.file.name,
      storedName: p.storedName,
      contentType: 'application/pdf',
      size: p.data.length,
      createdBy: ctx.adminUserId,
      createdAt,
    })),
  );
  return prepared.map((p) => p.id);
}

async function storePoster(ctx: Ctx, originalName: string, poster: Poster, createdAt: Date): Promise<string> {
  const id = randomUUID();
  const storedName = ctx.files.newName('.jpg');
  const thumbnailName = ctx.files.newName('.webp');
  await Promise.all([ctx.files.write(storedName, poster.jpeg), ctx.files.write(thumbnailName, poster.webp)]);
  await insertStoredFile(ctx.db, {
    id,
    originalName,
    storedName,
    contentType: 'image/jpeg',
    size: poster.jpeg.length,
    thumbnailName,
    width: poster.width,
    height: poster.height,
    createdBy: ctx.adminUserId,
    createdAt,
  });
  return id;
}

/** Demo content so a new site is not empty (SEED_DEMO=false turns it off). */
export async function seedDemo(db: Db, files: FileStore, opts: { adminUserId: number }): Promise<void> {
  const ctx: Ctx = { db, files, adminUserId: opts.adminUserId };
  for (const b of demoBoards) assertChronological(b.boardCode, b.posts);
  assertChronological('promotionVideo', promotionVideos);

  // Image work is the slow part and needs no database, so it runs in parallel up front.
  const posters = await Promise.all(promotionVideos.map((v) => makePoster(v.motif)));

  for (const b of demoBoards) {
    for (const post of b.posts) {
      const createdAt = kst(post.at);
      const fileIds = await storePdfs(ctx, post, createdAt);
      await insertItem(db, {
        boardCode: b.boardCode,
        title: post.title,
        content: post.body.join('\n'),
        writerId: post.byMember ? null : opts.adminUserId,
        writerName: post.writer ?? b.defaultWriter,
        isNotice: post.pinned ?? false,
        viewCount: post.views,
        createdAt,
        fileIds,
      });
    }
  }

  for (const [i, video] of promotionVideos.entries()) {
    const createdAt = kst(video.at);
    const posterId = await storePoster(ctx, video.posterName, posters[i]!, createdAt);
    await insertItem(db, {
      boardCode: 'promotionVideo',
      title: video.title,
      content: video.body.join('\n'),
      writerId: opts.adminUserId,
      writerName: video.writer ?? '홍보협력팀',
      isNotice: video.pinned ?? false,
      viewCount: video.views,
      createdAt,
      fileIds: [posterId],
      thumbnailFileId: posterId,
    });
  }
}
