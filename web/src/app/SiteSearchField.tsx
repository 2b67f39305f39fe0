import { useId, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@contract/paths';

/**
 * The site-wide search field (issue 23): in the header on a desktop, inside the full menu on a
 * tablet or phone (MainNav). Opens `/search?keyword=…`; the search screen is a lazy chunk, this
 * form is all the header carries.
 */
export function SiteSearchField({ className }: { className: string }) {
  const id = useId();
  const navigate = useNavigate();
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
      <input id={`${id}-keyword`} name="keyword" type="search" className="site-search__input" placeholder="통합검색" maxLength={100} required />
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
