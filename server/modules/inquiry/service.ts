import type { z } from 'zod';
import {
  INQUIRY_BOARD, inquiryMessages as m, inquiryStatusLabels,
  type InquiryDetail, type inquiryListQuery, type InquiryPage, type InquiryPatch, type InquiryStatus,
} from '@contract';
import type { Caller } from '../../auth/caller';
import type { AppDeps } from '../../deps';
import { badRequest, notFound } from '../../errors';
import { toKstIso } from '../../lib/time';
import { recordAccess, type AccessActor } from '@server/modules/access-record';
import {
  findInquiry, inquiryCountQuery, inquiryStatusCountsQuery, listInquiryPage, setInquiryStatus, updateItem,
  type InquiryRow, type InquirySummaryRow,
} from '@server/modules/board';
import { withTransaction } from '@server/db/transaction';

type ListQuery = z.output<typeof inquiryListQuery>;
type Deps = Pick<AppDeps, 'db' | 'clock' | 'settings' | 'files' | 'delivery' | 'boardCaching'>;

/** How a record names an inquiry: its number and its writer, as a reviewer reads it. */
const subjectOf = (row: { itemNo: number; writerName: string }) => `문의 ${row.itemNo}번 (${row.writerName})`;

function toSummary(row: InquirySummaryRow) {
  return {
    itemNo: row.itemNo,
    title: row.title,
    writerName: row.writerName,
    status: row.status,
    createdDate: toKstIso(row.createdAt),
    answeredDate: row.answeredAt ? toKstIso(row.answeredAt) : null,
  };
}

function toDetail(row: InquiryRow): InquiryDetail {
  return {
    ...toSummary(row),
    content: row.content,
    contact: { email: row.contactEmail, phone: row.contactPhone },
    byMember: row.writerId !== null,
    answer: row.answer,
  };
}

/** The filter in words for the access record: "상태 접수, 검색어 "홍길동", 2쪽". */
function filterWords(query: ListQuery): string {
  const parts = [query.status ? `상태 ${inquiryStatusLabels[query.status]}` : '전체 상태'];
  if (query.keyword) parts.push(`검색어 "${query.keyword}"`);
  parts.push(`${query.page}쪽`);
  return parts.join(', ');
}

/** `GET /api/admin/inquiries`: one page of the queue, and one INQUIRY_LIST_VIEW record with the filter. */
export async function listInquiries(deps: Deps, actor: AccessActor, query: ListQuery): Promise<InquiryPage> {
  const filter = { status: query.status, keyword: query.keyword || undefined };
  return withTransaction(deps.db, async (tx) => {
    // One after another: a transaction is one connection, which runs one query at a time.
    const rows = await listInquiryPage(tx, { ...filter, offset: (query.page - 1) * query.size, limit: query.size });
    const [total] = await inquiryCountQuery(tx, filter);
    const counted = await inquiryStatusCountsQuery(tx);
    const counts = { RECEIVED: 0, IN_PROGRESS: 0, DONE: 0 };
    for (const c of counted) counts[c.status] = c.count;
    const totalElements = total?.count ?? 0;
    await recordAccess(tx, actor, deps.clock.now(), {
      action: 'INQUIRY_LIST_VIEW',
      subjectType: 'inquiry',
      subject: filterWords(query),
      detail: { status: query.status ?? null, keyword: query.keyword ?? null, page: query.page, size: query.size },
      rowCount: rows.length,
    });
    return {
      content: rows.map(toSummary),
      totalElements,
      totalPages: Math.ceil(totalElements / query.size),
      page: query.page,
      size: query.size,
      counts,
    };
  });
}

/** `GET /api/admin/inquiries/{itemNo}`: the inquiry with its contact details, and one INQUIRY_VIEW record. */
export async function readInquiry(deps: Deps, actor: AccessActor, itemNo: number): Promise<InquiryDetail> {
  return withTransaction(deps.db, async (tx) => {
    const row = await findInquiry(tx, itemNo);
    if (!row) throw notFound(m.notFound);
    await recordAccess(tx, actor, deps.clock.now(), { action: 'INQUIRY_VIEW', subjectType: 'inquiry', subject: subjectOf(row) });
    return toDetail(row);
  });
}

/**
 * `PATCH /api/admin/inquiries/{itemNo}`. An answer goes through the board's own answer path
 * (board/write.ts: stored in place, the writer e-mailed, the inquiry marked DONE) with an
 * INQUIRY_ANSWER record in its transaction; a status alone is an INQUIRY_STATUS_CHANGE.
 */
export async function patchInquiry(
  deps: Deps,
  caller: Caller,
  actor: AccessActor,
  itemNo: number,
  input: InquiryPatch,
): Promise<{ detail: InquiryDetail; message: string }> {
  const { db, clock } = deps;
  if (input.answer === undefined && input.status === undefined) throw badRequest(m.nothingToChange);
  const before = await findInquiry(db, itemNo);
  if (!before) throw notFound(m.notFound);

  if (input.answer !== undefined) {
    const answer = input.answer.trim();
    if (answer === '') throw badRequest(m.answerRequired);
    if (input.status !== undefined && input.status !== 'DONE') throw badRequest(m.answerMakesDone);
    await deps.boardCaching.afterWrite(INQUIRY_BOARD, () =>
      updateItem(deps, caller, { boardCode: INQUIRY_BOARD, itemNo }, { answer }, (tx) =>
        recordAccess(tx, actor, clock.now(), {
          action: 'INQUIRY_ANSWER',
          subjectType: 'inquiry',
          subject: subjectOf(before),
          detail: { statusBefore: before.status, status: 'DONE', answerChanged: before.answer !== null },
        }),
      ),
    );
    return { detail: toDetail((await findInquiry(db, itemNo))!), message: m.answered };
  }

  const status = input.status as InquiryStatus;
  const detail = await withTransaction(db, async (tx) => {
    const row = await findInquiry(tx, itemNo, { forUpdate: true });
    if (!row) throw notFound(m.notFound);
    if (row.status === status) return toDetail(row);
    await setInquiryStatus(tx, row.id, status);
    await recordAccess(tx, actor, clock.now(), {
      action: 'INQUIRY_STATUS_CHANGE',
      subjectType: 'inquiry',
      subject: subjectOf(row),
      detail: { statusBefore: row.status, status },
    });
    return toDetail({ ...row, status });
  });
  return { detail, message: m.statusChanged };
}
