import { alumniFieldLabels, type AlumniImportPreview } from '@contract';

/** The first rows of the workbook as the server read them, under the headers it recognised. */
export function AlumniImportPreviewTable({ preview }: { preview: AlumniImportPreview }) {
  return (
    <>
      <div className="admin-table-wrap" role="region" aria-labelledby="alumni-preview-caption" tabIndex={0}>
        <table className="admin-table">
          <caption id="alumni-preview-caption">
            미리보기: 전체 {preview.totalRows.toLocaleString('ko-KR')}행 중 처음 {preview.rows.length}행
          </caption>
          <thead>
            <tr>
              <th scope="col">행</th>
              {preview.fields.map((f) => (
                <th scope="col" key={f}>
                  {alumniFieldLabels[f]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {preview.rows.map((r) => (
              <tr key={r.row}>
                <th scope="row">{r.row}</th>
                {preview.fields.map((f) => (
                  <td key={f}>{r.values[f]}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {preview.ignoredHeaders.length > 0 && (
        <p className="dialog__note">가져오지 않는 열: {preview.ignoredHeaders.join(', ')}</p>
      )}
    </>
  );
}
