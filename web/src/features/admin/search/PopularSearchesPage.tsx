import { useRef, useState } from 'react';
import { searchMessages } from '@contract';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { QueryState } from '../shared/SettingsQueryState';
import { failureText } from '../shared/contract-form';
import { useAdminPopularSearches, useHidePopularSearch } from './api';

/**
 * 인기 검색어 (issue 23, CONTENT_Manage): the terms most visitors searched in the last 7 days, with
 * how many, and a button to hide one from the public list (or show it again). Terms that look like
 * an e-mail address or a phone number never reach this list: they are not stored.
 */
export function Component() {
  useDocumentTitle('인기 검색어 관리');
  const query = useAdminPopularSearches();
  const hide = useHidePopularSearch();
  const [notice, setNotice] = useState<{ text: string; failed: boolean } | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  const toggle = (term: string, hidden: boolean) => {
    setNotice(null);
    hide.mutate(
      { term, hidden },
      {
        onSuccess: () => setNotice({ text: `‘${term}’: ${hidden ? searchMessages.hidden : searchMessages.shown}`, failed: false }),
        onError: (err) => setNotice({ text: failureText(err, '바꾸지 못했습니다.'), failed: true }),
      },
    );
  };

  return (
    <section className="admin-screen" aria-labelledby="popular-searches-title">
      <div className="admin-page__head">
        <h1 id="popular-searches-title" ref={heading} tabIndex={-1}>
          인기 검색어 관리
        </h1>
      </div>
      <p>최근 7일 동안 검색한 방문자 수가 많은 순서입니다. 숨긴 검색어는 검색은 되지만 인기 검색어에 보이지 않습니다. 반영까지 최대 1분이 걸립니다.</p>
      <div role="status" className={notice ? `form-message ${notice.failed ? 'form-message--error' : 'form-message--success'}` : undefined}>
        {notice && <p>{notice.text}</p>}
      </div>
      {!query.data ? (
        <QueryState query={query} label="인기 검색어 목록" />
      ) : query.data.terms.length === 0 ? (
        <p className="admin-empty">최근 7일 동안의 검색어가 없습니다.</p>
      ) : (
        <div className="admin-table-wrap" role="region" aria-label="인기 검색어 표" tabIndex={0}>
          <table className="admin-table admin-table--stack">
            <caption className="visually-hidden">최근 7일 검색어 ({query.data.terms.length}개)</caption>
            <thead>
              <tr>
                <th scope="col">검색어</th>
                <th scope="col">검색한 방문자</th>
                <th scope="col">상태</th>
                <th scope="col">관리</th>
              </tr>
            </thead>
            <tbody>
              {query.data.terms.map((t) => (
                <tr key={t.term}>
                  <th scope="row">{t.term}</th>
                  <td data-label="검색한 방문자">{t.searches.toLocaleString('ko-KR')}명</td>
                  <td data-label="상태">{t.hidden ? '숨김' : '보임'}</td>
                  <td data-label="관리">
                    <button type="button" className="button button--small" disabled={hide.isPending} onClick={() => toggle(t.term, !t.hidden)}>
                      {t.hidden ? '다시 보이기' : '숨기기'}
                      <span className="visually-hidden">: {t.term}</span>
                    </button>
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
