import type { AlumniImportReport } from '@contract';

/** The row-by-row report of an import: counts, then every refused row with its reason. */
export function AlumniImportReportView({ report }: { report: AlumniImportReport }) {
  return (
    <div className="alumni-report">
      <div role="status">
        <p className={report.applied ? 'alumni-report__lead' : 'alumni-report__lead alumni-report__lead--warn'}>
          {report.applied
            ? `가져오기를 마쳤습니다. 전체 ${report.totalRows.toLocaleString('ko-KR')}행을 확인했습니다.`
            : `오류가 있는 행이 있어 아무것도 반영하지 않았습니다. 오류를 고친 파일을 다시 올리거나 '올바른 행만 반영'으로 가져오세요.`}
        </p>
        <dl className="alumni-report__counts">
          <div>
            <dt>추가</dt>
            <dd>{report.added.toLocaleString('ko-KR')}건</dd>
          </div>
          <div>
            <dt>수정</dt>
            <dd>{report.updated.toLocaleString('ko-KR')}건</dd>
          </div>
          <div>
            <dt>변경 없음</dt>
            <dd>{report.unchanged.toLocaleString('ko-KR')}건</dd>
          </div>
          <div>
            <dt>오류</dt>
            <dd>{report.rejected.toLocaleString('ko-KR')}건</dd>
          </div>
        </dl>
      </div>
      {report.rejectedRows.length > 0 && (
        <div className="admin-table-wrap alumni-report__rows" role="region" aria-labelledby="alumni-report-caption" tabIndex={0}>
          <table className="admin-table">
            <caption id="alumni-report-caption">오류 행 {report.rejectedRows.length.toLocaleString('ko-KR')}개</caption>
            <thead>
              <tr>
                <th scope="col">행</th>
                <th scope="col">사유</th>
              </tr>
            </thead>
            <tbody>
              {report.rejectedRows.map((r) => (
                <tr key={r.row}>
                  <th scope="row">{r.row}</th>
                  <td>{r.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
