import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@contract/paths';
import { usePopularSearches } from '@web/features/search/api/search';

/**
 * The site-wide search field (issue 23): in the header on a desktop, inside the full menu on a
 * tablet or phone (MainNav). Opens `/search?keyword=…`; the search screen is a lazy chunk, this
 * form is all the header carries.
 *
 * While the field is empty and has the focus, the last 7 days' popular terms show under it: a
 * combobox with a list box (WAI-ARIA APG), so the terms are chosen with the arrow keys and Enter
 * (or a click) and never add Tab stops to the header. The field is a combobox from the start: a
 * role that changed once the terms arrived would leave screen readers with a stale name for it.
 * The terms are asked for on the first focus only, so no screen's first load calls the API for them.
 */
export function SiteSearchField({ className }: { className: string }) {
  const id = useId();
  const listId = `${id}-popular`;
  const navigate = useNavigate();
  const [asked, setAsked] = useState(false);
  const [focused, setFocused] = useState(false);
  const [empty, setEmpty] = useState(true);
  const [closed, setClosed] = useState(false);
  const [active, setActive] = useState(-1);
  const popular = usePopularSearches(asked);
  const terms = popular.data?.terms ?? [];
  const open = focused && empty && !closed && terms.length > 0;

  const search = (keyword: string) => {
    setClosed(true);
    setActive(-1);
    void navigate(`${paths.search}?${new URLSearchParams({ keyword }).toString()}`);
  };
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const keyword = String(new FormData(e.currentTarget).get('keyword') ?? '').trim();
    if (keyword) search(keyword);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (!empty || terms.length === 0) return;
      e.preventDefault();
      setClosed(false);
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (open ? (i + step + terms.length) % terms.length : step === 1 ? 0 : terms.length - 1));
    } else if (e.key === 'Enter' && open && active >= 0) {
      e.preventDefault();
      search(terms[active]!);
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      setClosed(true);
      setActive(-1);
    }
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
        role="combobox"
        aria-autocomplete="none"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
        className="site-search__input"
        placeholder="통합검색"
        maxLength={100}
        required
        autoComplete="off"
        onFocus={() => {
          setAsked(true);
          setFocused(true);
          setClosed(false);
        }}
        onBlur={() => {
          setFocused(false);
          setActive(-1);
        }}
        onInput={(e) => {
          setEmpty(e.currentTarget.value === '');
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
      />
      <ul id={listId} role="listbox" aria-label="인기 검색어 (최근 7일)" className="site-search__popular" hidden={!open}>
        {terms.map((term, i) => (
          <li
            key={term}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            className="site-search__term"
            // The field keeps the focus: a press on a term must not blur it before the click lands.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => search(term)}
          >
            <span className="site-search__rank" aria-hidden="true">
              {i + 1}
            </span>
            {term}
          </li>
        ))}
      </ul>
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
