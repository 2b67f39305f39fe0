import type { AlumniRecord } from '../../../../../../contract';

const dateOf = (iso: string) => iso.slice(0, 10);

/**
 * The address book's page as a table. It scrolls sideways inside its own region on narrow
 * screens (768 px), so the page itself never does; the region is focusable for keyboard users.
 */
export function AlumniTable({ rows, onEdit, onDelete }: {
  rows: AlumniRecord[];
  onEdit: (record: AlumniRecord, opener: HTMLElement) => void;
  onDelete: (record: AlumniRecord, opener: HTMLElement) => void;
}) {
  return (
    <div className="admin-table-wrap" role="region" aria-labelledby="alumni-table-caption" tabIndex={0}>
      <table className="admin-table alumni-table">
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
              <td>{r.organization}</td>
              <td>{r.department}</td>
              <td>{r.position}</td>
              <td className="alumni-table__nowrap">{r.email}</td>
              <td className="alumni-table__nowrap">{r.phone}</td>
              <td className="alumni-table__nowrap">
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
