import type { z } from 'zod';
import { memberStatusLabels, type memberExportRequest } from '../../../contract';
import type { AppDeps } from '../../deps';
import type { Caller } from '../../auth/caller';
import { requireAdmin } from '../../auth/admin';
import type { Db } from '../../db/client';
import { kstDate, toKstIso } from '../../lib/time';
import { recordAccess, type AccessActor } from '../access-record/record';
import { EXPORT_MAX_ROWS, escapeCell } from '../export/service';
import { maskKey } from './masking';
import * as repo from './repo';
import { describeFilter } from './service';

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
): Promise<{ fileName: string; data: Buffer; rowCount: number }> {
  requireAdmin(caller);
  const { reason, ...filter } = input;
  // Loaded on first export, as the board export does (docs/performance.md).
  const { default: ExcelJS } = await import('exceljs');
  return deps.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [rows, roles] = await Promise.all([repo.exportQuery(tx, filter, EXPORT_MAX_ROWS), repo.roleNames(tx)]);
    const workbook = new ExcelJS.Workbook();
    workbook.creator = '인체이식형 의료기기 환자등록사업';
    const sheet = workbook.addWorksheet('회원 목록');
    sheet.columns = [
      { header: '회원번호', key: 'id', width: 10 },
      { header: '아이디', key: 'userKeyCode', width: 24 },
      { header: '이름', key: 'name', width: 12 },
      { header: '권한', key: 'role', width: 14 },
      { header: '상태', key: 'status', width: 8 },
      { header: '가입일', key: 'createdDate', width: 24 },
      { header: '탈퇴일', key: 'retiredDate', width: 24 },
    ];
    sheet.getRow(1).font = { bold: true };
    for (const r of rows) {
      sheet.addRow({
        id: r.id,
        userKeyCode: escapeCell(maskKey(r.userKeyCode, r)),
        name: escapeCell(r.name),
        role: escapeCell(roles.get(r.roleCode)?.name ?? r.roleCode),
        status: memberStatusLabels[r.status],
        createdDate: toKstIso(r.createdAt),
        retiredDate: r.retiredAt ? toKstIso(r.retiredAt) : '',
      });
    }
    const data = Buffer.from(await workbook.xlsx.writeBuffer());
    const now = deps.clock.now();
    await recordAccess(tx, actor(), now, {
      action: 'MEMBER_EXPORT',
      subjectType: 'member',
      subject: describeFilter(filter),
      detail: { filter, columns: sheet.columns.map((c) => c.header) },
      reason,
      rowCount: rows.length,
    });
    return { fileName: `회원목록_${kstDate(now)}.xlsx`, data, rowCount: rows.length };
  });
}
