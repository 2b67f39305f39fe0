import type { z } from 'zod';
import { memberStatusLabels, type memberExportRequest } from '@contract';
import type { AppDeps } from '../../deps';
import type { Caller } from '../../auth/caller';
import { requireAdmin } from '../../auth/admin';
import { kstDate, toKstIso } from '../../lib/time';
import { buildWorkbook, EXPORT_MAX_ROWS, loadExcelJs, type SheetColumn, type WorkbookExport } from '../../lib/xlsx';
import { recordAccess, type AccessActor } from '@server/modules/access-record';
import { maskKey } from './masking';
import * as members from '@server/modules/user';
import { roleNames } from '@server/modules/admin-role';
import { describeFilter } from './service';
import { withTransaction } from '@server/db/transaction';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

/**
 * `POST /api/admin/users/export-data`: the filtered member list as .xlsx, with the stated reason
 * recorded. What a member list on paper is for (counting members by role, status and sign-up
 * date, checking who holds which role) needs the ID, name, role, status and dates; it does not
 * need anybody's e-mail address or mobile number, so those are left out (PIPA: collect and hand
 * out no more than the purpose needs), and a sign-in key that is itself an address is masked.
 * Staff who must contact one member reveal that member's details on screen, which is recorded.
 */
export async function exportMembers(
  deps: Deps,
  caller: Caller,
  actor: () => AccessActor,
  input: z.output<typeof memberExportRequest>,
): Promise<WorkbookExport> {
  requireAdmin(caller);
  const { reason, ...filter } = input;
  // Loaded before the transaction, so that it is not held open while exceljs loads.
  await loadExcelJs();
  return withTransaction(deps.db, async (tx) => {
    // One after another: a transaction is one connection, which runs one query at a time.
    const rows = await members.exportQuery(tx, filter, EXPORT_MAX_ROWS);
    const roles = await roleNames(tx);
    const columns: SheetColumn<(typeof rows)[number]>[] = [
      { header: '회원번호', width: 10, value: (r) => r.id },
      { header: '아이디', width: 24, value: (r) => maskKey(r.userKeyCode, r) },
      { header: '이름', width: 12, value: (r) => r.name },
      { header: '권한', width: 14, value: (r) => roles.get(r.roleCode)?.name ?? r.roleCode },
      { header: '상태', width: 8, value: (r) => memberStatusLabels[r.status] },
      { header: '가입일', width: 24, value: (r) => toKstIso(r.createdAt) },
      { header: '탈퇴일', width: 24, value: (r) => (r.retiredAt ? toKstIso(r.retiredAt) : '') },
    ];
    const data = await buildWorkbook({ name: '회원 목록', columns, rows });
    const now = deps.clock.now();
    await recordAccess(tx, actor(), now, {
      action: 'MEMBER_EXPORT',
      subjectType: 'member',
      subject: describeFilter(filter),
      detail: { filter, columns: columns.map((c) => c.header) },
      reason,
      rowCount: rows.length,
    });
    return { fileName: `회원목록_${kstDate(now)}.xlsx`, data, rowCount: rows.length };
  });
}
