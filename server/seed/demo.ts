import type { Db } from '../db/client';
import type { FileStore } from '../modules/file/store';
import { insertItem } from '../modules/board/repo';

/** Demo content so a new site is not empty (SEED_DEMO=false turns it off). */
export async function seedDemo(db: Db, _files: FileStore, opts: { adminUserId: number }): Promise<void> {
  const start = Date.UTC(2026, 0, 5, 0, 0, 0);
  for (let i = 1; i <= 12; i++) {
    await insertItem(db, {
      boardCode: 'notice',
      title: `환자등록사업 안내 ${i}`,
      content: `<p>환자등록사업 공지 ${i}입니다.</p>`,
      writerId: opts.adminUserId,
      writerName: '관리자',
      createdAt: new Date(start + i * 86_400_000),
    });
    await insertItem(db, {
      boardCode: 'public',
      title: `공개자료 ${i}`,
      content: `<p>공개자료 ${i}입니다.</p>`,
      writerId: opts.adminUserId,
      writerName: '관리자',
      createdAt: new Date(start + i * 86_400_000 + 3_600_000),
    });
  }
}
