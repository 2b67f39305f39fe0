import { useId, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { fixedScreens, paths } from '@contract';
import {
  searchGroupLabels, searchGroups, searchPeriodLabels, searchPeriods, searchSortLabels, searchSorts,
  type SearchGroup, type SearchPeriod, type SearchSort,
} from '@contract/search-values';
import type { SearchResult, SearchTextPart } from '@contract/search';
import { useDocumentTitle } from '../../lib/use-document-title';
import { EmptyState } from '../../ui/EmptyState';
import { LoadingStatus } from '../../ui/LoadingStatus';
import { Pagination } from '../../ui/Pagination';
import { usePopularSearches, useSearch, type SearchParams } from './api/search';
import './search.css';

const oneOf = <T extends string>(list: readonly T[], value: string | null, fallback: T): T =>
  list.includes(value as T) ? (value as T) : fallback;

/** The search as the address says it (/search?keyword=&group=&sort=&period=&page=), so every state can be linked and shared. */
export function parseSearchParams(params: URLSearchParams): SearchParams {
  const group = params.get('group');
  const page = Number(params.get('page'));
  return {
    keyword: (params.get('keyword') ?? '').trim(),
    ...(searchGroups.includes(group as SearchGroup) ? { group: group as SearchGroup } : {}),
    sort: oneOf(searchSorts, params.get('sort'), 'relevance'),
    period: oneOf(searchPeriods, params.get('period'), 'all'),
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

export function searchHref(p: Partial<SearchParams> & { keyword: string }): string {
  const q = new URLSearchParams({ keyword: p.keyword });
  if (p.group) q.set('group', p.group);
  if (p.sort && p.sort !== 'relevance') q.set('sort', p.sort);
  if (p.period && p.period !== 'all') q.set('period', p.period);
  if (p.page && p.page > 1) q.set('page', String(p.page));
  return `${paths.search}?${q.toString()}`;
}

/** A title or snippet: text, the matched words in <mark>. The parts are text, never HTML. */
function Marked({ parts }: { parts: SearchTextPart[] }) {
  return <>{parts.map((part, i) => (part.mark ? <mark key={i}>{part.text}</mark> : <span key={i}>{part.text}</span>))}</>;
}

function ResultItem({ result }: { result: SearchResult }) {
  return (
    <li className="search-result">
      <p className="search-result__meta">
        <span className="search-result__source">{result.source}</span>
        <span className="search-result__date">{result.date.slice(0, 10).replaceAll('-', '.')}</span>
      </p>
      <h3 className="search-result__title">
        <Link to={result.path}>
          <Marked parts={result.title} />
        </Link>
      </h3>
      {result.snippet.length > 0 && (
        <p className="search-result__snippet">
          <Marked parts={result.snippet} />
        </p>
      )}
    </li>
  );
}

function SearchForm({ params }: { params: SearchParams }) {
  const id = useId();
  const navigate = useNavigate();
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const keyword = String(new FormData(e.currentTarget).get('keyword') ?? '').trim();
    if (keyword) void navigate(searchHref({ ...params, keyword, page: 1 }));
  };
  return (
    <form className="search-form" role="search" aria-label="통합검색" onSubmit={submit}>
      <label htmlFor={`${id}-keyword`} className="visually-hidden">
        검색어
      </label>
      <input
        id={`${id}-keyword`}
        key={params.keyword}
        name="keyword"
        type="search"
        className="search-form__keyword"
        defaultValue={params.keyword}
        maxLength={100}
        placeholder="검색어를 입력하세요"
        required
      />
      <button type="submit" className="button button--primary">
        검색
      </button>
    </form>
  );
}

function PopularSearches() {
  const popular = usePopularSearches();
  const terms = popular.data?.terms ?? [];
  if (terms.length === 0) return null;
  return (
    <section className="search-popular" aria-labelledby="search-popular-title">
      <h2 id="search-popular-title" className="search-popular__title">
        인기 검색어 <span className="search-popular__period">최근 7일</span>
      </h2>
      <ol className="search-popular__list">
        {terms.map((term, i) => (
          <li key={term}>
            <Link to={searchHref({ keyword: term })}>
              <span className="search-popular__rank">{i + 1}</span> {term}
            </Link>
          </li>
        ))}
      </ol>
    </section>
  );
}

function Options({ params }: { params: SearchParams }) {
  const navigate = useNavigate();
  const id = useId();
  return (
    <div className="search-options">
      <label htmlFor={`${id}-sort`}>정렬</label>
      <select
        id={`${id}-sort`}
        value={params.sort}
        onChange={(e) => void navigate(searchHref({ ...params, sort: e.target.value as SearchSort, page: 1 }))}
      >
        {searchSorts.map((s) => (
          <option key={s} value={s}>
            {searchSortLabels[s]}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-period`}>기간</label>
      <select
        id={`${id}-period`}
        value={params.period}
        onChange={(e) => void navigate(searchHref({ ...params, period: e.target.value as SearchPeriod, page: 1 }))}
      >
        {searchPeriods.map((p) => (
          <option key={p} value={p}>
            {searchPeriodLabels[p]}
          </option>
        ))}
      </select>
    </div>
  );
}

/** `/search`: the site-wide search (issue 23): a tab per group with its count, results with the matched words marked. */
export function Component() {
  useDocumentTitle(fixedScreens.search.title);
  const [searchParams] = useSearchParams();
  const params = parseSearchParams(searchParams);
  const result = useSearch(params);
  const answer = result.data;
  const total = answer?.counts.reduce((n, c) => n + c.total, 0) ?? 0;
  const countText = (n: number, capped: boolean) => `${n.toLocaleString('ko-KR')}${capped ? '+' : ''}`;

  return (
    <div className="container page search-page">
      <h1 className="page__title">{fixedScreens.search.title}</h1>
      <SearchForm params={params} />
      <PopularSearches />
      {params.keyword === '' ? (
        <EmptyState title="찾으실 검색어를 입력해주세요." />
      ) : result.isPending ? (
        <LoadingStatus label="검색 중입니다…" />
      ) : result.isError || !answer ? (
        <p className="search-error" role="alert">
          {result.error?.message ?? '검색하지 못했습니다.'} 잠시 후 다시 시도해주세요.
        </p>
      ) : (
        <>
          <p className="search-summary" role="status">
            <strong>‘{answer.keyword}’</strong> 검색 결과 {countText(total, answer.counts.some((c) => c.capped))}건
          </p>
          <nav className="search-tabs" aria-label="검색 결과 분류">
            <ul>
              <li>
                <Link to={searchHref({ ...params, group: undefined, page: 1 })} aria-current={params.group ? undefined : 'page'}>
                  통합 <span className="search-tabs__count">{countText(total, answer.counts.some((c) => c.capped))}</span>
                </Link>
              </li>
              {answer.counts.map((c) => (
                <li key={c.group}>
                  <Link to={searchHref({ ...params, group: c.group, page: 1 })} aria-current={params.group === c.group ? 'page' : undefined}>
                    {searchGroupLabels[c.group]} <span className="search-tabs__count">{countText(c.total, c.capped)}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <Options params={params} />
          {answer.results.length === 0 ? (
            <EmptyState title="검색 결과가 없습니다.">
              <p>검색어의 철자를 확인하거나, 다른 검색어나 더 짧은 낱말로 찾아보세요.</p>
            </EmptyState>
          ) : params.group ? (
            <>
              <ol className="search-results" aria-busy={result.isFetching}>
                {answer.results.map((r) => (
                  <ResultItem key={r.path} result={r} />
                ))}
              </ol>
              <Pagination page={answer.page} totalPages={answer.totalPages} pageTo={(page) => searchHref({ ...params, page })} />
            </>
          ) : (
            searchGroups.map((group) => {
              const inGroup = answer.results.filter((r) => r.group === group);
              const count = answer.counts.find((c) => c.group === group)!;
              if (inGroup.length === 0) return null;
              return (
                <section key={group} className="search-group" aria-labelledby={`search-group-${group}`}>
                  <h2 id={`search-group-${group}`} className="search-group__title">
                    {searchGroupLabels[group]} <span className="search-tabs__count">{countText(count.total, count.capped)}건</span>
                  </h2>
                  <ol className="search-results">
                    {inGroup.map((r) => (
                      <ResultItem key={r.path} result={r} />
                    ))}
                  </ol>
                  {count.total > inGroup.length && (
                    <Link className="search-group__more" to={searchHref({ ...params, group, page: 1 })}>
                      {searchGroupLabels[group]} 결과 더보기
                    </Link>
                  )}
                </section>
              );
            })
          )}
        </>
      )}
    </div>
  );
}
