import { and, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { INQUIRY_BOARD, type InquiryStatus } from '@contract';
import type { Db } from '../../db/client';
import { firstRow } from '@server/db/first-row';
import { boardItem } from '../../db/schema';

export interface InquiryFilter {
  status?: InquiryStatus;
  keyword?: string;
  offset: number;
  limit: number;
}

const summaryColumns = {
  id: boardItem.id,
  itemNo: boardItem.itemNo,
  title: boardItem.title,
  writerName: boardItem.writerName,
  status: boardItem.inquiryStatus,
  createdAt: boardItem.createdAt,
  answeredAt: boardItem.answeredAt,
};

function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The queue's rows: live posts of the contact-us board, newest first. With a status the order
 * comes from board_item_inquiry_status_idx, without one from board_item_created_idx; the keyword
 * (title, writer, contact e-mail) filters along that scan (inquiries are a few thousand a year).
 */
function where(f: Pick<InquiryFilter, 'status' | 'keyword'>): SQL {
  const conditions: SQL[] = [eq(boardItem.boardCode, INQUIRY_BOARD), isNull(boardItem.deletedAt)];
  if (f.status) conditions.push(eq(boardItem.inquiryStatus, f.status));
  if (f.keyword) {
    const pattern = likePattern(f.keyword);
    conditions.push(or(ilike(boardItem.title, pattern), ilike(boardItem.writerName, pattern), ilike(boardItem.contactEmail, pattern))!);
  }
  return and(...conditions)!;
}

/**
 * The ids of one page, from the index alone (an index-only scan without a keyword), so a deep page
 * skips index entries instead of heap rows: on PostgreSQL 15 a deep page of 40,000 완료 read as
 * whole rows became a bitmap scan and a sort. The rows themselves come next, by primary key.
 */
export function pageIdsQuery(db: Db, f: InquiryFilter) {
  return db
    .select({ id: boardItem.id })
    .from(boardItem)
    .where(where(f))
    // Written as the indexes are (DESC NULLS LAST): plain DESC means NULLS FIRST and would sort.
    .orderBy(sql`${boardItem.createdAt} DESC NULLS LAST`, sql`${boardItem.id} DESC NULLS LAST`)
    .limit(f.limit)
    .offset(f.offset);
}

export function rowsByIdsQuery(db: Db, ids: number[]) {
  return db.select(summaryColumns).from(boardItem).where(inArray(boardItem.id, ids));
}

/** One page of the queue, newest first. */
export async function listPage(db: Db, f: InquiryFilter) {
  const ids = (await pageIdsQuery(db, f)).map((r) => r.id);
  if (ids.length === 0) return [];
  const byId = new Map((await rowsByIdsQuery(db, ids)).map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)!).filter(Boolean);
}

export function countQuery(db: Db, f: Pick<InquiryFilter, 'status' | 'keyword'>) {
  return db.select({ count: sql<number>`count(*)::int` }).from(boardItem).where(where(f));
}

/** Inquiries in each status (live ones), for the queue's tabs. */
export function statusCountsQuery(db: Db) {
  return db
    .select({ status: boardItem.inquiryStatus, count: sql<number>`count(*)::int` })
    .from(boardItem)
    .where(and(eq(boardItem.boardCode, INQUIRY_BOARD), isNull(boardItem.deletedAt)))
    .groupBy(boardItem.inquiryStatus);
}

export type InquirySummaryRow = Awaited<ReturnType<typeof rowsByIdsQuery>>[number];

export async function findInquiry(db: Db, itemNo: number, opts: { forUpdate?: boolean } = {}) {
  const query = db
    .select({
      ...summaryColumns,
      content: boardItem.content,
      writerId: boardItem.writerId,
      contactEmail: boardItem.contactEmail,
      contactPhone: boardItem.contactPhone,
      answer: boardItem.answer,
    })
    .from(boardItem)
    .where(and(eq(boardItem.boardCode, INQUIRY_BOARD), eq(boardItem.itemNo, itemNo), isNull(boardItem.deletedAt)));
  const [row] = opts.forUpdate ? await query.for('update') : await query;
  return row;
}
export type InquiryRow = NonNullable<Awaited<ReturnType<typeof findInquiry>>>;

export async function setStatus(db: Db, id: number, status: InquiryStatus): Promise<void> {
  await db.update(boardItem).set({ inquiryStatus: status }).where(eq(boardItem.id, id));
}

/**
 * The console's dashboard (admin-dashboard): inquiries received and in progress, over
 * `board_item_inquiry_status_idx (board_code, inquiry_status, ...)`, index-only.
 */
export const inquiryCountsQuery = () =>
  sql`SELECT coalesce(sum(c.n) FILTER (WHERE s.status = 'RECEIVED'), 0)::int AS received,
             coalesce(sum(c.n) FILTER (WHERE s.status = 'IN_PROGRESS'), 0)::int AS in_progress
      FROM board b
      CROSS JOIN (VALUES ('RECEIVED'), ('IN_PROGRESS')) AS s(status)
      CROSS JOIN LATERAL (
        SELECT count(*) AS n FROM board_item i
        WHERE i.board_code = b.board_code AND i.deleted_at IS NULL AND i.inquiry_status = s.status) c
      WHERE b.list_style = 'inquiry'`;

export const inquiryCounts = (db: Db) => firstRow<{ received: number; in_progress: number }>(db, inquiryCountsQuery());
