import type { AlumniRecord } from '@contract';

const dateOf = (iso: string) => iso.slice(0, 10);

/**
 * The address book's page as a table. On tablets it scrolls sideways inside its own region (focusable
 * for keyboard users), so the page itself never does; on phones each row is a card (admin.css).
 */
export function AlumniTable({ rows, onEdit, onDelete }: {
  rows: AlumniRecord[];
  onEdit: (record: AlumniRecord, opener: HTMLElement) => void;
  onDelete: (record: AlumniRecord, opener: HTMLElement) => void;
}) {
  return (
    <div className="admin-table-wrap" role="region" aria-labelledby="alumni-table-caption" tabIndex={0}>
      <table className="admin-table admin-table--stack alumni-table">
        <caption id="alumni-table-caption" className="visually-hidden">
          주소록 목록
        </caption>
        <thead>
          <tr>
            <th scope="col">이름</th>
            <th scope="col">소속</th>
            <th scope="col">부서</th>
            <th scope="col">직위</th>
            <th scope="col">이메일</th>
            <th scope="col">연락처</th>
            <th scope="col">등록일</th>
            <th scope="col">관리</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id}>
              <th scope="row">{r.name}</th>
              <td className="alumni-table__words" data-label="소속">{r.organization}</td>
              <td className="alumni-table__words" data-label="부서">{r.department}</td>
              <td className="alumni-table__words" data-label="직위">{r.position}</td>
              <td className="alumni-table__email" data-label="이메일">
                {r.email}
              </td>
              <td className="alumni-table__nowrap" data-label="연락처">
                {r.phone}
              </td>
              <td className="alumni-table__nowrap" data-label="등록일">
                <time dateTime={r.createdDate}>{dateOf(r.createdDate)}</time>
              </td>
              <td className="alumni-table__actions">
                <button type="button" className="button button--small" aria-label={`${r.name} 수정`} onClick={(e) => onEdit(r, e.currentTarget)}>
                  수정
                </button>
                <button type="button" className="button button--small" aria-label={`${r.name} 삭제`} onClick={(e) => onDelete(r, e.currentTarget)}>
                  삭제
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
