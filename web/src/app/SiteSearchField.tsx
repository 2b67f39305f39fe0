import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { paths } from '@contract/paths';
import type { PopularSearchList } from '@contract/search';
import { endpointRoutes } from '@contract/endpoint-routes';
import { apiCall, endpoint } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/**
 * The site-wide search field (issue 23): in the header on a desktop, inside the full menu on a
 * tablet or phone (MainNav). Opens `/search?keyword=…`; the search screen is a lazy chunk, this
 * form is all the header carries. The last 7 days' popular terms drop down under the field as
 * the browser's own suggestions (a datalist), asked for only once the field is focused: a page
 * load costs no request for them, and the search screen shares the answer (same query key).
 */
export function SiteSearchField({ className }: { className: string }) {
  const id = useId();
  const navigate = useNavigate();
  const [wanted, setWanted] = useState(false);
  const popular = useQuery({
    queryKey: queryKeys.search.popular,
    queryFn: () => apiCall<PopularSearchList>(endpoint(endpointRoutes.search.popular), { anonymous: true }),
    enabled: wanted,
    staleTime: 60_000,
  });
  const terms = popular.data?.terms ?? [];
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const keyword = String(new FormData(e.currentTarget).get('keyword') ?? '').trim();
    if (keyword) void navigate(`${paths.search}?${new URLSearchParams({ keyword }).toString()}`);
  };
  return (
    <form className={`site-search ${className}`} role="search" aria-label="통합검색" onSubmit={submit}>
      <label htmlFor={`${id}-keyword`} className="visually-hidden">
        통합검색 검색어
      </label>
      <input
        id={`${id}-keyword`}
        name="keyword"
        type="search"
        className="site-search__input"
        placeholder="통합검색"
        maxLength={100}
        required
        list={terms.length > 0 ? `${id}-popular` : undefined}
        onFocus={() => setWanted(true)}
      />
      {terms.length > 0 && (
        <datalist id={`${id}-popular`} data-testid="popular-search-terms">
          {terms.map((term) => (
            <option key={term} value={term} label="인기 검색어" />
          ))}
        </datalist>
      )}
      <button type="submit" className="site-search__button">
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          <circle cx="11" cy="11" r="6.5" />
          <path d="M16 16l4.5 4.5" />
        </svg>
        <span className="visually-hidden">검색</span>
      </button>
    </form>
  );
}
