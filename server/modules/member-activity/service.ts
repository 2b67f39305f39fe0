import type { z } from 'zod';
import { pageOf, type MemberActivityItem, type MemberActivityPage, type memberActivityQuery } from '@contract';
import type { AppDeps } from '../../deps';
import type { Caller } from '../../auth/caller';
import type { Db } from '../../db/client';
import { forbidden, notFound, unauthorized } from '../../errors';
import { toKstIso } from '../../lib/time';
import { withTransaction } from '@server/db/transaction';
import { recordAccess } from '@server/modules/access-record';
import { memberPostsCountQuery, memberPostsQuery } from '@server/modules/board';
import { memberCommentsCountQuery, memberCommentsQuery } from '@server/modules/comment';
import { findMember, maskKey } from '@server/modules/user';
import { activityReader } from './policy';

type Deps = Pick<AppDeps, 'db' | 'clock'>;
type Query = z.output<typeof memberActivityQuery>;

/** A comment in a list row: its first characters on one line. */
const COMMENT_EXCERPT = 100;
const excerpt = (text: string) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > COMMENT_EXCERPT ? `${line.slice(0, COMMENT_EXCERPT)}…` : line;
};

/** One page of one tab: the rows and the total, read one after another (a transaction runs one query at a time). */
async function readPage(db: Db, memberId: number, query: Query): Promise<{ rows: MemberActivityItem[]; total: number }> {
  const page = { offset: (query.page - 1) * query.size, limit: query.size };
  if (query.type === 'comments') {
    const rows = await memberCommentsQuery(db, memberId, page);
    const [count] = await memberCommentsCountQuery(db, memberId);
    return {
      rows: rows.map((r) => ({
        boardCode: r.boardCode, boardName: r.boardName, area: r.area, itemNo: r.itemNo, title: r.title, isSecret: r.isSecret,
        createdDate: toKstIso(r.createdAt), commentId: r.id, comment: excerpt(r.content), status: null,
      })),
      total: count?.count ?? 0,
    };
  }
  const rows = await memberPostsQuery(db, memberId, query.type, page);
  const [count] = await memberPostsCountQuery(db, memberId, query.type);
  return {
    rows: rows.map((r) => ({
      boardCode: r.boardCode, boardName: r.boardName, area: r.area, itemNo: r.itemNo, title: r.title, isSecret: r.isSecret,
      createdDate: toKstIso(r.createdAt), commentId: null, comment: null, status: query.type === 'inquiries' ? r.status : null,
    })),
    total: count?.count ?? 0,
  };
}

/**
 * `GET /api/user/{id}/activity`: the member themself, or staff (recorded as MEMBER_ACTIVITY_VIEW in
 * the read's transaction, so a read is never shown unrecorded); anyone else 403.
 */
export async function memberActivity(deps: Deps, caller: Caller, memberId: number, query: Query, address: string): Promise<MemberActivityPage> {
  if (caller.userId === null) throw unauthorized();
  const reader = activityReader(caller, memberId);
  if (reader === null) throw forbidden();
  const staffId = caller.userId;
  return withTransaction(deps.db, async (tx) => {
    const member = await findMember(tx, memberId);
    if (!member) throw notFound();
    const { rows, total } = await readPage(tx, memberId, query);
    if (reader === 'staff') {
      await recordAccess(tx, { userId: staffId, address }, deps.clock.now(), {
        action: 'MEMBER_ACTIVITY_VIEW',
        subjectType: 'member',
        // Records are kept for years and read by every admin: the key is masked when it is an address.
        subject: `회원 #${member.id} (${maskKey(member.userKeyCode, member)})`,
        detail: { type: query.type, page: query.page, size: query.size },
        rowCount: rows.length,
      });
    }
    return { type: query.type, content: rows, ...pageOf(total, query) };
  });
}
