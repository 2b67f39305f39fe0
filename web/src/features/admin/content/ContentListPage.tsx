import { Link } from 'react-router';
import { adminPaths } from '@contract';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { QueryState } from '../shared/SettingsQueryState';
import { useContentPages } from './api';
import { formatKoreaDateTime, versionStatusLabels } from './publish';
import './content.css';

/** 콘텐츠 (issue 22): the eight pages of the site's own words, with their current, newest and scheduled versions. */
export function Component() {
  useDocumentTitle('콘텐츠 관리');
  const query = useContentPages();
  return (
    <section className="admin-screen" aria-labelledby="contents-title">
      <h1 id="contents-title">콘텐츠 관리</h1>
      <p className="admin-note">기관소개·환자등록시스템 안내 화면과 약관·개인정보처리방침의 내용입니다. 저장할 때마다 새 버전이 되고, 버전 기록에서 비교·미리보기·복원할 수 있습니다.</p>
      {!query.data ? (
        <QueryState query={query} label="콘텐츠 목록" />
      ) : (
        <div className="admin-table-wrap" role="region" aria-label="콘텐츠 목록 표" tabIndex={0}>
          <table className="admin-table admin-table--stack">
            <caption className="visually-hidden">콘텐츠 목록 ({query.data.content.length}개)</caption>
            <thead>
              <tr>
                <th scope="col">페이지</th>
                <th scope="col">현재 게시 버전</th>
                <th scope="col">최신 버전</th>
                <th scope="col">예약</th>
                <th scope="col">관리</th>
              </tr>
            </thead>
            <tbody>
              {query.data.content.map((page) => (
                <tr key={page.code}>
                  <th scope="row">
                    <Link to={adminPaths.content(page.code)}>
                      {page.title}
                      <span className="visually-hidden"> 수정</span>
                    </Link>
                  </th>
                  <td data-label="현재 게시 버전">
                    {page.current ? (
                      <>
                        버전 {page.current.version}
                        <br />
                        <span className="content-muted">{formatKoreaDateTime(page.current.effectiveFrom)}부터</span>
                      </>
                    ) : (
                      '없음'
                    )}
                  </td>
                  <td data-label="최신 버전">
                    {page.latest ? (
                      <>
                        버전 {page.latest.version} <span className={`content-status content-status--${page.latest.status}`}>{versionStatusLabels[page.latest.status]}</span>
                        <br />
                        <span className="content-muted">
                          {formatKoreaDateTime(page.latest.createdAt)} {page.latest.createdByName}
                        </span>
                      </>
                    ) : (
                      '없음'
                    )}
                  </td>
                  <td data-label="예약">
                    {page.scheduled ? `버전 ${page.scheduled.version}: ${formatKoreaDateTime(page.scheduled.effectiveFrom)} 게시 예정` : '없음'}
                  </td>
                  <td data-label="관리">
                    <ul className="content-links">
                      <li>
                        <Link to={adminPaths.contentVersions(page.code)}>
                          버전 기록<span className="visually-hidden">: {page.title}</span>
                        </Link>
                      </li>
                      <li>
                        <Link to={page.path} target="_blank" rel="noopener">
                          공개 화면<span className="visually-hidden">: {page.title} (새 창)</span>
                        </Link>
                      </li>
                    </ul>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
